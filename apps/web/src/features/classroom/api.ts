import { api } from '../../lib/api-client';

export { api };

/** Query keys of the classroom area: one prefix, so a sign-out or a switch of school drops them all. */
export const classroomKeys = {
  all: ['classroom'] as const,
  classes: () => ['classroom', 'classes'] as const,
  classStudents: (classId: string) => ['classroom', 'classes', classId, 'students'] as const,
  candidates: (classId: string, search: string) => ['classroom', 'classes', classId, 'candidates', search] as const,
  requests: (classId: string) => ['classroom', 'classes', classId, 'requests'] as const,
  teachers: (classId: string) => ['classroom', 'classes', classId, 'teachers'] as const,
  teacherCandidates: (classId: string, search: string) => ['classroom', 'classes', classId, 'teacherCandidates', search] as const,
  studentClasses: (enrolled: boolean) => ['classroom', 'studentClasses', enrolled] as const,
  classmates: (classId: string) => ['classroom', 'classmates', classId] as const,
  moodSettings: () => ['classroom', 'moodSettings'] as const,
  myMoods: () => ['classroom', 'myMoods'] as const,
  trustedAdults: () => ['classroom', 'trustedAdults'] as const,
  trustedAdultCandidates: (search: string) => ['classroom', 'trustedAdultCandidates', search] as const,
  myStudents: () => ['classroom', 'myStudents'] as const,
  studentHigh5s: (studentId: string, range: string) => ['classroom', 'studentHigh5s', studentId, range] as const,
  childMoods: (studentId: string, range: string) => ['classroom', 'childMoods', studentId, range] as const,
  feedback: (range: string) => ['classroom', 'feedback', range] as const,
  journal: (range: string) => ['classroom', 'journal', range] as const,
  seating: (classId: string) => ['classroom', 'seating', classId] as const,
  seatingMoods: (classId: string) => ['classroom', 'seatingMoods', classId] as const,
  attendanceToday: (classId: string) => ['classroom', 'attendanceToday', classId] as const,
  roster: (query?: object) => (query ? (['classroom', 'roster', query] as const) : (['classroom', 'roster'] as const)),
};
