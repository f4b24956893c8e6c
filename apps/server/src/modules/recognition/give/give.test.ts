import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, linkParent, sessionFor } from '../../../test/factories.js';
import { buildCategory, builtinCategories, countRecognitions, mailJobs, setCategoryEnabled, setSchool } from './test-factories.js';

let t: TestApp;
let high5: { id: string; nameEn: string; nameEs: string }[];
let vibe: { id: string; nameEn: string; nameEs: string }[];
beforeAll(async () => {
  t = await buildTestApp();
  high5 = await builtinCategories(t.app, 'high5');
  vibe = await builtinCategories(t.app, 'vibe');
});
afterAll(() => t.close());

async function school(options: { dailyGiveLimit?: number } = {}) {
  const s = await buildSchool(t.app, options);
  const other = await buildSchool(t.app);
  const teacher = await buildUser(t.app, { schoolId: s.id, role: 'teacher', firstName: 'Tina', lastName: 'Teach' });
  const teacher2 = await buildUser(t.app, { schoolId: s.id, role: 'teacher', firstName: 'Tom', lastName: 'Other', language: 'es' });
  const staff = await buildUser(t.app, { schoolId: s.id, role: 'staff' });
  const student = await buildUser(t.app, { schoolId: s.id, role: 'student', firstName: 'Ana', lastName: 'Pupil' });
  const student2 = await buildUser(t.app, { schoolId: s.id, role: 'student', firstName: 'Bea', lastName: 'Pupil' });
  const parent = await buildUser(t.app, { schoolId: s.id, role: 'parent', firstName: 'Paula', lastName: 'Parent' });
  const parent2 = await buildUser(t.app, { schoolId: s.id, role: 'parent', firstName: 'Pedro', lastName: 'Padre', language: 'es' });
  await linkParent(t.app, parent.id, student.id);
  await linkParent(t.app, parent2.id, student.id);
  const otherTeacher = await buildUser(t.app, { schoolId: other.id, role: 'teacher' });
  return { s, other, teacher, teacher2, staff, student, student2, parent, parent2, otherTeacher };
}

const giveAs = async (userId: string, body: Record<string, unknown>, schoolId?: string) =>
  t.call('POST', '/v1/recognitions', { cookie: await sessionFor(t.app, userId, schoolId ?? null), body });

const aHigh5 = (recipientId: string, extra: Record<string, unknown> = {}) => ({
  kind: 'high5',
  recipientId,
  categoryIds: [high5[0]!.id],
  comment: 'Great work!',
  ...extra,
});
const aVibe = (recipientId: string, extra: Record<string, unknown> = {}) => ({ kind: 'vibe', recipientId, categoryIds: [vibe[0]!.id], comment: '', ...extra });

