import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../../../test/factories.js';
import { pngImage, webpImage } from '../student-details/test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const colourInfo = { handSelected: 'Hand7', hand: '#C68642', chain: '#d4af37', bracelet: '#6a1b9a' };
const dataUrl = (bytes: Buffer, type = 'webp') => `data:image/${type};base64,${bytes.toString('base64')}`;

describe('PUT /v1/avatar and GET /v1/avatar', () => {
  it('when signed out, both answer 401', async () => {
    expect((await t.call('GET', '/v1/avatar')).status).toBe(401);
    expect((await t.call('PUT', '/v1/avatar', { body: { image: dataUrl(await webpImage(64, 64)), colourInfo } })).status).toBe(401);
  });

  it('when nothing is saved yet, GET answers null', async () => {
    const student = await buildUser(t.app, { role: 'student' });
    const res = await t.call('GET', '/v1/avatar', { cookie: await sessionFor(t.app, student.id) });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toBeNull();
  });

  it('when a webp and its colours are saved, GET returns them and the image link serves the webp', async () => {
    const student = await buildUser(t.app, { role: 'student' });
    const cookie = await sessionFor(t.app, student.id);
    const image = await webpImage(300, 300);
    const saved = await t.call('PUT', '/v1/avatar', { cookie, body: { image: dataUrl(image), colourInfo } });
    expect(saved.status).toBe(200);
    expect(saved.json.ResponseData.colourInfo).toEqual({ ...colourInfo, hand: '#c68642' });

    const res = await t.call('GET', '/v1/avatar', { cookie });
    expect(res.json.ResponseData.colourInfo).toEqual({ ...colourInfo, hand: '#c68642' });
    const file = await t.app.inject({ method: 'GET', url: res.json.ResponseData.imageUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    // Re-encoded (lib/images.ts), the same picture.
    const stored = await sharp(file.rawPayload).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 300, 300]);
    expect(image.length).toBeGreaterThan(0);
    const row = await t.app.services.db.selectFrom('avatars').select(['hand', 'imageKey']).where('userId', '=', student.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ hand: 'Hand7', imageKey: `avatars/${student.id}.webp` });
  });

  it('when a png is saved after a webp, it replaces it, stored as webp like every hand', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const cookie = await sessionFor(t.app, teacher.id);
    await t.call('PUT', '/v1/avatar', { cookie, body: { image: dataUrl(await webpImage(64, 64)), colourInfo } });
    const first = await t.app.services.storage.get(`avatars/${teacher.id}.webp`);
    const res = await t.call('PUT', '/v1/avatar', {
      cookie,
      body: { image: dataUrl(await pngImage(64, 64), 'png'), colourInfo: { ...colourInfo, handSelected: 'Hand12' } },
    });
    expect(res.status).toBe(200);
    expect(await t.app.services.storage.get(`avatars/${teacher.id}.png`)).toBeNull();
    const second = await t.app.services.storage.get(`avatars/${teacher.id}.webp`);
    expect((await sharp(second!).metadata()).format).toBe('webp');
    expect(first).not.toBeNull();
    const count = await t.app.services.db
      .selectFrom('avatars')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', teacher.id)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it.each([
    ['text pretending to be webp', async () => `data:image/webp;base64,${Buffer.from('hello, not an image').toString('base64')}`],
    ['a png labelled as webp', async () => dataUrl(await pngImage(64, 64), 'webp')],
    [
      'a jpeg',
      async () =>
        dataUrl(
          await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
            .jpeg()
            .toBuffer(),
          'jpeg',
        ),
    ],
    ['a tiny 8 px image', async () => dataUrl(await webpImage(8, 8))],
    ['no data URL at all', async () => 'https://example.com/hand.webp'],
  ])('when the image is %s, it answers 400 IMAGE_INVALID', async (_label, make) => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const res = await t.call('PUT', '/v1/avatar', { cookie: await sessionFor(t.app, teacher.id), body: { image: await make(), colourInfo } });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('IMAGE_INVALID');
  });

  it('when the image is larger than 512 KB, it answers 400', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const res = await t.call('PUT', '/v1/avatar', {
      cookie: await sessionFor(t.app, teacher.id),
      body: { image: `data:image/webp;base64,${Buffer.alloc(600 * 1024, 7).toString('base64')}`, colourInfo },
    });
    expect(res.status).toBe(400);
  });

  it.each([
    ['an unknown hand', { ...colourInfo, handSelected: 'Hand13' }],
    ['a colour name', { ...colourInfo, chain: 'gold' }],
    ['a short hex colour', { ...colourInfo, bracelet: '#fff' }],
    ['a missing part', { handSelected: 'Hand1', hand: '#ffffff', chain: '#ffffff' }],
  ])('when the colour info has %s, it answers 400 VALIDATION_FAILED', async (_label, info) => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const res = await t.call('PUT', '/v1/avatar', {
      cookie: await sessionFor(t.app, teacher.id),
      body: { image: dataUrl(await webpImage(64, 64)), colourInfo: info },
    });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('VALIDATION_FAILED');
  });
});

