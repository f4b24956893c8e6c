import type { AreaRoute } from '../../app/area-route';
import { paths } from '../../app/paths';

/** The classroom area's screens inside the signed-in shell (docs/rules/classroom.md). */
export const classroomRoutes: AreaRoute[] = [
  { path: paths.teacherClasses, load: () => import('./teacher-classes/teacher-classes-screen'), namespaces: ['classroom', 'recognition', 'profile'] },
  { path: paths.studentClasses, load: () => import('./student-classes/student-classes-screen'), namespaces: ['classroom', 'recognition'] },
  { path: paths.mood, load: () => import('./mood/mood-screen'), namespaces: ['classroom'] },
  { path: paths.studentList, load: () => import('./student-list/student-list-screen'), namespaces: ['classroom'] },
  { path: paths.trustedAdults, load: () => import('./trusted-adults/trusted-adults-screen'), namespaces: ['classroom'] },
  { path: paths.myStudents, load: () => import('./my-students/my-students-screen'), namespaces: ['classroom'] },
  { path: paths.viewHigh5, load: () => import('./view-high5/view-high5-screen'), namespaces: ['classroom'] },
  { path: paths.feedback, load: () => import('./feedback/feedback-screen'), namespaces: ['classroom'] },
  { path: paths.gratitudeJournal, load: () => import('./journal/journal-screen'), namespaces: ['classroom'] },
  { path: paths.signInCards, load: () => import('./sign-in-cards/sign-in-cards-screen'), namespaces: ['classroom'] },
  { path: paths.seatingChart, load: () => import('./seating/seating-screen'), namespaces: ['classroom', 'recognition', 'profile'] },
];
