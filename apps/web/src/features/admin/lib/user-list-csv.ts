import type { AdminUser, StaffGroup } from '@high5/contract';
import type { TFunction } from 'i18next';
import { downloadReport } from './report-csv';

/** The teachers or staff of a school as a CSV file, the school and group stated first (decision 0310). */
export function downloadUserList(t: TFunction, list: { title: string; school: string; group: StaffGroup; users: AdminUser[] }) {
  const group = t(list.group === 'teacher' ? 'admin:users.teachers' : 'admin:users.staff');
  downloadReport(t, {
    title: list.title,
    nameParts: [list.school, group],
    filters: [
      [t('admin:csv.school'), list.school],
      [t('admin:csv.group'), group],
    ],
    columns: [
      { header: t('admin:columns.name'), value: (u) => `${u.firstName} ${u.lastName}`.trim() },
      { header: t('admin:columns.email'), value: (u) => u.email },
      { header: t('admin:users.admin'), value: (u) => t(u.isAdmin ? 'admin:csv.yes' : 'admin:csv.no') },
    ],
    rows: list.users,
  });
}
