// The classroom area's contract, one file per resource under classroom/ (as the server's
// modules/classroom/<resource>/); its endpoints are one area, `classroom.<key>`.
import { classesEndpoints } from './classroom/classes.js';
import { journalEndpoints } from './classroom/journal.js';
import { moodsEndpoints } from './classroom/moods.js';
import { myStudentsEndpoints } from './classroom/my-students.js';
import { seatingEndpoints } from './classroom/seating.js';
import { signInCardsEndpoints } from './classroom/sign-in-cards.js';
import { studentClassesEndpoints } from './classroom/student-classes.js';
import { studentListEndpoints } from './classroom/student-list.js';
import { trustedAdultsEndpoints } from './classroom/trusted-adults.js';

export * from './classroom/classes.js';
export * from './classroom/common.js';
export * from './classroom/journal.js';
export * from './classroom/moods.js';
export * from './classroom/my-students.js';
export * from './classroom/seating.js';
export * from './classroom/sign-in-cards.js';
export * from './classroom/student-classes.js';
export * from './classroom/student-list.js';
export * from './classroom/trusted-adults.js';

export const classroomEndpoints = {
  ...classesEndpoints,
  ...studentClassesEndpoints,
  ...moodsEndpoints,
  ...trustedAdultsEndpoints,
  ...myStudentsEndpoints,
  ...journalEndpoints,
  ...seatingEndpoints,
  ...studentListEndpoints,
  ...signInCardsEndpoints,
};