describe('give', () => {
  it('when signed out, it answers 401 and stores nothing', async () => {
    const { student } = await school();
    const res = await t.call('POST', '/v1/recognitions', { body: aHigh5(student.id) });
    expect(res.status).toBe(401);
  });

  it('when a super admin gives, it answers 403', async () => {
    const { student } = await school();
    const admin = await buildUser(t.app, { isSuperAdmin: true });
    expect((await giveAs(admin.id, aHigh5(student.id))).status).toBe(403);
  });

  it('when no category is chosen, the comment is too long, or the body is malformed, it answers 400', async () => {
    const { teacher, student } = await school();
    const none = await giveAs(teacher.id, aHigh5(student.id, { categoryIds: [] }));
    expect(none.status).toBe(400);
    expect(none.json.issues).toContainEqual({ path: 'body.categoryIds', code: 'SELECT_ONE_CATEGORY' });
    expect((await giveAs(teacher.id, aHigh5(student.id, { comment: 'x'.repeat(501) }))).status).toBe(400);
    expect((await giveAs(teacher.id, aHigh5(student.id, { comment: 'x'.repeat(500) }))).status).toBe(200);
    expect((await giveAs(teacher.id, aHigh5('not-a-uuid'))).status).toBe(400);
    expect((await giveAs(teacher.id, aHigh5(student.id, { kind: 'badge' }))).status).toBe(400);
    expect(await countRecognitions(t.app, teacher.id)).toBe(1);
  });

  it('when a teacher gives a High 5, it is stored with its categories and the comment as text, and the remaining count comes back', async () => {
    const { s, teacher, student } = await school();
    t.clock.set('2026-10-15T16:00:00Z');
    const comment = '<script>alert(1)</script> Well done';
    const res = await giveAs(teacher.id, aHigh5(student.id, { categoryIds: [high5[0]!.id, high5[2]!.id, high5[0]!.id], comment: `  ${comment} ` }));
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({ id: expect.any(Number), dailyLimit: 20, remainingToday: 19 });
    const row = await t.app.services.db.selectFrom('recognitions').selectAll().where('id', '=', res.json.ResponseData.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'high5',
      schoolId: s.id,
      giverId: teacher.id,
      giverRole: 'teacher',
      receiverId: student.id,
      receiverRole: 'student',
      comment,
      schoolDate: '2026-10-15',
    });
    const cats = await t.app.services.db.selectFrom('recognitionCategories').select('categoryId').where('recognitionId', '=', row.id).execute();
    expect(cats.map((c) => c.categoryId).sort()).toEqual([high5[0]!.id, high5[2]!.id].sort());
  });

  it("when a category is of the other kind, another school's, switched off or unknown, it answers CATEGORY_NOT_ALLOWED and stores nothing", async () => {
    const { s, other, teacher, student } = await school();
    const foreign = await buildCategory(t.app, { schoolId: other.id, kind: 'high5' });
    const off = await buildCategory(t.app, { schoolId: s.id, kind: 'high5' });
    await setCategoryEnabled(t.app, s.id, off.id, false);
    await setCategoryEnabled(t.app, s.id, high5[5]!.id, false);
    for (const ids of [[vibe[0]!.id], [high5[0]!.id, foreign.id], [off.id], [high5[5]!.id], ['00000000-0000-4000-8000-000000000000']]) {
      const res = await giveAs(teacher.id, aHigh5(student.id, { categoryIds: ids }));
      expect(res.status).toBe(400);
      expect(res.json.ErrorCode).toBe('CATEGORY_NOT_ALLOWED');
    }
    expect(await countRecognitions(t.app, teacher.id)).toBe(0);
    const own = await buildCategory(t.app, { schoolId: s.id, kind: 'high5' });
    expect((await giveAs(teacher.id, aHigh5(student.id, { categoryIds: [own.id] }))).status).toBe(200);
  });

  it("when the recipient is another school's member or unknown, it answers VIBES_SUBMITTED_NOT_PART_OF_HIGH5 (404) for both kinds", async () => {
    const { teacher, otherTeacher } = await school();
    for (const body of [aVibe(otherTeacher.id), aHigh5(otherTeacher.id), aVibe('00000000-0000-4000-8000-000000000000')]) {
      const res = await giveAs(teacher.id, body);
      expect(res.status).toBe(404);
      expect(res.json.ErrorCode).toBe('VIBES_SUBMITTED_NOT_PART_OF_HIGH5');
    }
    expect(await countRecognitions(t.app, teacher.id)).toBe(0);
  });

  it('when a teacher at two schools gives, the recipient must be in the current school', async () => {
    const { s, other, teacher, otherTeacher } = await school();
    await t.app.services.db.insertInto('schoolMemberships').values({ userId: teacher.id, schoolId: other.id, role: 'teacher' }).execute();
    expect((await giveAs(teacher.id, aHigh5(otherTeacher.id), s.id)).status).toBe(404);
    const res = await giveAs(teacher.id, aHigh5(otherTeacher.id), other.id);
    expect(res.status).toBe(200);
    const row = await t.app.services.db.selectFrom('recognitions').select('schoolId').where('id', '=', res.json.ResponseData.id).executeTakeFirstOrThrow();
    expect(row.schoolId).toBe(other.id);
  });

  it('when a parent gives, only their own children among students; teachers, staff and parents freely', async () => {
    const { parent, student, student2, teacher, staff, parent2 } = await school();
    const refused = await giveAs(parent.id, aHigh5(student2.id));
    expect(refused.status).toBe(403);
    expect(refused.json.ErrorCode).toBe('RECIPIENT_NOT_ALLOWED');
    for (const id of [student.id, teacher.id, staff.id, parent2.id, parent.id]) expect((await giveAs(parent.id, aVibe(id))).status).toBe(200);
  });

  it('when a parent has no child in the school, they cannot give there', async () => {
    const { s, teacher } = await school();
    const lonely = await buildUser(t.app, { schoolId: s.id, role: 'parent' });
    expect((await giveAs(lonely.id, aHigh5(teacher.id))).status).toBe(403);
  });

  it('when a student gives to a student, a comment is refused (COMMENT_NOT_ALLOWED); without one it is stored; to a teacher a comment is fine', async () => {
    const { student, student2, teacher } = await school();
    const refused = await giveAs(student.id, aHigh5(student2.id, { comment: 'hi' }));
    expect(refused.status).toBe(400);
    expect(refused.json.ErrorCode).toBe('COMMENT_NOT_ALLOWED');
    expect(await countRecognitions(t.app, student.id)).toBe(0);
    expect((await giveAs(student.id, aHigh5(student2.id, { comment: '  ' }))).status).toBe(200);
    expect((await giveAs(student.id, aHigh5(teacher.id, { comment: 'Thanks!' }))).status).toBe(200);
    expect((await giveAs(student.id, aHigh5(student.id))).status).toBe(400);
    expect((await giveAs(student.id, aHigh5(student.id, { comment: '' }))).status).toBe(200);
  });

  it('when a student gives to a parent, only to their own', async () => {
    const { student, student2, parent } = await school();
    expect((await giveAs(student.id, aVibe(parent.id))).status).toBe(200);
    const res = await giveAs(student2.id, aVibe(parent.id));
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('RECIPIENT_NOT_ALLOWED');
  });

  it('when a teacher is pending approval, they cannot give to anyone until approved (decision 0151)', async () => {
    const { s, student, staff } = await school();
    const pending = await buildUser(t.app, { schoolId: s.id, role: 'teacher', status: 'pending' });
    for (const to of [student.id, staff.id]) {
      const res = await giveAs(pending.id, aHigh5(to));
      expect(res.status).toBe(403);
      expect(res.json.ErrorCode).toBe('ACCOUNT_PENDING_APPROVAL');
    }
    // And a pending member is not yet part of High5 as a recipient.
    expect((await giveAs(staff.id, aHigh5(pending.id))).json.ErrorCode).toBe('VIBES_SUBMITTED_NOT_PART_OF_HIGH5');
  });
});

