import { addDays, type EmergencyPriority, isLowMood, type MoodEntry, type MoodKey, type StudentMood, toIsoDate } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { audit } from '../../../lib/audit.js';
import { assertRange } from '../range.js';
import { checkInAllowed } from '../alerts/consent.js';
import { raiseFromCheckIn } from '../alerts/service.js';
import { acknowledgeOnChart } from '../alerts/answer.js';
import { loadStudent, looksAfterStudent } from '../../../policies/student.js';
import { readStudentMoods } from '../../../lib/student-moods.js';
import * as q from './queries.js';
import { currentSchool } from '../../../lib/current-school.js';

type Row = Omit<Awaited<ReturnType<typeof q.moodsOnDates>>[number], 'userId'>;

function toEntry(row: Row): MoodEntry {
  return {
    date: row.schoolDate,
    mood: row.mood as MoodKey,
    emergency: row.emergency,
    emergencyPriority: row.emergencyPriority as EmergencyPriority,
    acknowledged: row.acknowledgedAt !== null,
    checkedInAt: row.checkedInAt.toISOString(),
  };
}

async function today(db: Db, services: Services, schoolId: string) {
  const settings = await q.moodSettings(db, schoolId);
  return { settings, today: toIsoDate(services.clock.now(), settings.timeZone) };
}

type Messages = Partial<Record<'en' | 'es', { message1?: string; message2?: string }>>;

/** prompt_moodmeter and the school's messages in the caller's language, else the other one's. */
export async function moodSettings(db: Db, user: SessionUser) {
  const school = currentSchool(user);
  const settings = await q.moodSettings(db, school.schoolId);
  const messages = (settings.moodmeterMessages ?? {}) as Messages;
  const other = user.language === 'en' ? 'es' : 'en';
  const pick = (key: 'message1' | 'message2') => messages[user.language]?.[key]?.trim() || messages[other]?.[key]?.trim() || '';
  return { prompt: settings.promptMoodmeter, message1: pick('message1'), message2: pick('message2'), checkInAllowed: await checkInAllowed(db, user) };
}

export async function myMoods(db: Db, services: Services, user: SessionUser) {
  const school = currentSchool(user);
  const { today: date } = await today(db, services, school.schoolId);
  const yesterday = addDays(date, -1);
  const rows = await q.moodsOnDates(db, user.id, [date, yesterday]);
  const on = (d: string) => rows.find((r) => r.schoolDate === d);
  const t = on(date);
  const y = on(yesterday);
  return { today: date, yesterday, todayEntry: t ? toEntry(t) : null, yesterdayEntry: y ? toEntry(y) : null };
}

/**
 * Today's check-in (docs/decisions/0112-mood-check-in.md). Pleasant moods carry no emergency.
 * A low-energy mood needs 'not-today' or 'today' when the school prompts; when it does not,
 * the dialog never shows and the mood is stored with emergency false and priority 'none'.
 */
export async function checkIn(db: Db, services: Services, user: SessionUser, body: { mood: MoodKey; emergencyPriority: EmergencyPriority; talkTo?: string }) {
  const { mood, emergencyPriority: priority } = body;
  const school = currentSchool(user);
  // Without the parental consent a school requires, no mood meter (docs/decisions/0422).
  if (!(await checkInAllowed(db, user))) throw forbidden('MOOD_CONSENT_REQUIRED');
  const { settings, today: date } = await today(db, services, school.schoolId);
  const low = isLowMood(mood);
  if (!low && priority !== 'none') throw badRequest('MOOD_PRIORITY_NOT_ALLOWED');
  if (low && settings.promptMoodmeter && priority === 'none') throw badRequest('MOOD_PRIORITY_REQUIRED');
  const stored: EmergencyPriority = low && settings.promptMoodmeter ? priority : 'none';
  // One instant for the check-in and its alert: an answer acknowledges the check-ins of its alert.
  const now = services.clock.now();
  const row = await q.upsertMood(db, {
    userId: user.id,
    schoolId: school.schoolId,
    schoolDate: date,
    mood,
    lowEnjoyment: low,
    emergency: stored !== 'none',
    emergencyPriority: stored,
    now,
  });
  const alert = await raiseFromCheckIn(db, services, user, school, { mood, priority: stored, talkTo: body.talkTo }, now);
  return { ...toEntry(row), alert };
}

/** A student's check-ins in a range for the family's and staff's history (lib/student-moods.ts has the rule). */
export async function studentMoodHistory(db: Db, services: Services, user: SessionUser, studentId: string, range: { from: string; to: string }) {
  currentSchool(user);
  assertRange(range);
  const student = await loadStudent(db, user, studentId);
  if (!student) throw notFound();
  return (await readStudentMoods(db, services, user, student, range)).map(toEntry);
}

/** Today's mood of each student, with the emergency state and whether their mood swung since their last check-in. */
export async function studentMoodsToday(db: Db, schoolId: string, studentIds: readonly string[], date: string): Promise<StudentMood[]> {
  const rows = await q.recentMoods(db, studentIds, schoolId, addDays(date, -7), date);
  const byStudent = new Map<string, typeof rows>();
  for (const row of rows) byStudent.set(row.userId, [...(byStudent.get(row.userId) ?? []), row]);
  return studentIds.map((studentId) => {
    const list = byStudent.get(studentId) ?? [];
    const current = list[0]?.schoolDate === date ? list[0] : undefined;
    const previous = current ? list[1] : undefined;
    return {
      studentId,
      mood: (current?.mood as MoodKey | undefined) ?? null,
      emergency: current?.emergency ?? false,
      emergencyPriority: (current?.emergencyPriority as EmergencyPriority | undefined) ?? 'none',
      acknowledged: current ? current.acknowledgedAt !== null : false,
      moodSwing: !!current && !!previous && current.lowEnjoyment !== previous.lowEnjoyment,
    };
  });
}

/**
 * A teacher of one of the student's classes (or an admin) acknowledges today's emergency on the
 * seating chart; it answers the student's open alert too (kept open, decision 0460). Audited.
 */
export async function acknowledgeEmergency(db: Db, services: Services, user: SessionUser, studentId: string) {
  const school = currentSchool(user);
  const student = await loadStudent(db, user, studentId);
  if (!student) throw notFound();
  if (!looksAfterStudent(user, student)) throw forbidden();
  const { today: date } = await today(db, services, school.schoolId);
  const now = services.clock.now();
  const row = await q.acknowledge(db, studentId, school.schoolId, date, user.id, now);
  if (!row) throw conflict('NO_EMERGENCY_TO_ACKNOWLEDGE');
  await acknowledgeOnChart(db, school.schoolId, studentId, user.id, now);
  await audit(
    db,
    { actorId: user.id, schoolId: school.schoolId, action: 'mood.emergency_acknowledged', targetType: 'student', targetId: studentId, details: { date } },
    now,
  );
  const [mood] = await studentMoodsToday(db, school.schoolId, [studentId], date);
  return mood!;
}
