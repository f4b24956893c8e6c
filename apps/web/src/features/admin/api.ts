import { adminApi, alertApi, type StaffGroup } from '@high5/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

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
  districts: ['admin', 'districts'] as const,
  backups: (schoolId: string | null) => ['admin', 'backups', schoolId] as const,
  moodSettings: ['admin', 'moodSettings'] as const,
  alertSettings: ['admin', 'alertSettings'] as const,
  alertAdults: ['admin', 'alertAdults'] as const,
  report: (name: string, ...args: unknown[]) => ['admin', 'report', name, ...args] as const,
};

export const configurationQuery = queryOptions({ queryKey: adminKeys.configuration, queryFn: () => api(adminApi.configuration) });
export const superSchoolsQuery = queryOptions({ queryKey: adminKeys.superSchools, queryFn: () => api(adminApi.superSchools) });
export const districtsQuery = queryOptions({ queryKey: adminKeys.districts, queryFn: () => api(adminApi.superDistricts) });
export const schoolClassesQuery = queryOptions({ queryKey: adminKeys.classes, queryFn: () => api(adminApi.classes) });
export const reportClassesQuery = queryOptions({ queryKey: adminKeys.reportClasses, queryFn: () => api(adminApi.reportClasses) });
export const moodSettingsQuery = queryOptions({ queryKey: adminKeys.moodSettings, queryFn: () => api(adminApi.moodReportSettings), staleTime: 0 });
export const categoriesQuery = (kind: 'high5' | 'vibe') => queryOptions({ queryKey: adminKeys.categories(kind), queryFn: () => api(adminApi.categories, { params: { kind } }), staleTime: 0 });
export const alertSettingsQuery = queryOptions({ queryKey: adminKeys.alertSettings, queryFn: () => api(alertApi.alertSettings), staleTime: 0 });
export const alertAdultsQuery = queryOptions({ queryKey: adminKeys.alertAdults, queryFn: () => api(alertApi.alertAdults), staleTime: 0 });
