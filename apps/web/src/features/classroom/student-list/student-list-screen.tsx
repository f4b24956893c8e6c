import LockResetIcon from '@mui/icons-material/LockReset';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import SearchIcon from '@mui/icons-material/Search';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  InputAdornment,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gradeLabel } from '../../../components/give';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { useErrorText } from '../../../lib/use-error-text';
import { api, classroomKeys, e } from '../api';
import { showDateTime } from '../components/dates';
import { useDebounced } from '../components/use-debounced';

const headCell = { fontWeight: 700 } as const;
const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

interface Reset {
  name: string;
  login: string;
  temporaryPassword: string;
  expiresAt: string;
}

/**
 * The student list (/student-list, spec 002 section 2.4): admins see the school's students,
 * teachers their classes' students; each can get a new temporary password (shown once). In
 * paid schools, unregistered students can be selected and sent an invitation.
 */
export default function StudentListScreen() {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<{ id: string; name: string } | null>(null);
  const [reset, setReset] = useState<Reset | null>(null);

  const roster = useInfiniteQuery({
    queryKey: classroomKeys.roster(q),
    queryFn: ({ pageParam }) => api(e.roster, { query: { ...(q ? { search: q } : {}), ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = roster.data?.pages.flatMap((p) => p.students) ?? [];
  const paid = roster.data?.pages[0]?.paid ?? false;

  const resetPassword = useMutation({
    mutationFn: (student: { id: string; name: string }) => api(e.rosterResetPassword, { params: { studentId: student.id }, body: {} }),
    onSuccess: (result, student) => {
      setConfirm(null);
      setReset({ name: student.name, ...result });
      notify('success', t('studentList.resetDone', { name: student.name }));
    },
    onError: (error) => {
      setConfirm(null);
      notify('error', errorText(error));
    },
  });
  const invite = useMutation({
    mutationFn: (ids: string[]) => api(e.rosterInvite, { body: { studentIds: ids } }),
    onSuccess: async (result) => {
      if (result.failedStudentIds.length > 0) notify('warning', t('studentList.inviteSomeFailed', { invited: result.invited, failed: result.failedStudentIds.length }));
      else notify('success', t('studentList.invited', { count: result.invited }));
      setPicked(new Set());
      await queryClient.invalidateQueries({ queryKey: ['classroom', 'roster'] });
    },
    onError: (error) => notify('error', errorText(error)),
  });

  const toggle = (id: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Box>
      <PageTitle
        subtitle={t('studentList.subtitle')}
        actions={
          paid && picked.size > 0 ? (
            <Button variant="contained" startIcon={<MailOutlineIcon />} disabled={invite.isPending} onClick={() => invite.mutate([...picked])}>
              {t('studentList.inviteSelected', { count: picked.size })}
            </Button>
          ) : undefined
        }
      >
        {t('studentList.title')}
      </PageTitle>
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <Box sx={{ p: 2 }}>
          <TextField
            type="search"
            size="small"
            label={t('studentList.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value.slice(0, 100))}
            sx={{ width: { xs: '100%', sm: 380 } }}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon aria-hidden /></InputAdornment> } }}
          />
        </Box>
        <Box sx={{ height: 4 }}>{roster.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
        {roster.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorText(roster.error)}
          </Alert>
        ) : roster.data && rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {q ? t('studentList.noMatches') : t('studentList.empty')}
          </Typography>
        ) : (
          <TableContainer>
            <Table aria-label={t('studentList.title')}>
              <TableHead>
                <TableRow>
                  {paid && (
                    <TableCell padding="checkbox">
                      <Box component="span" sx={visuallyHidden}>
                        {t('studentList.select')}
                      </Box>
                    </TableCell>
                  )}
                  <TableCell sx={headCell}>{t('columns.name')}</TableCell>
                  <TableCell sx={{ ...headCell, ...hideOnPhone }}>{t('columns.email')}</TableCell>
                  <TableCell sx={{ ...headCell, width: 80 }}>{t('columns.grade')}</TableCell>
                  <TableCell sx={{ ...headCell, width: paid ? 120 : 90 }} align="right">
                    {t('columns.resetPassword')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((s) => (
                  <TableRow key={s.id} hover selected={picked.has(s.id)}>
                    {paid && (
                      <TableCell padding="checkbox">
                        {s.invitable && <Checkbox checked={picked.has(s.id)} onChange={() => toggle(s.id)} slotProps={{ input: { 'aria-label': t('studentList.selectStudent', { name: s.name }) } }} />}
                      </TableCell>
                    )}
                    <TableCell sx={{ wordBreak: 'break-word' }}>
                      <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                        {s.name}
                      </Typography>
                      {!s.registered && (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {t('classes.notRegistered')}
                        </Typography>
                      )}
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' }, wordBreak: 'break-all' }}>
                        {s.email}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ ...hideOnPhone, wordBreak: 'break-all' }}>{s.email ?? '—'}</TableCell>
                    <TableCell>{gradeLabel(s.grade, t)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {paid && s.invitable && (
                        <Tooltip title={t('studentList.inviteOne', { name: s.name })}>
                          <IconButton aria-label={t('studentList.inviteOne', { name: s.name })} disabled={invite.isPending} onClick={() => invite.mutate([s.id])}>
                            <MailOutlineIcon />
                          </IconButton>
                        </Tooltip>
                      )}
                      <Tooltip title={t('studentList.reset', { name: s.name })}>
                        <IconButton aria-label={t('studentList.reset', { name: s.name })} onClick={() => setConfirm(s)}>
                          <LockResetIcon />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {roster.hasNextPage && (
          <Box sx={{ p: 2, textAlign: 'center' }}>
            <Button variant="outlined" onClick={() => void roster.fetchNextPage()} disabled={roster.isFetchingNextPage}>
              {t('studentList.more')}
            </Button>
          </Box>
        )}
      </Paper>
      <ConfirmDialog
        open={!!confirm}
        title={t('studentList.resetTitle', { name: confirm?.name ?? '' })}
        message={t('studentList.resetMessage')}
        confirmLabel={t('studentList.resetConfirm')}
        destructive
        busy={resetPassword.isPending}
        onConfirm={() => confirm && resetPassword.mutate(confirm)}
        onCancel={() => setConfirm(null)}
      />
      <TemporaryPasswordDialog reset={reset} onClose={() => setReset(null)} />
    </Box>
  );
}

/** Shows the temporary password once; closing the dialog forgets it. */
function TemporaryPasswordDialog({ reset, onClose }: { reset: Reset | null; onClose: () => void }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const titleId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reset!.temporaryPassword);
      notify('success', t('studentList.copied'));
    } catch {
      notify('error', t('classes.codeCopyFailed'));
    }
  };
  return (
    <Dialog open={!!reset} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('studentList.tempTitle', { name: reset?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('studentList.tempHelp')}</DialogContentText>
        <Typography variant="body2" color="text.secondary">
          {t('studentList.login')}
        </Typography>
        <Typography sx={{ fontWeight: 600, mb: 1.5, wordBreak: 'break-all' }}>{reset?.login}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('studentList.tempPassword')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography data-testid="temporary-password" sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 22, fontWeight: 700, letterSpacing: 1 }}>
            {reset?.temporaryPassword}
          </Typography>
          <Tooltip title={t('studentList.copy')}>
            <IconButton aria-label={t('studentList.copy')} onClick={() => void copy()}>
              <ContentCopyIcon />
            </IconButton>
          </Tooltip>
        </Box>
        {reset && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('studentList.tempExpires', { date: showDateTime(reset.expiresAt) })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('studentList.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
