import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../lib/api-client';
import { api, classroomKeys, e } from '../api';

const journalKey = ['classroom', 'journal'] as const;

/** The entries written on the dates of a range (`yyyy-MM-dd_yyyy-MM-dd`), dates of the school's calendar. */
export function useJournal(range: string) {
  return useQuery({ queryKey: classroomKeys.journal(range), queryFn: () => api(e.journalList, { query: { dateRange: range } }) });
}

/** Writes a new entry, or rewrites `entryId`; the lists reload. */
export function useSaveJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, ...body }: BodyOf<typeof e.journalCreate> & { entryId?: string }) => (entryId ? api(e.journalUpdate, { params: { entryId }, body }) : api(e.journalCreate, { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKey }),
  });
}

export function useDeleteJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => api(e.journalDelete, { params: { entryId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKey }),
  });
}
