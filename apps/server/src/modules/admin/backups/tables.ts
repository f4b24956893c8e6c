import { sql, type RawBuilder } from 'kysely';

/**
 * What a school backup holds, table by table, in the order a restore inserts them
 * (docs/decisions/0182). Every table of the database is either here or in NOT_BACKED_UP, and a
 * test checks it, so a new table is never silently left out.
 *
 * Strictly one school: rows that link two people (parent links, trusted adults, class teachers,
 * enrolments, feedback, notes) are kept only when both are this school's people, so no other
 * school's ids travel in the file.
 */
export interface BackupTable {
  name: string;
  /** The rows of school `s`, as a WHERE condition on alias `t`. */
  where: (s: string) => RawBuilder<unknown>;
  /**
   * Columns never written, and refused in a file to restore (docs/decisions/0510): credentials,
   * and the super admin flag (no restored row may grant it).
   */
  secret?: string[];
  /** Only when the super admin asked for the children's private journals. */
  journal?: true;
}

/** This school's people: members, and anyone whose recognitions or check-ins are kept here. */
const people = (s: string) => sql`(
  select user_id from school_memberships where school_id = ${s}
  union select giver_id from recognitions where school_id = ${s}
  union select receiver_id from recognitions where school_id = ${s}
  union select user_id from moods where school_id = ${s})`;
/** Members of no other school: their personal rows (journals) belong to this school alone. */
const onlyHere = (s: string) => sql`(select m.user_id from school_memberships m where m.school_id = ${s}
  and not exists (select 1 from school_memberships o where o.user_id = m.user_id and o.school_id <> ${s}))`;
const classes = (s: string) => sql`(select id from classes where school_id = ${s})`;
const recognitions = (s: string) => sql`(select id from recognitions where school_id = ${s})`;
const alerts = (s: string) => sql`(select id from alerts where school_id = ${s} and student_id in ${people(s)})`;
const ofSchool = (s: string) => sql`t.school_id = ${s}`;

export const BACKUP_TABLES: BackupTable[] = [
  { name: 'schools', where: (s) => sql`t.id = ${s}` },
  { name: 'users', where: (s) => sql`t.id in ${people(s)}`, secret: ['password_hash', 'google_sub', 'is_super_admin'] },
  { name: 'school_memberships', where: ofSchool },
  { name: 'parent_links', where: (s) => sql`t.parent_id in ${people(s)} and t.student_id in ${people(s)}` },
  { name: 'invitations', where: (s) => sql`t.school_id = ${s} and t.user_id in ${people(s)}` },
  { name: 'school_years', where: ofSchool },
  { name: 'classes', where: (s) => sql`t.school_id = ${s} and t.owner_id in ${people(s)}` },
  { name: 'class_teachers', where: (s) => sql`t.class_id in ${classes(s)} and t.teacher_id in ${people(s)}` },
  { name: 'enrolments', where: (s) => sql`t.class_id in ${classes(s)} and t.student_id in ${people(s)}` },
  { name: 'enrolment_requests', where: (s) => sql`t.class_id in ${classes(s)} and t.student_id in ${people(s)}` },
  { name: 'categories', where: ofSchool },
  { name: 'category_settings', where: ofSchool },
  { name: 'recognitions', where: ofSchool },
  { name: 'recognition_categories', where: (s) => sql`t.recognition_id in ${recognitions(s)}` },
  {
    name: 'high5_feedback',
    where: (s) => sql`t.recognition_id in ${recognitions(s)} and t.author_id in ${people(s)} and t.teacher_id in ${people(s)} and t.student_id in ${people(s)}`,
  },
  { name: 'moods', where: ofSchool },
  { name: 'daily_give_counts', where: ofSchool },
  { name: 'trusted_adults', where: (s) => sql`t.student_id in ${people(s)} and t.adult_id in ${people(s)}` },
  { name: 'journal_entries', where: (s) => sql`t.user_id in ${onlyHere(s)}`, journal: true },
  { name: 'student_notes', where: (s) => sql`t.school_id = ${s} and t.student_id in ${people(s)} and t.author_id in ${people(s)}` },
  { name: 'seating_charts', where: (s) => sql`t.class_id in ${classes(s)}` },
  { name: 'attendance', where: (s) => sql`t.class_id in ${classes(s)} and t.student_id in ${people(s)}` },
  { name: 'avatars', where: (s) => sql`t.user_id in ${people(s)}` },
  { name: 'mood_report_settings', where: ofSchool },
  { name: 'school_notification_emails', where: ofSchool },
  { name: 'school_alert_settings', where: ofSchool },
  { name: 'alerts', where: (s) => sql`t.school_id = ${s} and t.student_id in ${people(s)}` },
  { name: 'alert_signals', where: (s) => sql`t.alert_id in ${alerts(s)}` },
  { name: 'alert_recipients', where: (s) => sql`t.alert_id in ${alerts(s)} and t.adult_id in ${people(s)}` },
  { name: 'alert_actions', where: (s) => sql`t.alert_id in ${alerts(s)}` },
  { name: 'mood_consents', where: (s) => sql`t.student_id in ${people(s)}` },
  { name: 'audit_log', where: ofSchool },
];

