import type { AdminUser, StaffGroup } from '@high5/contract';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Paper, Skeleton, Switch, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInMe } from '../../../app/session';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmailText } from '../../../components/ui/email-text';
import { useNotify } from '../../../components/ui/notifications';
import { genderContext } from '../../../lib/gender';
import { useErrorText } from '../../../lib/use-error-text';
import { GroupSwitch } from '../components/group-switch';
import { downloadUserList } from '../lib/user-list-csv';
import { useSchoolUsers, useUserAction, type UserAction as Action } from './api';

const fullName = (u: AdminUser) => `${u.firstName} ${u.lastName}`.trim();

/**
 * The school admin's user management (spec 003 section 2.5): teachers or staff of the current
 * school with an admin switch; staff can be made teachers and teachers made from staff go back;
 * teachers waiting for approval are approved or declined. Every action asks first.
 */
export function UserManagement() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const me = useSignedInMe();
  const schoolName = me.school?.name ?? '';
  const [group, setGroup] = useState<StaffGroup>('teacher');
  const [pending, setPending] = useState<{ action: Action; user: AdminUser } | null>(null);
  const users = useSchoolUsers(group);
  const action = useUserAction();
  const run = (next: { action: Action; user: AdminUser }) =>
    action.mutate(next, {
      onSuccess: () => notify('success', t(`users.done.${next.action}`, { name: fullName(next.user), context: genderContext(next.user.gender) })),
      onError: (error) => notify('error', errorText(error)),
      onSettled: () => setPending(null),
    });

  const ask = (action: Action, user: AdminUser) => setPending({ action, user });
  const soleSelf = pending?.action === 'removeAdmin' && pending.user.isSelf && pending.user.soleAdmin;
  const context = genderContext(pending?.user.gender);
  const list = users.data ?? [];
  const waiting = list.filter((u) => u.status === 'pending');
  const active = list.filter((u) => u.status === 'active');

  const columns: DataColumn<AdminUser>[] = [
    { id: 'name', header: t('columns.name'), cell: fullName, value: (u) => `${u.lastName} ${u.firstName}` },
    { id: 'email', header: t('columns.email'), cell: (u) => u.email ?? '', value: (u) => u.email ?? '', wide: true },
    { id: 'admin', header: t('users.admin'), value: (u) => (u.isAdmin ? t('users.admin') : ''), cell: (u) => (
        <Switch checked={u.isAdmin} onChange={() => ask(u.isAdmin ? 'removeAdmin' : 'makeAdmin', u)} slotProps={{ input: { 'aria-label': t('users.adminFor', { name: fullName(u), context: genderContext(u.gender) }) } }} />
      ) },
    {
      id: 'role',
      header: t(group === 'teacher' ? 'users.backToStaff' : 'users.makeTeacher'),
      sortable: false,
      cell: (u) =>
        group === 'staff' ? (
          <Tooltip title={t('users.makeTeacherFor', { name: fullName(u) })}>
            <IconButton color="primary" onClick={() => ask('makeTeacher', u)} aria-label={t('users.makeTeacherFor', { name: fullName(u) })}>
              <PersonAddAlt1Icon />
            </IconButton>
          </Tooltip>
        ) : u.staffAsTeacher ? (
          <Tooltip title={t('users.backToStaffFor', { name: fullName(u) })}>
            <IconButton color="error" onClick={() => ask('revertToStaff', u)} aria-label={t('users.backToStaffFor', { name: fullName(u) })}>
              <PersonRemoveIcon />
            </IconButton>
          </Tooltip>
        ) : (
          <Tooltip title={t('users.signedUpAsTeacher')}>
            <Typography component="span" color="text.secondary" aria-label={t('users.signedUpAsTeacher')} tabIndex={0}>
              —
            </Typography>
          </Tooltip>
        ),
    },
  ];

  return (
    <Box>
      <GroupSwitch value={group} onChange={setGroup} />
      {users.isError ? (
        <Alert severity="error">{errorText(users.error)}</Alert>
      ) : users.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <>
          {waiting.length > 0 && (
            <Box component="section" aria-labelledby="admin-users-waiting" sx={{ mb: 3 }}>
              <Typography id="admin-users-waiting" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
                {t('users.waiting', { count: waiting.length })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {t('users.waitingHelp')}
              </Typography>
              <Paper variant="outlined" sx={{ borderRadius: 3 }}>
                {waiting.map((u, i) => (
                  <Box key={u.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, p: 2, borderTop: i ? 1 : 0, borderColor: 'divider' }}>
                    <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }}>{fullName(u)}</Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
                        {u.email && <EmailText email={u.email} />}
                      </Typography>
                    </Box>
                    <Button variant="contained" onClick={() => ask('approve', u)} aria-label={t('users.approveFor', { name: fullName(u) })}>
                      {t('users.approve')}
                    </Button>
                    <Button color="error" variant="outlined" onClick={() => ask('reject', u)} aria-label={t('users.rejectFor', { name: fullName(u) })}>
                      {t('users.reject')}
                    </Button>
                  </Box>
                ))}
              </Paper>
            </Box>
          )}
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {t(group === 'teacher' ? 'users.teacherList' : 'users.staffList')}
          </Typography>
          <DataTable
            rows={active}
            rowKey={(u) => u.id}
            caption={t(group === 'teacher' ? 'users.teacherList' : 'users.staffList')}
            empty={t(group === 'teacher' ? 'users.noTeachers' : 'users.noStaff')}
            searchLabel={t('search.people')}
            onDownload={() => downloadUserList(t, { title: t('users.title'), school: schoolName, group, users: active })}
            subline={(u) => u.email ?? ''}
            badge={(u) => (u.isSelf ? <Chip size="small" label={t('users.you')} sx={{ ml: 1 }} /> : null)}
            columns={columns}
          />
        </>
      )}
      {/* The only admin cannot remove their own flag (LAST_ADMIN): say why instead of offering it. */}
      <Dialog open={!!soleSelf} onClose={() => setPending(null)} aria-labelledby="sole-admin-title" aria-describedby="sole-admin-body" maxWidth="xs" fullWidth>
        <DialogTitle id="sole-admin-title">{t('users.confirm.soleAdmin.title', { context })}</DialogTitle>
        <DialogContent>
          <DialogContentText id="sole-admin-body">{t('users.confirm.soleAdmin.body', { school: schoolName, context })}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setPending(null)} variant="contained" autoFocus>
            {t('actions.close')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={pending !== null && !soleSelf}
        title={pending ? t(`users.confirm.${pending.action}.title`, { context }) : ''}
        message={pending ? t(`users.confirm.${pending.action}${pending.action === 'removeAdmin' && pending.user.isSelf ? 'Self' : ''}.body`, { name: fullName(pending.user), school: schoolName, context }) : ''}
        confirmLabel={pending ? t(`users.confirm.${pending.action}.ok`, { context }) : undefined}
        destructive={pending?.action === 'removeAdmin' || pending?.action === 'reject' || pending?.action === 'revertToStaff'}
        busy={action.isPending}
        onConfirm={() => pending && run(pending)}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}
