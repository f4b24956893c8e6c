import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export async function moodSettings(db: Db, schoolId: string) {
  return db.selectFrom('schools').select(['promptMoodmeter', 'moodmeterMessages', 'timeZone']).where('id', '=', schoolId).executeTakeFirstOrThrow();
}

const entryColumns = ['schoolDate', 'mood', 'emergency', 'emergencyPriority', 'acknowledgedAt', 'checkedInAt', 'userId'] as const;

/**
 * One check-in per user per school day: a second one replaces the first, except that an
 * unanswered "today" request stays (a child tapping around must not erase a call for help;
 * the alert keeps every check-in, docs/decisions/0421).
 */
export async function upsertMood(
  db: Db,
  values: {
    userId: string;
    schoolId: string;
    schoolDate: string;
    mood: string;
    lowEnjoyment: boolean;
    emergency: boolean;
    emergencyPriority: string;
    now: Date;
  },
) {
  const row = { ...values, checkedInAt: values.now, acknowledgedAt: null, acknowledgedBy: null };
  delete (row as { now?: Date }).now;
  return db
    .insertInto('moods')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['userId', 'schoolDate']).doUpdateSet({
        schoolId: values.schoolId,
        mood: values.mood,
        lowEnjoyment: values.lowEnjoyment,
        emergency: sql<boolean>`${values.emergency} or (moods.emergency_priority = 'today' and moods.acknowledged_at is null)`,
        emergencyPriority: sql<string>`case when moods.emergency_priority = 'today' and moods.acknowledged_at is null then 'today' else ${values.emergencyPriority} end`,
        checkedInAt: values.now,
        acknowledgedAt: null,
        acknowledgedBy: null,
      }),
    )
    .returning(entryColumns)
    .executeTakeFirstOrThrow();
}

export async function moodsOnDates(db: Db, userId: string, dates: string[]) {
  return db.selectFrom('moods').select(entryColumns).where('userId', '=', userId).where('schoolDate', 'in', dates).execute();
}

/** Check-ins of several users from `since` to `today`, newest first (cards and mood swings). */
export async function recentMoods(db: Db, userIds: readonly string[], schoolId: string, since: string, today: string) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('moods')
    .select([...entryColumns, 'lowEnjoyment'])
    .where('userId', 'in', userIds)
    .where('schoolId', '=', schoolId)
    .where('schoolDate', '>=', since)
    .where('schoolDate', '<=', today)
    .orderBy('userId')
    .orderBy('schoolDate', 'desc')
    .execute();
}

export async function acknowledge(db: Db, studentId: string, schoolId: string, today: string, by: string, at: Date) {
  return db
    .updateTable('moods')
    .set({ acknowledgedAt: at, acknowledgedBy: by })
    .where('userId', '=', studentId)
    .where('schoolId', '=', schoolId)
    .where('schoolDate', '=', today)
    .where('emergency', '=', true)
    .where('emergencyPriority', '=', 'today')
    .where('acknowledgedAt', 'is', null)
    .returning([...entryColumns, 'lowEnjoyment'])
    .executeTakeFirst();
}