/** Tables a backup leaves out, and why. */
export const NOT_BACKED_UP: Record<string, string> = {
  districts: 'the restore goes into a school of an existing district; SIS credentials never leave',
  sessions: 'sign-ins end with the backup; restored accounts sign in again',
  verification_codes: 'short-lived codes',
  signin_throttles: 'short-lived counters',
  signin_trust: 'devices and addresses an account signed in from: sign-in state, built again at the next sign-in',
  rate_limits: 'short-lived counters',
  oauth_states_used: 'short-lived marks of used Google and Clever sign-in states',
  recognition_month_counts: 'derived from recognitions by triggers: a restore rebuilds them as it inserts the recognitions',
  mood_month_counts: 'derived from moods by triggers: a restore rebuilds them as it inserts the check-ins',
  received_category_month_counts: 'derived from recognition_categories by triggers: a restore rebuilds them as it inserts the categories',
  signup_requests: 'sign-ups not yet processed',
  parent_link_requests: 'requests not yet accepted: the student asks again',
  dev_outbox: "the embedded server's mail, not school data",
  jobs: "the server's queue",
  roster_people: "which account a district's SIS id is: district-wide, rebuilt by the next sync (docs/decisions/0400)",
  roster_runs: 'sync reports of a district, not of one school',
  job_schedules: "the server's schedules",
  server_secrets: "the server's own keys",
  schema_migrations: "the database's version",
  school_backups: 'the list of backups itself',
  school_restores: 'the list of restores itself',
  school_restore_ids: "a restore's working table",
  school_year_rollovers: 'undo records of a rollover: its changes are in the rows; a restored school cannot undo it',
  class_sign_in_cards: 'card codes are credentials: the teacher prints new cards after a restore',
  class_device_sessions: "a classroom device's sign-in state, like sessions",
};

/** Identity columns: a restore gives the rows new ids (another High5 has its own sequence). */
export const NEW_IDS: Record<string, 'map' | 'drop'> = { recognitions: 'map', moods: 'drop', audit_log: 'drop' };

/** Nullable references to accounts that may not exist where a backup is restored: emptied then. */
export const SOFT_USER_REFERENCES: Record<string, string[]> = {
  audit_log: ['actor_id'],
  invitations: ['invited_by'],
  moods: ['acknowledged_by'],
  alert_signals: ['talk_to'],
  alert_actions: ['actor_id'],
  mood_consents: ['changed_by'],
  parent_links: ['confirmed_by'],
  seating_charts: ['created_by'],
  attendance: ['recorded_by'],
};

/**
 * Rows that give an adult a child (a parent's view, a trusted adult's alerts): a restore never links
 * an account of the file to a child who already has an account here (another school's child,
 * docs/decisions/0510); both already here is a link that was there before.
 */
export const LINKS_TO_A_CHILD: Record<string, { adult: string; child: string }> = {
  parent_links: { adult: 'parent_id', child: 'student_id' },
  trusted_adults: { adult: 'adult_id', child: 'student_id' },
};

/** Tables whose uuid ids must not exist where the backup is restored (the school would be there twice). */
export const UUID_IDS = [
  'invitations',
  'school_years',
  'classes',
  'categories',
  'high5_feedback',
  'journal_entries',
  'student_notes',
  'seating_charts',
  'alerts',
  'alert_signals',
  'alert_actions',
];
