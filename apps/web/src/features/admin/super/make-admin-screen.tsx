import { type AdminUser, type StaffGroup, type SuperSchool } from '@high5/contract';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { Alert, Box, Chip, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { genderContext } from '../../../lib/gender';
import { useErrorText } from '../../../lib/use-error-text';
import { GroupSwitch } from '../components/group-switch';
import { SchoolPicker } from '../components/pickers';
import { downloadUserList } from '../lib/user-list-csv';
import { useSuperAdminFlag, useSuperUsers } from './api';
import { PendingApprovals } from './pending-approvals';

const fullName = (u: AdminUser) => `${u.firstName} ${u.lastName}`.trim();

/** /make-admin (docs/rules/administration.md#make-admin): pick a school, then make its teachers or staff admins (plus) or not (minus). */
export default function MakeAdminScreen() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const [school, setSchool] = useState<SuperSchool | null>(null);
  const [group, setGroup] = useState<StaffGroup>('teacher');
  const [pending, setPending] = useState<{ user: AdminUser; make: boolean } | null>(null);
  const users = useSuperUsers(school?.id, group);
  const change = useSuperAdminFlag(school?.id ?? '');
  const confirm = (choice: { user: AdminUser; make: boolean }) =>
    change.mutate(choice, {
      onSuccess: () => {
        notify(
          'success',
          t(choice.make ? 'users.done.makeAdmin' : 'users.done.removeAdmin', { name: fullName(choice.user), context: genderContext(choice.user.gender) }),
        );
        setPending(null);
      },
      onError: (error) => {
        notify('error', errorText(error));
        setPending(null);
      },
    });
  const active = (users.data ?? []).filter((u) => u.status === 'active');
  const columns: DataColumn<AdminUser>[] = [
    { id: 'name', header: t('columns.name'), cell: fullName, value: (u) => `${u.lastName} ${u.firstName}` },
    { id: 'email', header: t('columns.email'), cell: (u) => u.email ?? '', value: (u) => u.email ?? '', wide: true },
    {
      id: 'admin',
      header: t('users.admin'),
      value: (u) => (u.isAdmin ? t('users.admin') : ''),
      cell: (u) =>
        u.isAdmin ? (
          <Tooltip title={t('makeAdmin.removeFor', { name: fullName(u), context: genderContext(u.gender) })}>
            <IconButton
              color="error"
              onClick={() => setPending({ user: u, make: false })}
              aria-label={t('makeAdmin.removeFor', { name: fullName(u), context: genderContext(u.gender) })}
            >
              <RemoveCircleOutlineIcon />
            </IconButton>
          </Tooltip>
        ) : (
          <Tooltip title={t('makeAdmin.makeFor', { name: fullName(u), context: genderContext(u.gender) })}>
            <IconButton
              color="primary"
              onClick={() => setPending({ user: u, make: true })}
              aria-label={t('makeAdmin.makeFor', { name: fullName(u), context: genderContext(u.gender) })}
            >
              <AddCircleOutlineIcon />
            </IconButton>
          </Tooltip>
        ),
    },
  ];
  return (
    <Box>
      <PageTitle>{t('makeAdmin.title')}</PageTitle>
      <PendingApprovals />
      <Box sx={{ mb: 2 }}>
        <SchoolPicker value={school} onChange={setSchool} />
      </Box>
      {!school ? (
        <Typography color="text.secondary">{t('makeAdmin.hint')}</Typography>
      ) : (
        <>
          <GroupSwitch value={group} onChange={setGroup} />
          {users.isError ? (
            <Alert severity="error">{errorText(users.error)}</Alert>
          ) : users.isPending ? (
            <Skeleton variant="rounded" height={200} />
          ) : (
            <DataTable
              rows={active}
              rowKey={(u) => u.id}
              caption={t('makeAdmin.listLabel', { school: school.name })}
              empty={t(group === 'teacher' ? 'users.noTeachers' : 'users.noStaff')}
              searchLabel={t('search.people')}
              onDownload={() => downloadUserList(t, { title: t('makeAdmin.title'), school: school.name, group, users: active })}
              subline={(u) => u.email ?? ''}
              badge={(u) =>
                u.isAdmin ? <Chip size="small" color="primary" label={t('users.isAdmin', { context: genderContext(u.gender) })} sx={{ ml: 1 }} /> : null
              }
              columns={columns}
            />
          )}
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending ? t(pending.make ? 'users.confirm.makeAdmin.title' : 'users.confirm.removeAdmin.title', { context: genderContext(pending.user.gender) }) : ''
        }
        message={
          pending
            ? t(pending.make ? 'users.confirm.makeAdmin.body' : 'users.confirm.removeAdmin.body', {
                name: fullName(pending.user),
                school: school?.name ?? '',
                context: genderContext(pending.user.gender),
              })
            : ''
        }
        confirmLabel={
          pending ? t(pending.make ? 'users.confirm.makeAdmin.ok' : 'users.confirm.removeAdmin.ok', { context: genderContext(pending.user.gender) }) : undefined
        }
        destructive={pending ? !pending.make : false}
        busy={change.isPending}
        onConfirm={() => pending && confirm(pending)}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}
