import { alertApi, type AlertSettings } from '@high5/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DateRange } from '../../../components/ui/date-range-picker';
import { adminKeys, alertSettingsQuery } from '../api';
import { rangeParam } from '../lib/dates';

/** Saves the alert settings as a whole; the cached settings become the saved ones. */
export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertSettings) => api(alertApi.alertSettingsUpdate, { body }),
    onSuccess: (data) => queryClient.setQueryData(alertSettingsQuery.queryKey, data),
  });
}

/** The alerts report of a range (always fresh: alerts change during the day). */
export const useAlertReport = (range: DateRange) =>
  useQuery({
    queryKey: adminKeys.report('alerts', range),
    queryFn: () => api(alertApi.alertReport, { query: { dateRange: rangeParam(range) } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