describe("a super admin's own hand", () => {
  it('when a super admin (no school) saves a hand, it is stored and read back', async () => {
    const admin = await buildUser(t.app, { isSuperAdmin: true });
    const cookie = await sessionFor(t.app, admin.id);
    expect((await t.call('PUT', '/v1/avatar', { cookie, body: { image: dataUrl(await webpImage(64, 64)), colourInfo } })).status).toBe(200);
    expect((await t.call('GET', '/v1/avatar', { cookie })).json.ResponseData.colourInfo.handSelected).toBe('Hand7');
    // Other people's hands are read through a school.
    expect((await t.call('GET', `/v1/avatars/${admin.id}`, { cookie })).status).toBe(403);
  });
});

describe('GET /v1/avatars and /v1/avatars/:userId', () => {
  it('when asked for users of the same school, it returns their links (null without an avatar); other schools are left out', async () => {
    const school = await buildSchool(t.app);
    const other = await buildSchool(t.app);
    const viewer = await buildUser(t.app, { role: 'parent', schoolId: school.id });
    const withAvatar = await buildUser(t.app, { role: 'teacher', schoolId: school.id });
    const without = await buildUser(t.app, { role: 'student', schoolId: school.id });
    const stranger = await buildUser(t.app, { role: 'teacher', schoolId: other.id });
    for (const u of [withAvatar, stranger]) {
      await t.call('PUT', '/v1/avatar', { cookie: await sessionFor(t.app, u.id), body: { image: dataUrl(await webpImage(64, 64)), colourInfo } });
    }
    const cookie = await sessionFor(t.app, viewer.id);
    const res = await t.call('GET', `/v1/avatars?userIds=${[withAvatar.id, without.id, stranger.id].join(',')}`, { cookie });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries((res.json.ResponseData as { userId: string; imageUrl: string | null }[]).map((r) => [r.userId, r.imageUrl]));
    expect(Object.keys(byId).sort()).toEqual([withAvatar.id, without.id].sort());
    expect(byId[withAvatar.id]).toContain(`/v1/files/avatars/${withAvatar.id}.webp`);
    expect(byId[without.id]).toBeNull();

    const one = await t.call('GET', `/v1/avatars/${withAvatar.id}`, { cookie });
    expect(one.status).toBe(200);
    expect(one.json.ResponseData.imageUrl).toContain(withAvatar.id);
    expect((await t.call('GET', `/v1/avatars/${stranger.id}`, { cookie })).status).toBe(404);
  });

  it('when signed out, it answers 401; bad ids or more than 100 answer 400', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const cookie = await sessionFor(t.app, teacher.id);
    expect((await t.call('GET', `/v1/avatars?userIds=${teacher.id}`)).status).toBe(401);
    expect((await t.call('GET', `/v1/avatars/${teacher.id}`)).status).toBe(401);
    expect((await t.call('GET', '/v1/avatars?userIds=nope', { cookie })).status).toBe(400);
    expect((await t.call('GET', '/v1/avatars', { cookie })).status).toBe(400);
    expect((await t.call('GET', '/v1/avatars/nope', { cookie })).status).toBe(400);
    const many = Array.from({ length: 101 }, () => crypto.randomUUID()).join(',');
    expect((await t.call('GET', `/v1/avatars?userIds=${many}`, { cookie })).status).toBe(400);
  });
});
