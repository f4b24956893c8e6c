import { classroomApi } from '@high5/contract';
import { useQuery } from '@tanstack/react-query';
import { api, classroomKeys } from '../api';

/** What parents wrote about the teacher's High 5s in a date range (`yyyy-MM-dd_yyyy-MM-dd`). */
export function useFeedback(range: string) {
  return useQuery({ queryKey: classroomKeys.feedback(range), queryFn: () => api(classroomApi.feedbackList, { query: { dateRange: range } }) });
}
