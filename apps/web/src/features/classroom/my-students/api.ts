import { useQuery } from '@tanstack/react-query';
import { api, classroomKeys, e } from '../api';

/** A parent's own children at the school. */
export const useMyStudents = () => useQuery({ queryKey: classroomKeys.myStudents(), queryFn: () => api(e.myStudents) });

/** One child's check-ins in a date range (the server's mood rule decides, decision 0420). */
export const useChildMoods = (studentId: string, range: string) =>
  useQuery({ queryKey: classroomKeys.childMoods(studentId, range), queryFn: () => api(e.moodStudentHistory, { params: { studentId }, query: { dateRange: range } }) });
