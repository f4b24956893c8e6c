import { adminApi, ClassReportQuerySchema, type MoodReportRow, type MoodReportSort, type ReportRow, type ReportSort } from '@high5/contract';
import { Alert, Box, Button, LinearProgress, Tab, Tabs, Typography } from '@mui/material';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSignedInMe } from '../../../app/session';
import { DataTable, initialTableState, type TableState } from '../../../components/ui/data-table';
import { DateRangePicker, type DateRange } from '../../../components/ui/date-range-picker';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { adminKeys, reportClassesQuery } from '../api';
import { ClassPicker } from '../components/pickers';
import { defaultRange, isValidRange, rangeParam, todayIso } from '../lib/dates';
import { RangeIssue } from '../components/range-issue';
import { countColumn, csvColumnsOf, downloadReport, identifierOf, loadAllRows, pageParams, personColumns, talkTodayColumn, type ReportColumn } from '../lib/report-csv';

type ReportTab = 'report' | 'mood';

/** The report asked for, kept in the address (?tab=&class=&from=&to=) so it survives tab switches and reloads. */
interface Submitted {
  classId: string | null;
  range: DateRange;
}

function readAddress(search: URLSearchParams): { tab: ReportTab; submitted: Submitted | null } {
  const tab: ReportTab = search.get('tab') === 'mood' ? 'mood' : 'report';
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const range = { from, to };
  // Checked with the report query's own rules: a real range of at most a year, a class id or none.
  const classId = ClassReportQuerySchema.shape.classId.safeParse(search.get('class') || undefined);
  const submitted = isValidRange(range) && classId.success ? { classId: classId.data ?? null, range } : null;
  return { tab, submitted };
}

function writeAddress(tab: ReportTab, submitted: Submitted | null) {
  const next: Record<string, string> = {};
  if (tab === 'mood') next.tab = 'mood';
  if (submitted) {
    if (submitted.classId) next.class = submitted.classId;
    next.from = submitted.range.from;
    next.to = submitted.range.to;
  }
  return next;
}

/**
 * The report screen of /report (admins: every class) and /TeacherReport (teachers: their own
 * classes), spec 003 section 2.6: a High 5 tab and a mood meter tab, each with a class picker,
 * From/To dates (the last 10 days by default) and a table. The class and dates asked for stay
 * in the address, so switching tabs keeps them.
 */
export function ClassReport() {
  const { t } = useTranslation('admin');
  const me = useSignedInMe();
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const { tab, submitted } = readAddress(search);
  const go = (nextTab: ReportTab, nextSubmitted: Submitted | null) => setSearch(writeAddress(nextTab, nextSubmitted), { replace: true });
  return (
    <Box>
      <PageTitle subtitle={me.school?.name}>{t('classReport.title')}</PageTitle>
      <Tabs value={tab} onChange={(_e, v: ReportTab) => go(v, submitted)} aria-label={t('classReport.tabsLabel')} variant="fullWidth" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider', maxWidth: { sm: 480 } }}>
        <Tab value="report" label={t('classReport.reportTab')} id={`${id}-report`} aria-controls={`${id}-panel`} sx={{ fontWeight: 700, textTransform: 'none', fontSize: 15 }} />
        <Tab value="mood" label={t('classReport.moodTab')} id={`${id}-mood`} aria-controls={`${id}-panel`} sx={{ fontWeight: 700, textTransform: 'none', fontSize: 15 }} />
      </Tabs>
      <Box id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
        <ClassReportTab key={tab} tab={tab} submitted={submitted} onSubmit={(next) => go(tab, next)} />
      </Box>
    </Box>
  );
}

