import { classroomApi } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, classroomKeys } from '../api';

/** The student's classes (`enrolled`), or the school's classes they may ask to join. */
export const useStudentClasses = (enrolled: boolean) =>
  useQuery({
    queryKey: classroomKeys.studentClasses(enrolled),
    queryFn: () => api(classroomApi.studentClasses, { query: { enrolled: enrolled ? 'true' : 'false' } }),
  });

/** Asks to join a class; the list of classes to join reloads (awaited: it marks the request). */
export function useRequestEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cls: { id: string; name: string }) => api(classroomApi.studentRequestEnrolment, { params: { classId: cls.id }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classroomKeys.studentClasses(false) }),
  });
}

/** The students of one of the student's classes. */
export const useClassmates = (classId: string) =>
  useQuery({ queryKey: classroomKeys.classmates(classId), queryFn: () => api(classroomApi.studentClassmates, { params: { classId } }) });
