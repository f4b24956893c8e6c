import { adminApi, alertApi, type StaffGroup } from '@high5/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TableState } from '../../components/ui/data-table';
import { useNotify } from '../../components/ui/notifications';
import { api } from '../../lib/api-client';
import { downloadFrom } from '../../lib/download';
import { useErrorText } from '../../lib/use-error-text';

/** Query keys of the admin area: every key starts with 'admin', so one invalidation refreshes all. */
export const adminKeys = {
  all: ['admin'] as const,
  users: (role: StaffGroup) => ['admin', 'users', role] as const,
  superUsers: (schoolId: string, role: StaffGroup) => ['admin', 'superUsers', schoolId, role] as const,
  configuration: ['admin', 'configuration'] as const,
  categories: (kind: 'high5' | 'vibe') => ['admin', 'categories', kind] as const,
  classes: ['admin', 'classes'] as const,
  reportClasses: ['admin', 'reportClasses'] as const,
  superClasses: (schoolId: string) => ['admin', 'superClasses', schoolId] as const,
  superSchools: ['admin', 'superSchools'] as const,
  superPending: ['admin', 'superPending'] as const,
  familyLinks: ['admin', 'familyLinks'] as const,
  moodConsents: ['admin', 'moodConsents'] as const,
  districts: ['admin', 'districts'] as const,
  backups: (schoolId: string | null) => ['admin', 'backups', schoolId] as const,
  moodSettings: ['admin', 'moodSettings'] as const,
  alertSettings: ['admin', 'alertSettings'] as const,
  alertAdults: ['admin', 'alertAdults'] as const,
  report: (name: string, ...args: unknown[]) => ['admin', 'report', name, ...args] as const,
};

export const configurationQuery = queryOptions({ queryKey: adminKeys.configuration, queryFn: () => api(adminApi.configuration) });
const superSchoolsQuery = queryOptions({ queryKey: adminKeys.superSchools, queryFn: () => api(adminApi.superSchools) });
const districtsQuery = queryOptions({ queryKey: adminKeys.districts, queryFn: () => api(adminApi.superDistricts) });
const schoolClassesQuery = queryOptions({ queryKey: adminKeys.classes, queryFn: () => api(adminApi.classes) });
const reportClassesQuery = queryOptions({ queryKey: adminKeys.reportClasses, queryFn: () => api(adminApi.reportClasses) });
export const moodSettingsQuery = queryOptions({ queryKey: adminKeys.moodSettings, queryFn: () => api(adminApi.moodReportSettings), staleTime: 0 });
export const categoriesQuery = (kind: 'high5' | 'vibe') =>
  queryOptions({ queryKey: adminKeys.categories(kind), queryFn: () => api(adminApi.categories, { params: { kind } }), staleTime: 0 });
export const alertSettingsQuery = queryOptions({ queryKey: adminKeys.alertSettings, queryFn: () => api(alertApi.alertSettings), staleTime: 0 });
const alertAdultsQuery = queryOptions({ queryKey: adminKeys.alertAdults, queryFn: () => api(alertApi.alertAdults), staleTime: 0 });

export const useConfiguration = () => useQuery(configurationQuery);
/** Every school, with its district (the super admin's pickers and lists). */
export const useSuperSchools = () => useQuery(superSchoolsQuery);
export const useDistricts = () => useQuery(districtsQuery);
export const useSchoolClasses = () => useQuery(schoolClassesQuery);
/** The classes the caller may report on (an admin: every class; a teacher: their own). */
export const useReportClasses = () => useQuery(reportClassesQuery);
export const useMoodSettings = () => useQuery(moodSettingsQuery);
export const useCategories = (kind: 'high5' | 'vibe') => useQuery(categoriesQuery(kind));
export const useAlertSettings = () => useQuery(alertSettingsQuery);
export const useAlertAdults = () => useQuery(alertAdultsQuery);

/**
 * A server-paged report (decision 0310) asked for with `filters` (null until the first Run): the page
 * the table shows (`table`: its search, order and page). `fetchPage` is the report's endpoint.
 */
export function usePagedReport<F, Row>(
  name: string,
  filters: F | null,
  table: TableState,
  fetchPage: (filters: F, table: TableState) => Promise<{ rows: Row[]; total: number }>,
  { enabled = true, fresh = false }: { enabled?: boolean; fresh?: boolean } = {},
) {
  return useQuery({
    queryKey: adminKeys.report(name, filters, table),
    queryFn: () => fetchPage(filters!, table),
    enabled: filters !== null && enabled,
    placeholderData: keepPreviousData,
    ...(fresh ? { staleTime: 0 } : {}),
  });
}

/**
 * A report's CSV file, written by the server from the database in the table's search and order
 * (docs/decisions/0610): `mutate(url)` saves it; a refusal is told in the user's language.
 */
export function useReportFile() {
  const notify = useNotify();
  const errorText = useErrorText('admin');
  return useMutation({
    mutationFn: (url: string) => downloadFrom(url, 'report.csv'),
    onError: (error) => notify('error', errorText(error)),
  });
}

/** The search and order of a report's table, as its CSV file's query. */
export const fileParams = <Sort extends string>(state: TableState) => ({ sort: state.sort as Sort, dir: state.dir, ...(state.q ? { q: state.q } : {}) });
