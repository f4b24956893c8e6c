import {
  adminApi,
  type AdminCategory,
  type CategoriesUpdate,
  type CategoryKind,
  type ConfigurationUpdate,
  type DataSettingsUpdate,
  type NewCategory,
  type SchoolConfiguration,
} from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meKey } from '../../../app/session';
import { api } from '../../../lib/api-client';
import { categoriesQuery, configurationQuery } from '../api';

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
    onSuccess: (list) => {
      queryClient.setQueryData(configurationQuery.queryKey, (old: SchoolConfiguration | undefined) => (old ? { ...old, notificationEmails: list } : old));
      // Each address's confirmation state comes with the configuration.
      void queryClient.invalidateQueries({ queryKey: configurationQuery.queryKey });
    },
  });
}

/** E-mails a new confirmation link to an unconfirmed address (decision 0590); the cached state gets its new "sent" time. */
export function useResendConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api(adminApi.resendNotificationConfirmation, { body: { email } }),
    onSuccess: (state) =>
      queryClient.setQueryData(configurationQuery.queryKey, (old: SchoolConfiguration | undefined) =>
        old ? { ...old, notificationEmailStates: old.notificationEmailStates.map((s) => (s.email === state.email ? state : s)) } : old,
      ),
  });
}

/** Sends today's mood report now (not the daily one). */
export const useSendMoodReport = () => useMutation({ mutationFn: () => api(adminApi.sendMoodReport, { body: {} }) });

/** Adds a category; it joins the cached list (the editor shows it at once, its other edits kept). */
export function useAddCategory(kind: CategoryKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCategory) => api(adminApi.addCategory, { params: { kind }, body }),
    onSuccess: (category) =>
      queryClient.setQueryData(categoriesQuery(kind).queryKey, (list: AdminCategory[] | undefined) => (list ? [...list, category] : list)),
  });
}

/** Saves the changed categories (enabled flags, the school's own names); the cached list becomes the saved one. */
export function useSaveCategories(kind: CategoryKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CategoriesUpdate) => api(adminApi.updateCategories, { params: { kind }, body }),
    onSuccess: (list) => queryClient.setQueryData(categoriesQuery(kind).queryKey, list),
  });
}

const dataSettingsKey = ['admin', 'dataSettings'] as const;

/** How many school years the school keeps, the next deletion, and from which grade students download their own year. */
export const useDataSettings = () => useQuery({ queryKey: dataSettingsKey, queryFn: () => api(adminApi.dataSettings), staleTime: 0 });

export function useUpdateDataSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DataSettingsUpdate) => api(adminApi.updateDataSettings, { body }),
    onSuccess: (data) => queryClient.setQueryData(dataSettingsKey, data),
  });
}
