import type { AdminUser, StaffGroup } from '@high5/contract';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Paper,
  Skeleton,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
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
import { useInviteUnregistered, useSchoolUsers, useUserAction, type UserAction as Action } from './api';

const fullName = (u: AdminUser) => `${u.firstName} ${u.lastName}`.trim();
/** A rostered account, or an unused invitation, with an address to send the invitation to. */
const invitable = (u: AdminUser) => !u.registered && !!u.email;

/**
 * The school admin's user management (docs/rules/administration.md#user-management): teachers or staff of the current
 * school with an admin switch; staff can be made teachers and teachers made from staff go back;
 * teachers waiting for approval are approved or declined; people who have not registered (a sync
 * made their account) are invited one by one or all at once. Every action asks first.
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
  const invite = useInviteUnregistered();
  const [inviting, setInviting] = useState<AdminUser[] | null>(null);
  const sendInvites = (people: AdminUser[]) =>
    invite.mutate(people, {
      onSuccess: ({ invited, failedUserIds }) => {
        notify(
          failedUserIds.length ? 'warning' : 'success',
          [t('users.invited', { count: invited }), failedUserIds.length ? t('users.notInvited', { count: failedUserIds.length }) : ''].join(' ').trim(),
        );
      },
      onError: (error) => notify('error', errorText(error)),
      onSettled: () => setInviting(null),
    });
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
  const unregistered = active.filter(invitable);

  const columns: DataColumn<AdminUser>[] = [
    { id: 'name', header: t('columns.name'), cell: fullName, value: (u) => `${u.lastName} ${u.firstName}` },
    { id: 'email', header: t('columns.email'), cell: (u) => u.email ?? '', value: (u) => u.email ?? '', wide: true },
    {
      id: 'admin',
      header: t('users.admin'),
      value: (u) => (u.isAdmin ? t('users.admin') : ''),
      cell: (u) => (
        <Switch
          checked={u.isAdmin}
          onChange={() => ask(u.isAdmin ? 'removeAdmin' : 'makeAdmin', u)}
          slotProps={{ input: { 'aria-label': t('users.adminFor', { name: fullName(u), context: genderContext(u.gender) }) } }}
        />
      ),
    },
    {
      id: 'invite',
      header: t('users.invite'),
      sortable: false,
      cell: (u) =>
        invitable(u) ? (
          <Button size="small" variant="outlined" onClick={() => setInviting([u])} aria-label={t('users.inviteFor', { name: fullName(u) })}>
            {t('users.invite')}
          </Button>
        ) : null,
    },
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
                  <Box
                    key={u.id}
                    sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, p: 2, borderTop: i ? 1 : 0, borderColor: 'divider' }}
                  >
                    <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }}>
                        {fullName(u)}
                        {!u.emailConfirmed && <Chip size="small" variant="outlined" label={t('pending.emailUnconfirmed')} sx={{ ml: 1 }} />}
                      </Typography>
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
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
              {t(group === 'teacher' ? 'users.teacherList' : 'users.staffList')}
            </Typography>
            {unregistered.length > 0 && (
              <Button variant="outlined" startIcon={<MailOutlinedIcon />} onClick={() => setInviting(unregistered)}>
                {t('users.inviteAll', { count: unregistered.length })}
              </Button>
            )}
          </Box>
          <DataTable
            rows={active}
            rowKey={(u) => u.id}
            caption={t(group === 'teacher' ? 'users.teacherList' : 'users.staffList')}
            empty={t(group === 'teacher' ? 'users.noTeachers' : 'users.noStaff')}
            searchLabel={t('search.people')}
            onDownload={() => downloadUserList(t, { title: t('users.title'), school: schoolName, group, users: active })}
            subline={(u) => u.email ?? ''}
            badge={(u) => (
              <>
                {u.isSelf && <Chip size="small" label={t('users.you')} sx={{ ml: 1 }} />}
                {!u.registered && (
                  <Tooltip title={t('users.notRegisteredHelp')}>
                    <Chip size="small" variant="outlined" label={t('users.notRegistered')} sx={{ ml: 1 }} />
                  </Tooltip>
                )}
              </>
            )}
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
        open={inviting !== null}
        title={t(inviting && inviting.length > 1 ? 'users.confirm.inviteAll.title' : 'users.confirm.invite.title')}
        message={
          inviting
            ? inviting.length > 1
              ? t('users.confirm.inviteAll.body', { count: inviting.length, school: schoolName })
              : t('users.confirm.invite.body', { name: fullName(inviting[0]!), school: schoolName })
            : ''
        }
        confirmLabel={t(inviting && inviting.length > 1 ? 'users.confirm.inviteAll.ok' : 'users.confirm.invite.ok')}
        busy={invite.isPending}
        onConfirm={() => inviting && sendInvites(inviting)}
        onCancel={() => setInviting(null)}
      />
      <ConfirmDialog
        open={pending !== null && !soleSelf}
        title={pending ? t(`users.confirm.${pending.action}.title`, { context }) : ''}
        message={
          pending
            ? t(`users.confirm.${pending.action}${pending.action === 'removeAdmin' && pending.user.isSelf ? 'Self' : ''}.body`, {
                name: fullName(pending.user),
                school: schoolName,
                context,
              })
            : ''
        }
        confirmLabel={pending ? t(`users.confirm.${pending.action}.ok`, { context }) : undefined}
        destructive={pending?.action === 'removeAdmin' || pending?.action === 'reject' || pending?.action === 'revertToStaff'}
        busy={action.isPending}
        onConfirm={() => pending && run(pending)}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}
