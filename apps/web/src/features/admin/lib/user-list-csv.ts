import { toCsv, toIsoDate, type AdminUser, type StaffGroup } from '@high5/contract';
import type { TFunction } from 'i18next';
import { downloadCsv } from '../../../lib/download';

/** The teachers or staff of a school as a CSV file, the school and group stated first (decision 0310). */
export function downloadUserList(t: TFunction, list: { title: string; school: string; group: StaffGroup; users: AdminUser[] }) {
  const group = t(list.group === 'teacher' ? 'admin:users.teachers' : 'admin:users.staff');
  const file = toCsv(
    list.users,
    [
      { header: t('admin:columns.name'), value: (u) => `${u.firstName} ${u.lastName}`.trim() },
      { header: t('admin:columns.email'), value: (u) => u.email },
      { header: t('admin:users.admin'), value: (u) => t(u.isAdmin ? 'admin:csv.yes' : 'admin:csv.no') },
    ],
    {
      preamble: [
        [t('admin:csv.report'), list.title],
        [t('admin:csv.school'), list.school],
        [t('admin:csv.group'), group],
        [t('admin:csv.createdOn'), toIsoDate(new Date())],
      ],
    },
  );
  const slug = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  downloadCsv(file, `${[list.title, list.school, group].map(slug).filter(Boolean).join('_')}.csv`);
}
