import type { AreaRoute } from '../../app/area-route';
import { paths } from '../../app/paths';

/** The classroom area's screens inside the signed-in shell (spec 002). */
export const classroomRoutes: AreaRoute[] = [
  { path: paths.teacherClasses, load: () => import('./teacher-classes/teacher-classes-screen') },
  { path: paths.studentClasses, load: () => import('./student-classes/student-classes-screen') },
  { path: paths.mood, load: () => import('./mood/mood-screen') },
  { path: paths.studentList, load: () => import('./student-list/student-list-screen') },
  { path: paths.trustedAdults, load: () => import('./trusted-adults/trusted-adults-screen') },
  { path: paths.myStudents, load: () => import('./my-students/my-students-screen') },
  { path: paths.viewHigh5, load: () => import('./view-high5/view-high5-screen') },
  { path: paths.feedback, load: () => import('./feedback/feedback-screen') },
  { path: paths.gratitudeJournal, load: () => import('./journal/journal-screen') },
  { path: paths.seatingChart, load: () => import('./seating/seating-screen') },
];
