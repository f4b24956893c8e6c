import { classroomApi } from '@high5/contract';
import { useQuery } from '@tanstack/react-query';
import { api, classroomKeys } from '../api';

/** A parent's own children at the school. */
export const useMyStudents = () => useQuery({ queryKey: classroomKeys.myStudents(), queryFn: () => api(classroomApi.myStudents) });

/** One child's check-ins in a date range (the server's mood rule decides, decision 0420). */
export const useChildMoods = (studentId: string, range: string) =>
  useQuery({
    queryKey: classroomKeys.childMoods(studentId, range),
    queryFn: () => api(classroomApi.moodStudentHistory, { params: { studentId }, query: { dateRange: range } }),
  });
