import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../lib/api-client';
import { api, classroomKeys, e } from '../api';

/** The students a parent or staff member may look at (staff: searched on the server). */
export function useMyStudents(staff: boolean, term: string) {
  return useQuery({
    queryKey: staff ? [...classroomKeys.myStudents(), term] : classroomKeys.myStudents(),
    queryFn: () => api(e.myStudents, { query: staff && term ? { search: term } : {} }),
  });
}

/** The High 5s a student received in a date range. */
export function useStudentHigh5s(studentId: string, range: string) {
  return useQuery({
    queryKey: classroomKeys.studentHigh5s(studentId, range),
    queryFn: () => api(e.studentHigh5s, { params: { studentId }, query: { dateRange: range } }),
    enabled: !!studentId,
  });
}

/** Feedback on one High 5; that student's lists reload. */
export function useGiveFeedback(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof e.feedbackGive>) => api(e.feedbackGive, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['classroom', 'studentHigh5s', studentId] }),
  });
}