describe('daily limit', () => {
  it('counts each kind per giver per school day: over the limit it answers DAILY_LIMIT_REACHED (429) and stores nothing', async () => {
    const { teacher, student, student2 } = await school({ dailyGiveLimit: 3 });
    t.clock.set('2026-10-15T16:00:00Z'); // 09:00 in Los Angeles
    const remaining = [];
    for (let i = 0; i < 3; i++) remaining.push((await giveAs(teacher.id, aHigh5(i % 2 ? student.id : student2.id))).json.ResponseData.remainingToday);
    expect(remaining).toEqual([2, 1, 0]);
    const over = await giveAs(teacher.id, aHigh5(student.id));
    expect(over.status).toBe(429);
    // Until midnight in Los Angeles (07:00 UTC on the 16th): 15 hours, said in Retry-After too.
    expect(over.json).toMatchObject({ ErrorCode: 'DAILY_LIMIT_REACHED', ResponseData: { dailyLimit: 3, remainingToday: 0, retryAfterSeconds: 15 * 3600 } });
    expect(over.headers['retry-after']).toBe(String(15 * 3600));
    expect(await countRecognitions(t.app, teacher.id)).toBe(3);
    // Vibes have their own count.
    expect((await giveAs(teacher.id, aVibe(student.id))).json.ResponseData.remainingToday).toBe(2);
    // 23:30 in Los Angeles is still the same school day, although it is the 16th in UTC.
    t.clock.set('2026-10-16T06:30:00Z');
    expect((await giveAs(teacher.id, aHigh5(student.id))).status).toBe(429);
    // Just after midnight in Los Angeles: a new school day.
    t.clock.set('2026-10-16T07:05:00Z');
    const next = await giveAs(teacher.id, aHigh5(student.id));
    expect(next.status).toBe(200);
    expect(next.json.ResponseData.remainingToday).toBe(2);
    t.clock.set('2026-10-15T16:00:00Z');
  });

  it("uses the school's own time zone for the school day", async () => {
    const { s, teacher, student } = await school({ dailyGiveLimit: 1 });
    await setSchool(t.app, s.id, { timeZone: 'Asia/Tokyo' });
    t.clock.set('2026-10-15T14:30:00Z'); // 23:30 in Tokyo
    expect((await giveAs(teacher.id, aHigh5(student.id))).status).toBe(200);
    t.clock.set('2026-10-15T15:10:00Z'); // 00:10 on the 16th in Tokyo
    const res = await giveAs(teacher.id, aHigh5(student.id));
    expect(res.status).toBe(200);
    const dates = await t.app.services.db.selectFrom('recognitions').select('schoolDate').where('giverId', '=', teacher.id).orderBy('id').execute();
    expect(dates.map((d) => d.schoolDate)).toEqual(['2026-10-15', '2026-10-16']);
    t.clock.set('2026-10-15T16:00:00Z');
  });

  it('when one user sends 50 gives at once with a limit of 5, exactly 5 are stored', async () => {
    const { teacher, student } = await school({ dailyGiveLimit: 5 });
    const cookie = await sessionFor(t.app, teacher.id);
    const results = await Promise.all(Array.from({ length: 50 }, () => t.call('POST', '/v1/recognitions', { cookie, body: aHigh5(student.id) })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    expect(await countRecognitions(t.app, teacher.id)).toBe(5);
    expect(
      results
        .filter((r) => r.status === 200)
        .map((r) => r.json.ResponseData.remainingToday)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('allowance and give options', () => {
  it('when signed out or the query is bad, they answer 401 and 400', async () => {
    const { teacher } = await school();
    expect((await t.call('GET', '/v1/recognition/allowance')).status).toBe(401);
    expect((await t.call('GET', `/v1/recognition/give-options?kind=high5&recipientId=${teacher.id}`)).status).toBe(401);
    const cookie = await sessionFor(t.app, teacher.id);
    expect((await t.call('GET', '/v1/recognition/give-options?kind=high5&recipientId=nope', { cookie })).status).toBe(400);
  });

  it('answers what the dialog needs: categories, whether a comment is allowed, the remaining count', async () => {
    const { student, student2, teacher } = await school({ dailyGiveLimit: 4 });
    await giveAs(student.id, aHigh5(teacher.id));
    const cookie = await sessionFor(t.app, student.id);
    const toStudent = await t.call('GET', `/v1/recognition/give-options?kind=high5&recipientId=${student2.id}&language=es`, { cookie });
    expect(toStudent.status).toBe(200);
    expect(toStudent.json.ResponseData).toMatchObject({
      recipient: { id: student2.id, name: 'Bea Pupil', role: 'student' },
      commentAllowed: false,
      dailyLimit: 4,
      remainingToday: 3,
    });
    expect(toStudent.json.ResponseData.categories[0]).toEqual({ id: high5[0]!.id, key: 'kindness', name: high5[0]!.nameEs });
    const toTeacher = await t.call('GET', `/v1/recognition/give-options?kind=vibe&recipientId=${teacher.id}`, { cookie });
    expect(toTeacher.json.ResponseData).toMatchObject({ commentAllowed: true, remainingToday: 4 });
    const allowance = await t.call('GET', '/v1/recognition/allowance', { cookie });
    expect(allowance.json.ResponseData).toEqual({ dailyLimit: 4, high5Remaining: 3, vibeRemaining: 4 });
  });

  it("refuses another school's member and a parent's non-child, like the give", async () => {
    const { parent, student2, otherTeacher } = await school();
    const cookie = await sessionFor(t.app, parent.id);
    const a = await t.call('GET', `/v1/recognition/give-options?kind=vibe&recipientId=${otherTeacher.id}`, { cookie });
    expect([a.status, a.json.ErrorCode]).toEqual([404, 'VIBES_SUBMITTED_NOT_PART_OF_HIGH5']);
    const b = await t.call('GET', `/v1/recognition/give-options?kind=high5&recipientId=${student2.id}`, { cookie });
    expect([b.status, b.json.ErrorCode]).toEqual([403, 'RECIPIENT_NOT_ALLOWED']);
  });
});

describe('notification e-mail', () => {
  it("when the school's notification e-mail is off, nothing is queued", async () => {
    const { teacher, teacher2 } = await school();
    const before = (await mailJobs(t.app)).length;
    expect((await giveAs(teacher.id, aHigh5(teacher2.id))).status).toBe(200);
    expect(await mailJobs(t.app)).toHaveLength(before);
  });

  it('when it is on, an adult receiver gets a short e-mail in their own language, queued with the give', async () => {
    const { s, teacher, teacher2 } = await school();
    await setSchool(t.app, s.id, { high5NotifyEmail: true });
    const before = (await mailJobs(t.app)).length;
    expect((await giveAs(teacher.id, aHigh5(teacher2.id, { categoryIds: [high5[0]!.id, high5[1]!.id] }))).status).toBe(200);
    const jobs = (await mailJobs(t.app)).slice(before);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.to).toBe(teacher2.email);
    // The giver chose their name: it is in the body, never the subject.
    expect(jobs[0]!.subject).toBe('Recibiste un High 5');
    expect(jobs[0]!.text).toContain('Tina Teach');
    expect(jobs[0]!.text).toContain(`${high5[0]!.nameEs}, ${high5[1]!.nameEs}`);
    expect(jobs[0]!.text).not.toContain('Great work!');
  });

  it('when a student receives, their linked parents are told instead, each in their own language', async () => {
    const { s, teacher, student, parent, parent2 } = await school();
    await setSchool(t.app, s.id, { high5NotifyEmail: true });
    const before = (await mailJobs(t.app)).length;
    expect((await giveAs(teacher.id, aVibe(student.id))).status).toBe(200);
    const jobs = (await mailJobs(t.app)).slice(before);
    expect(jobs.map((j) => j.to).sort()).toEqual([parent.email, parent2.email].sort());
    const toPedro = jobs.find((j) => j.to === parent2.email)!;
    expect(toPedro.text).toContain('Ana Pupil');
    expect(toPedro.text).toContain(vibe[0]!.nameEs);
    expect(jobs.find((j) => j.to === parent.email)!.text).toContain(vibe[0]!.nameEn);
  });

  it('when a give fails, no e-mail is queued', async () => {
    const { s, teacher, teacher2 } = await school({ dailyGiveLimit: 1 });
    await setSchool(t.app, s.id, { high5NotifyEmail: true });
    expect((await giveAs(teacher.id, aHigh5(teacher2.id))).status).toBe(200);
    const before = (await mailJobs(t.app)).length;
    expect((await giveAs(teacher.id, aHigh5(teacher2.id))).status).toBe(429);
    expect((await giveAs(teacher.id, aVibe(teacher2.id, { categoryIds: [high5[0]!.id] }))).status).toBe(400);
    expect(await mailJobs(t.app)).toHaveLength(before);
  });

  it('when the mail server is down, the e-mail is retried later and then sent', async () => {
    const { s, teacher, teacher2 } = await school();
    await setSchool(t.app, s.id, { high5NotifyEmail: true });
    await t.app.services.jobs.runDue();
    const transport = t.app.services.mail.transport as { send: (m: unknown) => Promise<void> };
    const realSend = transport.send;
    const sent: unknown[] = [];
    transport.send = async () => {
      throw new Error('connection refused');
    };
    try {
      expect((await giveAs(teacher.id, aHigh5(teacher2.id))).status).toBe(200);
      await t.app.services.jobs.runDue();
      let job = (await mailJobs(t.app)).at(-1)!;
      expect(job).toMatchObject({ to: teacher2.email, attempts: 1, doneAt: null });
      transport.send = async (m) => {
        sent.push(m);
      };
      t.clock.advance(11_000);
      await t.app.services.jobs.runDue();
      job = (await mailJobs(t.app)).at(-1)!;
      expect(job.doneAt).not.toBeNull();
      expect(sent).toHaveLength(1);
    } finally {
      transport.send = realSend;
      t.clock.set('2026-10-15T16:00:00Z');
    }
  });
});
