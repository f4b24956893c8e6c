import { adminApi, type CategoryKind, type ConfigurationUpdate, type NewCategory, type SchoolConfiguration } from '@high5/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meKey } from '../../../app/session';
import { api } from '../../../lib/api-client';
import { configurationQuery } from '../api';

/** Saves any section of the settings; the cached configuration becomes the saved one. */
export function useUpdateConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ConfigurationUpdate) => api(adminApi.updateConfiguration, { body: update }),
    onSuccess: (data, update) => {
      queryClient.setQueryData(configurationQuery.queryKey, data);
      // The sidebar offers "received" screens only when the school shows them.
      if (update.high5Vibes !== undefined) void queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}

/** The daily mood report's recipients: add or remove addresses; the cached configuration gets the new list. */
export function useNotificationEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { add?: string[]; remove?: string[] }) => api(adminApi.updateNotificationEmails, { body: change }),
    onSuccess: (list) => queryClient.setQueryData(configurationQuery.queryKey, (old: SchoolConfiguration | undefined) => (old ? { ...old, notificationEmails: list } : old)),
  });
}

/** Sends today's mood report now (not the daily one). */
export const useSendMoodReport = () => useMutation({ mutationFn: () => api(adminApi.sendMoodReport, { body: {} }) });

/** Adds a category; the caller shows it at once (its list is being edited). */
export const useAddCategory = (kind: CategoryKind) => useMutation({ mutationFn: (body: NewCategory) => api(adminApi.addCategory, { params: { kind }, body }) });
