import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../lib/api-client';
import { api, classroomKeys, e } from '../api';

const journalKey = ['classroom', 'journal'] as const;

/** The entries of a date range (`yyyy-MM-dd_yyyy-MM-dd`), in the device's time zone. */
export function useJournal(range: string, enabled: boolean) {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return useQuery({ queryKey: classroomKeys.journal(range), queryFn: () => api(e.journalList, { query: { dateRange: range, tz } }), enabled });
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
