import type { Me } from '@high5/contract';

/** Every screen's path, in one place (docs/rules/shell.md#routes-and-landing). */
export const paths = {
  signIn: '/',
  signUp: '/signup',
  forgotPassword: '/forgotpassword',
  userInformation: '/user-information',
  verifyEmail: '/verify-email',
  resetLink: '/reset-link',
  signInLink: '/sign-in-link',
  cardSignIn: '/card',
  signInCards: '/sign-in-cards',
  terms: '/terms',
  privacy: '/privacy',
  help: '/help',
  dashboard: '/dashboard',
  profile: '/profile',
  high5: '/high5',
  positiveVibes: '/positivevibes',
  high5Report: '/highfivereport',
  vibeReport: '/positivevibereport',
  teacherClasses: '/teacher-classes',
  studentClasses: '/student-classes',
  mood: '/mood',
  studentList: '/student-list',
  feedback: '/feedback',
  report: '/report',
  adminUsers: '/admin-users',
  admin: '/admin',
  seatingChart: '/seatingchart',
  gratitudeJournal: '/gratitude-journal',
  teacherReport: '/TeacherReport',
  trustedAdults: '/trustedadults',
  myStudents: '/mystudent',
  viewHigh5: '/viewhigh5',
  superAdminReport: '/superAdmin-report',
  makeAdmin: '/make-admin',
  addDistrict: '/add-district',
  settings: '/settings',
  familyRequests: '/family-requests',
} as const;
export type AppPath = (typeof paths)[keyof typeof paths];

/** Screens outside the signed-in shell. `/user-information` is for signed-in users without a role. */
export const publicPaths: readonly AppPath[] = [
  paths.signIn,
  paths.signUp,
  paths.forgotPassword,
  paths.verifyEmail,
  paths.resetLink,
  paths.signInLink,
  paths.cardSignIn,
  paths.terms,
  paths.privacy,
  paths.help,
  paths.userInformation,
];

const p = paths;
/**
 * The route tables of docs/rules/shell.md#route-tables. The admin screens (/report, /admin-users, /admin)
 * need the admin flag even where the table lists them for every teacher or staff member
 * (docs/decisions/0050-admin-screens-need-the-admin-flag.md).
 */
const BY_ROLE: Record<NonNullable<Me['role']>, AppPath[]> = {
  teacher: [
    p.dashboard,
    p.profile,
    p.high5,
    p.positiveVibes,
    p.high5Report,
    p.vibeReport,
    p.teacherClasses,
    p.signInCards,
    p.mood,
    p.studentList,
    p.feedback,
    p.seatingChart,
    p.gratitudeJournal,
    p.teacherReport,
    p.familyRequests,
  ],
  student: [p.dashboard, p.high5, p.positiveVibes, p.studentClasses, p.trustedAdults, p.mood, p.gratitudeJournal, p.high5Report, p.vibeReport, p.profile],
  parent: [
    p.dashboard,
    p.high5,
    p.positiveVibes,
    p.high5Report,
    p.vibeReport,
    p.profile,
    p.myStudents,
    p.viewHigh5,
    p.gratitudeJournal,
    p.mood,
    p.familyRequests,
  ],
  // docs/rules/classroom.md#received-high-5s-and-feedback: staff use the view-High 5 screen too (docs/decisions/0304).
  staff: [p.dashboard, p.high5, p.positiveVibes, p.gratitudeJournal, p.profile, p.mood, p.high5Report, p.vibeReport, p.viewHigh5, p.familyRequests],
  superAdmin: [p.superAdminReport, p.makeAdmin, p.addDistrict, p.settings, p.gratitudeJournal, p.dashboard],
};
const ADMIN_EXTRA: AppPath[] = [p.report, p.adminUsers, p.admin, p.gratitudeJournal];

/** The screens this user may open inside the shell. */
export function allowedPaths(me: Me): Set<AppPath> {
  if (!me.role || me.mustChangePassword) return new Set();
  const allowed = new Set(BY_ROLE[me.role]);
  if (me.isAdmin) ADMIN_EXTRA.forEach((path) => allowed.add(path));
  return allowed;
}

/** Where a user lands after sign-in (docs/rules/shell.md#routes-and-landing). */
export function landingPath(me: Me): AppPath {
  if (me.mustChangePassword) return p.signIn;
  if (!me.role) return p.userInformation;
  if (me.role === 'superAdmin') return p.superAdminReport;
  if (me.role === 'teacher' && me.classCount === 0 && !me.school?.paid) return p.teacherClasses;
  return p.dashboard;
}
