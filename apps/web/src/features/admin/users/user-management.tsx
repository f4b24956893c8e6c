import { adminEndpoints, type AdminUser, type StaffGroup } from '@high5/contract';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Alert, Box, Button, Chip, IconButton, Paper, Skeleton, Switch, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { meKey, useSignedInMe } from '../../../app/session';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { adminKeys } from '../api';
import { GroupSwitch } from '../components/group-switch';

type Action = 'makeAdmin' | 'removeAdmin' | 'makeTeacher' | 'revertToStaff' | 'approve' | 'reject';

const request = (action: Action, userId: string): Promise<unknown> => {
  const params = { params: { userId }, body: {} };
  switch (action) {
    case 'makeAdmin':
      return api(adminEndpoints.makeAdmin, params);
    case 'removeAdmin':
      return api(adminEndpoints.removeAdmin, params);
    case 'makeTeacher':
      return api(adminEndpoints.makeTeacher, params);
    case 'revertToStaff':
      return api(adminEndpoints.revertToStaff, params);
    case 'approve':
      return api(adminEndpoints.approveTeacher, params);
    case 'reject':
      return api(adminEndpoints.rejectTeacher, params);
  }
};

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
  const queryClient = useQueryClient();
  const me = useSignedInMe();
  const schoolName = me.school?.name ?? '';
  const [group, setGroup] = useState<StaffGroup>('teacher');
  const [pending, setPending] = useState<{ action: Action; user: AdminUser } | null>(null);
  const users = useQuery({ queryKey: adminKeys.users(group), queryFn: () => api(adminEndpoints.users, { query: { role: group } }) });

  const run = useMutation({
    mutationFn: ({ action, user }: { action: Action; user: AdminUser }) => request(action, user.id),
    onSuccess: async (_data, { action, user }) => {
      notify('success', t(`users.done.${action}`, { name: fullName(user) }));
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      // Losing one's own admin flag changes what this user may open.
      if (user.isSelf) await queryClient.invalidateQueries({ queryKey: meKey });
    },
    onError: (error) => {
      notify('error', errorText(error));
      setPending(null);
    },
  });

  const ask = (action: Action, user: AdminUser) => setPending({ action, user });
  const list = users.data ?? [];
  const waiting = list.filter((u) => u.status === 'pending');
  const active = list.filter((u) => u.status === 'active');

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
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {u.email}
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
          {active.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3, color: 'text.secondary' }}>
              {t(group === 'teacher' ? 'users.noTeachers' : 'users.noStaff')}
            </Paper>
          ) : (
            <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 3 }}>
              <Table size="small" aria-label={t(group === 'teacher' ? 'users.teacherList' : 'users.staffList')}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ fontWeight: 700 }}>{t('columns.name')}</TableCell>
                    <TableCell sx={{ fontWeight: 700, display: { xs: 'none', md: 'table-cell' } }}>{t('columns.email')}</TableCell>
                    <TableCell sx={{ fontWeight: 700 }} align="center">
                      {t('users.admin')}
                    </TableCell>
                    <TableCell sx={{ fontWeight: 700 }} align="center">
                      {t(group === 'teacher' ? 'users.backToStaff' : 'users.makeTeacher')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {active.map((u) => (
                    <TableRow key={u.id}>
                      <TableCell>
                        <Typography component="span" sx={{ fontWeight: 600 }}>
                          {fullName(u)}
                        </Typography>
                        {u.isSelf && <Chip size="small" label={t('users.you')} sx={{ ml: 1 }} />}
                        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: { xs: 'block', md: 'none' }, overflowWrap: 'anywhere' }}>
                          {u.email}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, overflowWrap: 'anywhere' }}>{u.email}</TableCell>
                      <TableCell align="center">
                        <Switch
                          checked={u.isAdmin}
                          onChange={() => ask(u.isAdmin ? 'removeAdmin' : 'makeAdmin', u)}
                          slotProps={{ input: { 'aria-label': t('users.adminFor', { name: fullName(u) }) } }}
                        />
                      </TableCell>
                      <TableCell align="center">
                        {group === 'staff' ? (
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
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`users.confirm.${pending.action}.title`) : ''}
        message={pending ? t(`users.confirm.${pending.action}${pending.action === 'removeAdmin' && pending.user.isSelf ? 'Self' : ''}.body`, { name: fullName(pending.user), school: schoolName }) : ''}
        confirmLabel={pending ? t(`users.confirm.${pending.action}.ok`) : undefined}
        destructive={pending?.action === 'removeAdmin' || pending?.action === 'reject' || pending?.action === 'revertToStaff'}
        busy={run.isPending}
        onConfirm={() => pending && run.mutate(pending)}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}