function ClassReportTab({ tab, submitted, onSubmit }: { tab: ReportTab; submitted: Submitted | null; onSubmit: (submitted: Submitted) => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const classes = useQuery(reportClassesQuery);
  const [classId, setClassId] = useState<string | null>(submitted?.classId ?? null);
  const [range, setRange] = useState<DateRange>(() => submitted?.range ?? defaultRange());
  const [table, setTable] = useState<TableState>(() => initialTableState());
  const filters = () => ({ range: rangeParam(submitted!.range), ...(submitted!.classId ? { classId: submitted!.classId } : {}) });
  const fetchRecognition = (state: TableState) => api(adminApi.classRecognitionReport, { query: { ...filters(), ...pageParams<ReportSort>(state) } });
  const fetchMood = (state: TableState) => api(adminApi.classMoodReport, { query: { ...filters(), ...pageParams<MoodReportSort>(state) } });
  const recognition = useQuery({
    queryKey: adminKeys.report('class-recognition', submitted, table),
    queryFn: () => fetchRecognition(table),
    enabled: tab === 'report' && submitted !== null,
    placeholderData: keepPreviousData,
  });
  const mood = useQuery({
    queryKey: adminKeys.report('class-mood', submitted, table),
    queryFn: () => fetchMood(table),
    enabled: tab === 'mood' && submitted !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const active = tab === 'report' ? recognition : mood;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidRange(range)) return;
    onSubmit({ classId, range });
    setTable((state) => ({ ...state, page: 0 }));
  };
  const noClasses = classes.data?.length === 0;
  const className = (id: string | null) => (id ? (classes.data?.find((c) => c.id === id)?.name ?? '') : t('filters.allClasses'));

  const recognitionColumns: ReportColumn<ReportRow>[] = [
    ...personColumns<ReportRow>(t),
    countColumn<ReportRow>('high5Given', t('columns.high5Given'), (r) => r.high5Given),
    countColumn<ReportRow>('high5Received', t('columns.high5Received'), (r) => r.high5Received),
  ];
  const moodColumns: ReportColumn<MoodReportRow>[] = [
    ...personColumns<MoodReportRow>(t),
    countColumn<MoodReportRow>('highEnjoyment', t('columns.highEnjoyment'), (r) => r.highEnjoyment),
    countColumn<MoodReportRow>('lowEnjoyment', t('columns.lowEnjoyment'), (r) => r.lowEnjoyment),
    talkTodayColumn<MoodReportRow>(t),
    countColumn<MoodReportRow>('talkNotToday', t('columns.talkNotToday'), (r) => r.talkNotToday),
  ];
  const download = useMutation({
    mutationFn: async () => {
      const common = {
        title: t(tab === 'report' ? 'classReport.reportTab' : 'classReport.moodTab'),
        nameParts: [className(submitted!.classId)],
        range: submitted!.range,
        filters: [[t('csv.class'), className(submitted!.classId)]] as [string, string][],
        table,
      };
      if (tab === 'report') {
        const rows = await loadAllRows((page, pageSize) => fetchRecognition({ ...table, page, pageSize }));
        downloadReport(t, { ...common, sortHeader: recognitionColumns.find((c) => c.id === table.sort)?.header ?? '', columns: csvColumnsOf(recognitionColumns), rows });
      } else {
        const rows = await loadAllRows((page, pageSize) => fetchMood({ ...table, page, pageSize }));
        downloadReport(t, { ...common, sortHeader: moodColumns.find((c) => c.id === table.sort)?.header ?? '', columns: csvColumnsOf(moodColumns), rows });
      }
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const shared = {
    rowKey: (r: { userId: string }) => r.userId,
    caption: t(tab === 'report' ? 'classReport.reportTab' : 'classReport.moodTab'),
    empty: t('reports.empty'),
    searchLabel: t('search.people'),
    onDownload: () => download.mutate(),
    downloading: download.isPending,
    subline: identifierOf,
  };
  return (
    <Box>
      {noClasses && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('classReport.noClasses')}
        </Alert>
      )}
      <Box component="form" onSubmit={submit} aria-label={t(tab === 'report' ? 'classReport.reportTab' : 'classReport.moodTab')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
        <ClassPicker classes={classes.data ?? []} loading={classes.isPending} value={classId} onChange={setClassId} />
        <DateRangePicker value={range} onChange={setRange} maxDate={todayIso()} />
        <RangeIssue range={range} />
        <Button type="submit" variant="contained" disabled={!isValidRange(range) || noClasses} sx={{ minHeight: 40, width: { xs: '100%', sm: 'auto' } }}>
          {t('filters.submit')}
        </Button>
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{active.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {active.isError ? (
        <Alert severity="error">{errorText(active.error)}</Alert>
      ) : !submitted ? (
        <Typography color="text.secondary">{t('classReport.hint')}</Typography>
      ) : tab === 'report' && recognition.data ? (
        <DataTable {...shared} rows={recognition.data.rows} server={{ total: recognition.data.total, state: table, onStateChange: setTable }} columns={recognitionColumns} />
      ) : tab === 'mood' && mood.data ? (
        <DataTable {...shared} rows={mood.data.rows} server={{ total: mood.data.total, state: table, onStateChange: setTable }} columns={moodColumns} />
      ) : null}
    </Box>
  );
}
