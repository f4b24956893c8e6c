import { classroomApi } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../lib/api-client';
import { api, classroomKeys } from '../api';

const journalKey = ['classroom', 'journal'] as const;

/** The entries written on the dates of a range (`yyyy-MM-dd_yyyy-MM-dd`), dates of the school's calendar. */
export function useJournal(range: string) {
  return useQuery({ queryKey: classroomKeys.journal(range), queryFn: () => api(classroomApi.journalList, { query: { dateRange: range } }) });
}

/** Writes a new entry, or rewrites `entryId`; the lists reload. */
export function useSaveJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, ...body }: BodyOf<typeof classroomApi.journalCreate> & { entryId?: string }) =>
      entryId ? api(classroomApi.journalUpdate, { params: { entryId }, body }) : api(classroomApi.journalCreate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKey }),
  });
}

export function useDeleteJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => api(classroomApi.journalDelete, { params: { entryId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKey }),
  });
}
