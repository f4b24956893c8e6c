import { adminApi, type ReportRow, type ReportSort, type Role } from '@high5/contract';
import { Box } from '@mui/material';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, initialTableState, type TableState } from '../../../components/ui/data-table';
import { DateRangePicker, type DateRange } from '../../../components/ui/date-range-picker';
import { useNotify } from '../../../components/ui/notifications';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { adminKeys } from '../api';
import { RoleSelect } from '../components/pickers';
import { defaultRange, isValidRange, rangeParam, todayIso } from '../lib/dates';
import { RangeIssue } from '../components/range-issue';
import { ReportFilterBar, ReportOutcome } from '../components/report-filters';
import { countColumn, csvColumnsOf, downloadReport, identifierOf, loadAllRows, pageParams, personColumns, type ReportColumn } from '../lib/report-csv';
import { UserReportsDialog } from './user-reports-dialog';

/** The admin's group report (spec 003 section 2.7): counts per member of one user group. */
export function GroupReport() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const [role, setRole] = useState<Role>('student');
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [submitted, setSubmitted] = useState<{ role: Role; range: DateRange } | null>(null);
  const [open, setOpen] = useState<ReportRow | null>(null);

  const [table, setTable] = useState<TableState>(() => initialTableState());
  const notify = useNotify();

  const fetchPage = (state: TableState) =>
    api(adminApi.groupReport, { query: { role: submitted!.role, range: rangeParam(submitted!.range), ...pageParams<ReportSort>(state) } });
  const report = useQuery({
    queryKey: adminKeys.report('group', submitted, table),
    queryFn: () => fetchPage(table),
    enabled: submitted !== null,
    placeholderData: keepPreviousData,
  });
  const columns: ReportColumn<ReportRow>[] = [
    ...personColumns<ReportRow>(t),
    countColumn<ReportRow>('high5Given', t('columns.high5Given'), (r) => r.high5Given),
    countColumn<ReportRow>('high5Received', t('columns.high5Received'), (r) => r.high5Received),
    countColumn<ReportRow>('vibeGiven', t('columns.vibeGiven'), (r) => r.vibeGiven),
    countColumn<ReportRow>('vibeReceived', t('columns.vibeReceived'), (r) => r.vibeReceived),
  ];
  const download = useMutation({
    mutationFn: async () => {
      const rows = await loadAllRows((page, pageSize) => fetchPage({ ...table, page, pageSize }));
      const group = t(`common:roles.${submitted!.role}`);
      downloadReport(t, {
        title: t('dashboard.views.report'),
        nameParts: [group],
        range: submitted!.range,
        filters: [[t('csv.group'), group]],
        table,
        sortHeader: columns.find((c) => c.id === table.sort)?.header ?? '',
        columns: csvColumnsOf(columns),
        rows,
      });
    },
    onError: (error) => notify('error', errorText(error)),
  });

  const run = () => {
    setSubmitted({ role, range });
    setTable((state) => ({ ...state, page: 0 }));
  };

  return (
    <Box>
      <ReportFilterBar label={t('groupReport.formLabel')} canRun={isValidRange(range)} onRun={run}>
        <RoleSelect value={role} onChange={setRole} label={t('filters.userGroup')} />
        <DateRangePicker value={range} onChange={setRange} maxDate={todayIso()} />
        <RangeIssue range={range} />
      </ReportFilterBar>
      <ReportOutcome report={report} hint={!submitted && t('groupReport.hint')}>
        {submitted && report.data ? (
        <DataTable
          rows={report.data.rows}
          server={{ total: report.data.total, state: table, onStateChange: setTable }}
          rowKey={(r) => r.userId}
          caption={t('groupReport.caption', { group: t(`common:roles.${submitted.role}`) })}
          empty={t('reports.empty')}
          searchLabel={t('search.people')}
          onDownload={() => download.mutate()}
          downloading={download.isPending}
          onOpen={setOpen}
          openLabel={(r) => t('groupReport.open', { name: r.name })}
          subline={identifierOf}
          columns={columns}
        />
        ) : null}
      </ReportOutcome>
      {open && submitted && <UserReportsDialog userId={open.userId} name={open.name} range={submitted.range} onClose={() => setOpen(null)} />}
    </Box>
  );
}
