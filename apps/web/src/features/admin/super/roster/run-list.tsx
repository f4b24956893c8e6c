import { type RosterRun } from '@high5/contract';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../components/ui/data-table';
import { downloadReport } from '../../lib/report-csv';
import { headline, warningCount } from './api';
import { RunReport, statusColor } from './run-report';
import { showDateTime } from '../../../../lib/dates';

/**
 * The last runs, newest first: when, what kind, the result and the report's counts; a row opens its report.
 * Times are in `timeZone` (a district's, decision 0605), else the session school's.
 */
export function RunList({ runs, title, approvable = true, timeZone }: { runs: RosterRun[]; title: string; approvable?: boolean; timeZone?: string }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState<RosterRun | null>(null);
  const id = useId();
  const when = (d: string | null) => (d ? showDateTime(d, timeZone) : '—');
  const result = (r: RosterRun) => (r.status === 'failed' ? t(`errors:roster.${r.errorCode ?? 'roster_failed'}`) : t(`roster.status.${r.status}`));
  const columns = [
    {
      id: 'started',
      header: t('roster.started'),
      cell: (r: RosterRun) => when(r.startedAt ?? r.createdAt),
      value: (r: RosterRun) => r.startedAt ?? r.createdAt,
      date: true,
    },
    {
      id: 'finished',
      header: t('roster.finished'),
      cell: (r: RosterRun) => when(r.finishedAt),
      value: (r: RosterRun) => r.finishedAt ?? '',
      wide: true,
      date: true,
    },
    {
      id: 'kind',
      header: t('roster.kind'),
      cell: (r: RosterRun) => t(`roster.origin.${r.origin}`),
      value: (r: RosterRun) => t(`roster.origin.${r.origin}`),
      wide: true,
    },
    {
      id: 'result',
      header: t('roster.result'),
      // The CSV and the search carry a failure's reason; the cell a chip that fits a phone (the report says why).
      value: result,
      cell: (r: RosterRun) => <Chip size="small" color={statusColor(r.status)} label={t(`roster.status.${r.status}`)} />,
    },
    { id: 'added', header: t('roster.added'), cell: (r: RosterRun) => headline(r).added, value: (r: RosterRun) => headline(r).added, numeric: true },
    { id: 'changed', header: t('roster.changed'), cell: (r: RosterRun) => headline(r).changed, value: (r: RosterRun) => headline(r).changed, numeric: true },
    { id: 'removed', header: t('roster.removed'), cell: (r: RosterRun) => headline(r).removed, value: (r: RosterRun) => headline(r).removed, numeric: true },
    {
      id: 'errors',
      header: t('roster.errors'),
      cell: (r: RosterRun) => (r.status === 'failed' ? 1 : 0),
      value: (r: RosterRun) => (r.status === 'failed' ? 1 : 0),
      numeric: true,
      wide: true,
    },
    { id: 'warnings', header: t('roster.warnings'), cell: warningCount, value: warningCount, numeric: true, wide: true },
  ];
  return (
    <>
      <DataTable
        rows={runs}
        rowKey={(r) => r.id}
        caption={title}
        empty={t('roster.noRuns')}
        columns={columns}
        initialSort={{ sort: 'started', dir: 'desc' }}
        onOpen={setOpen}
        openLabel={(r) => t('roster.openRun', { date: when(r.startedAt ?? r.createdAt) })}
        onDownload={() =>
          downloadReport(t, {
            title,
            nameParts: [],
            filters: [],
            columns: columns.map((c) => ({ header: c.header, value: (r: RosterRun) => c.value(r) })),
            rows: runs,
          })
        }
      />
      <Dialog open={!!open} onClose={() => setOpen(null)} aria-labelledby={id} maxWidth="md" fullWidth>
        <DialogTitle id={id}>{t('roster.reportTitle')}</DialogTitle>
        <DialogContent>{open && <RunReport run={runs.find((r) => r.id === open.id) ?? open} approvable={approvable} timeZone={timeZone} />}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(null)}>{t('actions.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
