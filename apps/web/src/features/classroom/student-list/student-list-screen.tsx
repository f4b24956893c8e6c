import { gradeLabel } from '@high5/contract';
import LockResetIcon from '@mui/icons-material/LockReset';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import { Alert, Box, Button, IconButton, LinearProgress, Tooltip, Typography } from '@mui/material';
import type { RosterStudent, StudentFilter } from '@high5/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInMe } from '../../../app/session';
import { NO_STUDENT_FILTER, StudentFilterFields, StudentFlagChips } from '../../../components/student-filter/student-filter-fields';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, initialTableState, type DataColumn, type TableState } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorText } from '../../../lib/use-error-text';
import { useInviteStudents, useResetStudentPassword, useRoster } from './api';
import { InviteClassDialog } from './invite-class-dialog';
import { ResetLinkDialog, type Reset } from './reset-link-dialog';

/**
 * The student list (/student-list, docs/rules/classroom.md#student-list): admins see the school's students,
 * teachers their classes' students, searched, sorted and paged by the server. Admins can reset a
 * student's password: a one-time link, e-mailed to the student or shown once (docs/decisions/0162).
 * In paid schools, unregistered students can be selected and sent an invitation.
 */
export default function StudentListScreen() {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const canReset = useSignedInMe().isAdmin;
  const [table, setTable] = useState<TableState>(() => initialTableState('name'));
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<{ id: string; name: string } | null>(null);
  const [reset, setReset] = useState<Reset | null>(null);
  const [filter, setFilter] = useState<StudentFilter>(NO_STUDENT_FILTER);
  const roster = useRoster(table, filter);
  const changeFilter = (next: StudentFilter) => {
    setFilter(next);
    setTable((s) => ({ ...s, page: 0 }));
  };
  const paid = roster.data?.paid ?? false;
  const resetPassword = useResetStudentPassword();
  const invite = useInviteStudents();
  const [invitingClass, setInvitingClass] = useState(false);

  const sendReset = (student: { id: string; name: string }) =>
    resetPassword.mutate(student, {
      onSuccess: (result) => {
        setReset({ name: student.name, ...result });
        notify('success', t('studentList.resetDone', { name: student.name }));
      },
      onError: (error) => notify('error', errorText(error)),
      onSettled: () => setConfirm(null),
    });
  const sendInvites = (ids: string[]) =>
    invite.mutate(ids, {
      onSuccess: (result) => {
        if (result.failedStudentIds.length > 0)
          notify('warning', t('studentList.inviteSomeFailed', { invited: result.invited, failed: result.failedStudentIds.length }));
        else notify('success', t('studentList.invited', { count: result.invited }));
        setPicked(new Set());
      },
      onError: (error) => notify('error', errorText(error)),
    });

  const columns: DataColumn<RosterStudent>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      cell: (s) => (
        <>
          <Typography component="span" sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}>
            {s.name}
          </Typography>
          {!s.registered && (
            <Typography component="span" variant="body2" color="text.secondary">
              {t('classes.notRegistered')}
            </Typography>
          )}
          {/* Only an admin's list carries the flags (docs/decisions/0601). */}
          <StudentFlagChips flags={s.flags} />
        </>
      ),
    },
    { id: 'email', header: t('columns.email'), cell: (s) => <Box sx={{ overflowWrap: 'anywhere' }}>{s.email ?? '—'}</Box>, wide: true },
    { id: 'grade', header: t('columns.grade'), cell: (s) => gradeLabel(s.grade, t) },
  ];
  if (canReset || paid) {
    columns.push({
      id: 'action',
      header: canReset ? t('columns.resetPassword') : t('columns.action'),
      sortable: false,
      cell: (s) => (
        <Box sx={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
          {paid && s.invitable && (
            <Tooltip title={t('studentList.inviteOne', { name: s.name })}>
              <IconButton aria-label={t('studentList.inviteOne', { name: s.name })} disabled={invite.isPending} onClick={() => sendInvites([s.id])}>
                <MailOutlineIcon />
              </IconButton>
            </Tooltip>
          )}
          {canReset && (
            <Tooltip title={t('studentList.reset', { name: s.name })}>
              <IconButton aria-label={t('studentList.reset', { name: s.name })} onClick={() => setConfirm(s)}>
                <LockResetIcon />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ),
    });
  }

  return (
    <Box>
      <PageTitle
        subtitle={t('studentList.subtitle')}
        actions={
          paid && (picked.size > 0 || canReset) ? (
            <>
              {canReset && (
                <Button variant="outlined" startIcon={<MailOutlineIcon />} onClick={() => setInvitingClass(true)}>
                  {t('studentList.classInvite')}
                </Button>
              )}
              {picked.size > 0 && (
                <Button variant="contained" startIcon={<MailOutlineIcon />} disabled={invite.isPending} onClick={() => sendInvites([...picked])}>
                  {t('studentList.inviteSelected', { count: picked.size })}
                </Button>
              )}
            </>
          ) : undefined
        }
      >
        {t('studentList.title')}
      </PageTitle>
      {/* Flags only for admins: the server refuses them to anyone else (docs/decisions/0601). */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 1 }}>
        <StudentFilterFields value={filter} onChange={changeFilter} flags={canReset} />
      </Box>
      <Box sx={{ height: 4 }}>{roster.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {roster.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(roster.error)}
        </Alert>
      ) : (
        roster.data && (
          <DataTable
            rows={roster.data.rows}
            columns={columns}
            rowKey={(s) => s.id}
            subline={(s) => s.email}
            caption={t('studentList.title')}
            server={{ total: roster.data.total, state: table, onStateChange: setTable }}
            searchLabel={t('studentList.search')}
            noMatch={() => t('studentList.noMatches')}
            empty={t('studentList.empty')}
            selection={
              paid
                ? {
                    selected: picked,
                    onChange: setPicked,
                    rowLabel: (s) => t('studentList.selectStudent', { name: s.name }),
                    allLabel: t('studentList.selectAll'),
                    canSelect: (s) => s.invitable,
                  }
                : undefined
            }
          />
        )
      )}
      <ConfirmDialog
        open={!!confirm}
        title={t('studentList.resetTitle', { name: confirm?.name ?? '' })}
        message={t('studentList.resetMessage')}
        confirmLabel={t('studentList.resetConfirm')}
        destructive
        busy={resetPassword.isPending}
        onConfirm={() => confirm && sendReset(confirm)}
        onCancel={() => setConfirm(null)}
      />
      <ResetLinkDialog reset={reset} onClose={() => setReset(null)} />
      {canReset && <InviteClassDialog open={invitingClass} onClose={() => setInvitingClass(false)} />}
    </Box>
  );
}
