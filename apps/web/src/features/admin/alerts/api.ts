import { alertApi, type AlertSettings } from '@high5/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertSettingsQuery } from '../api';

/** Saves the alert settings as a whole; the cached settings become the saved ones. */
export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertSettings) => api(alertApi.alertSettingsUpdate, { body }),
    onSuccess: (data) => queryClient.setQueryData(alertSettingsQuery.queryKey, data),
  });
}
