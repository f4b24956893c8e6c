import type { ClassItem } from '@high5/contract';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { useClassRequests, useDecideRequests } from './api';
import { Loading, PanelHeader, TableArea, useStudentColumns, useStudentPicks } from './class-panel-parts';

/** The "Approve" view of a class: students who asked to join, accepted or declined. */
export function ApproveRequests({ cls }: { cls: ClassItem }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const { picked, clear, selection } = useStudentPicks();
  const students = useStudentColumns();
  const requests = useClassRequests(cls.id);
  const decision = useDecideRequests(cls.id);
  const decide = (enroll: boolean) =>
    decision.mutate(
      { studentIds: [...picked], enroll },
      {
        onSuccess: (result) => {
          if (result.failedStudentIds.length > 0) notify('warning', t('classes.approveFailed', { count: result.failedStudentIds.length }));
          else notify('success', t(enroll ? 'classes.approved' : 'classes.rejected', { count: picked.size }));
          clear();
        },
        onError: (error) => notify('error', errorText(error)),
      },
    );
  return (
    <>
      <PanelHeader title={t('classes.requestsTitle', { name: cls.name })}>
        {/* A rostered class's requests can only be declined (docs/decisions/0600). */}
        {cls.policies.canChangeStudents && (
          <Button variant="contained" disabled={picked.size === 0 || decision.isPending} onClick={() => decide(true)}>
            {t('classes.approveSelected', { count: picked.size })}
          </Button>
        )}
        <Button color="error" variant="outlined" disabled={picked.size === 0 || decision.isPending} onClick={() => decide(false)}>
          {t('classes.rejectSelected')}
        </Button>
      </PanelHeader>
      <Loading show={requests.isFetching} />
      {requests.data && (
        <TableArea>
          <DataTable
            {...students}
            rows={requests.data}
            caption={t('classes.requestsTitle', { name: cls.name })}
            empty={t('classes.noRequests')}
            searchable={false}
            selection={selection}
          />
        </TableArea>
      )}
    </>
  );
}
