import { adminEndpoints, type AdminUser, type StaffGroup, type SuperSchool } from '@high5/contract';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { Alert, Box, Chip, IconButton, Paper, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { adminKeys } from '../api';
import { GroupSwitch } from '../components/group-switch';
import { SchoolPicker } from '../components/pickers';
import { PendingApprovals } from './pending-approvals';

const fullName = (u: AdminUser) => `${u.firstName} ${u.lastName}`.trim();

/** /make-admin (spec 003 section 2.4): pick a school, then make its teachers or staff admins (plus) or not (minus). */
export default function MakeAdminScreen() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [school, setSchool] = useState<SuperSchool | null>(null);
  const [group, setGroup] = useState<StaffGroup>('teacher');
  const [pending, setPending] = useState<{ user: AdminUser; make: boolean } | null>(null);
  const users = useQuery({
    queryKey: adminKeys.superUsers(school?.id ?? '', group),
    queryFn: () => api(adminEndpoints.superUsers, { params: { schoolId: school!.id }, query: { role: group } }),
    enabled: !!school,
  });
  const change = useMutation({
    mutationFn: ({ user, make }: { user: AdminUser; make: boolean }) =>
      api(make ? adminEndpoints.superMakeAdmin : adminEndpoints.superRemoveAdmin, { params: { schoolId: school!.id, userId: user.id }, body: {} }),
    onSuccess: async (_data, { user, make }) => {
      notify('success', t(make ? 'users.done.makeAdmin' : 'users.done.removeAdmin', { name: fullName(user) }));
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'superUsers', school!.id] });
    },
    onError: (error) => {
      notify('error', errorText(error));
      setPending(null);
    },
  });
  const active = (users.data ?? []).filter((u) => u.status === 'active');
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
          ) : active.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3, color: 'text.secondary' }}>
              {t(group === 'teacher' ? 'users.noTeachers' : 'users.noStaff')}
            </Paper>
          ) : (
            <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 3 }}>
              <Table size="small" aria-label={t('makeAdmin.listLabel', { school: school.name })}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ fontWeight: 700 }}>{t('columns.name')}</TableCell>
                    <TableCell sx={{ fontWeight: 700, display: { xs: 'none', md: 'table-cell' } }}>{t('columns.email')}</TableCell>
                    <TableCell sx={{ fontWeight: 700 }} align="center">
                      {t('users.admin')}
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
                        {u.isAdmin && <Chip size="small" color="primary" label={t('users.isAdmin')} sx={{ ml: 1 }} />}
                        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: { xs: 'block', md: 'none' }, overflowWrap: 'anywhere' }}>
                          {u.email}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, overflowWrap: 'anywhere' }}>{u.email}</TableCell>
                      <TableCell align="center">
                        {u.isAdmin ? (
                          <Tooltip title={t('makeAdmin.removeFor', { name: fullName(u) })}>
                            <IconButton color="error" onClick={() => setPending({ user: u, make: false })} aria-label={t('makeAdmin.removeFor', { name: fullName(u) })}>
                              <RemoveCircleOutlineIcon />
                            </IconButton>
                          </Tooltip>
                        ) : (
                          <Tooltip title={t('makeAdmin.makeFor', { name: fullName(u) })}>
                            <IconButton color="primary" onClick={() => setPending({ user: u, make: true })} aria-label={t('makeAdmin.makeFor', { name: fullName(u) })}>
                              <AddCircleOutlineIcon />
                            </IconButton>
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
        title={pending ? t(pending.make ? 'users.confirm.makeAdmin.title' : 'users.confirm.removeAdmin.title') : ''}
        message={pending ? t(pending.make ? 'users.confirm.makeAdmin.body' : 'users.confirm.removeAdmin.body', { name: fullName(pending.user), school: school?.name ?? '' }) : ''}
        confirmLabel={pending ? t(pending.make ? 'users.confirm.makeAdmin.ok' : 'users.confirm.removeAdmin.ok') : undefined}
        destructive={pending ? !pending.make : false}
        busy={change.isPending}
        onConfirm={() => pending && change.mutate(pending)}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}
