import { classroomApi } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../lib/api-client';
import { api, classroomKeys } from '../api';

/** The students a parent or staff member may look at (staff: searched on the server). */
export function useMyStudents(staff: boolean, term: string) {
  return useQuery({
    queryKey: staff ? [...classroomKeys.myStudents(), term] : classroomKeys.myStudents(),
    queryFn: () => api(classroomApi.myStudents, { query: staff && term ? { search: term } : {} }),
  });
}

/** The High 5s a student received in a date range. */
export function useStudentHigh5s(studentId: string, range: string) {
  return useQuery({
    queryKey: classroomKeys.studentHigh5s(studentId, range),
    queryFn: () => api(classroomApi.studentHigh5s, { params: { studentId }, query: { dateRange: range } }),
    enabled: !!studentId,
  });
}

/** Feedback on one High 5; that student's lists reload. */
export function useGiveFeedback(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof classroomApi.feedbackGive>) => api(classroomApi.feedbackGive, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['classroom', 'studentHigh5s', studentId] }),
  });
}
