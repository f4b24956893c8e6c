import { adminApi, type ReportRow, type ReportSort, type Role, type SuperSchool } from '@high5/contract';
import { Box, Typography } from '@mui/material';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, initialTableState, type TableState } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { DateRangePicker, type DateRange } from '../../../components/ui/date-range-picker';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { adminKeys } from '../api';
import { superClassesQuery } from './api';
import { ClassPicker, RoleSelect, SchoolPicker } from '../components/pickers';
import { defaultRange, isValidRange, rangeParam, todayIso } from '../lib/dates';
import { RangeIssue } from '../components/range-issue';
import { ReportFilterBar, ReportOutcome } from '../components/report-filters';
import { countColumn, csvColumnsOf, downloadReport, identifierOf, loadAllRows, pageParams, personColumns, type ReportColumn } from '../lib/report-csv';

interface Submitted {
  school: SuperSchool;
  role: Role;
  classId: string | null;
  range: DateRange;
}

/** /superAdmin-report (spec 003 section 2.8): any school's group report; students by class or All Classes. */
export default function SuperReportScreen() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const [school, setSchool] = useState<SuperSchool | null>(null);
  const [role, setRole] = useState<Role>('student');
  const [classId, setClassId] = useState<string | null>(null);
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const classes = useQuery({ ...superClassesQuery(school?.id ?? ''), enabled: !!school && role === 'student' });
  const [table, setTable] = useState<TableState>(() => initialTableState());
  const notify = useNotify();
  const fetchPage = (state: TableState) =>
    api(adminApi.superGroupReport, {
      params: { schoolId: submitted!.school.id },
      query: { role: submitted!.role, range: rangeParam(submitted!.range), ...(submitted!.classId ? { classId: submitted!.classId } : {}), ...pageParams<ReportSort>(state) },
    });
  const report = useQuery({
    queryKey: adminKeys.report('super', submitted?.school.id, submitted?.role, submitted?.classId, submitted?.range, table),
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
      const className = submitted!.classId ? (classes.data?.find((c) => c.id === submitted!.classId)?.name ?? '') : t('filters.allClasses');
      downloadReport(t, {
        title: t('superReport.title'),
        nameParts: [submitted!.school.name, group],
        range: submitted!.range,
        filters: [
          [t('csv.school'), submitted!.school.name],
          [t('csv.group'), group],
          ...(submitted!.role === 'student' ? ([[t('csv.class'), className]] as [string, string][]) : []),
        ],
        table,
        sortHeader: columns.find((c) => c.id === table.sort)?.header ?? '',
        columns: csvColumnsOf(columns),
        rows,
      });
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const run = () => {
    if (!school) return;
    setSubmitted({ school, role, classId: role === 'student' ? classId : null, range });
    setTable((state) => ({ ...state, page: 0 }));
  };
  return (
    <Box>
      <PageTitle>{t('superReport.title')}</PageTitle>
      <ReportFilterBar label={t('superReport.formLabel')} canRun={!!school && isValidRange(range)} onRun={run}>
        <SchoolPicker
          value={school}
          onChange={(s) => {
            setSchool(s);
            setClassId(null);
          }}
        />
        <RoleSelect value={role} onChange={setRole} />
        {role === 'student' && <ClassPicker classes={classes.data ?? []} loading={!!school && classes.isPending} value={classId} onChange={setClassId} />}
        <DateRangePicker value={range} onChange={setRange} maxDate={todayIso()} />
        <RangeIssue range={range} />
      </ReportFilterBar>
      <ReportOutcome report={report} hint={!submitted && t('superReport.hint')}>
        {submitted && report.data ? (
        <>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {t('superReport.resultTitle', { school: submitted.school.name, group: t(`common:roles.${submitted.role}`) })}
          </Typography>
          <DataTable
            rows={report.data.rows}
            server={{ total: report.data.total, state: table, onStateChange: setTable }}
            rowKey={(r) => r.userId}
            caption={t('superReport.resultTitle', { school: submitted.school.name, group: t(`common:roles.${submitted.role}`) })}
            empty={t('reports.empty')}
            searchLabel={t('search.people')}
            onDownload={() => download.mutate()}
            downloading={download.isPending}
            subline={identifierOf}
            columns={columns}
          />
        </>
        ) : null}
      </ReportOutcome>
    </Box>
  );
}
