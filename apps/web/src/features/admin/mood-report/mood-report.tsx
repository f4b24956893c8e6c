import {
  adminApi,
  daysBetween,
  DEFAULT_REPORT_DAYS,
  LOW_ENJOYMENT_MOODS,
  type LowEnjoymentEntry,
  type LowEnjoymentMood,
  type MoodReportRow,
  type MoodReportSettings,
  type MoodReportSort,
  type Role,
} from '@high5/contract';
import { Alert, Autocomplete, Box, Button, Chip, TextField, Typography } from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StudentDetailDialog } from '../../../components/student-detail/student-detail-dialog';
import { DataTable, initialTableState, type TableState } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { DateRangePicker, type DateRange } from '../../../components/ui/date-range-picker';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { adminKeys, moodSettingsQuery, schoolClassesQuery } from '../api';
import { ClassPicker, RoleSelect } from '../components/pickers';
import { defaultRange, isValidRange, rangeParam, todayIso } from '../lib/dates';
import { RangeIssue } from '../components/range-issue';
import { ReportFilterBar, ReportOutcome } from '../components/report-filters';
import { parseMinimum } from '../lib/minimum';
import { countColumn, csvColumnsOf, downloadReport, identifierOf, loadAllRows, pageParams, personColumns, talkTodayColumn, type ReportColumn } from '../lib/report-csv';

/** Spec 003 section 4: the report is fetched again 2 seconds after a submit. */
const REFETCH_AFTER_MS = 2000;

interface Submitted {
  role: Role;
  classId: string | null;
  range: DateRange;
  minLow: number;
  filters: LowEnjoymentMood[];
}

/**
 * The mood meter report of the admin dashboard (spec 003 section 2.9). Students get the
 * feeling filter, the minimum count and the CSV export; a student's row opens their details.
 * The school's saved settings (range length, minimum, filters) fill the form.
 */
export function MoodReport() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const settings = useQuery(moodSettingsQuery);
  const classes = useQuery(schoolClassesQuery);
  const [role, setRole] = useState<Role>('student');
  const [classId, setClassId] = useState<string | null>(null);
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [minimum, setMinimum] = useState('');
  const [filters, setFilters] = useState<LowEnjoymentMood[]>([]);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const [student, setStudent] = useState<MoodReportRow | null>(null);
  const [table, setTable] = useState<TableState>(() => initialTableState());
  /** The school's saved settings that filled the form, until the admin changes or clears them. */
  const [saved, setSaved] = useState<MoodReportSettings | null>(null);
  const [cleared, setCleared] = useState(false);
  const applied = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The school's saved settings fill the form once, and say so.
  useEffect(() => {
    if (!settings.data || applied.current) return;
    applied.current = true;
    setRange(defaultRange(settings.data.rangeDays));
    setMinimum(settings.data.minimumLowEnjoyment > 0 ? String(settings.data.minimumLowEnjoyment) : '');
    setFilters(settings.data.filters);
    setSaved(isDefault(settings.data) ? null : settings.data);
  }, [settings.data]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const clear = () => {
    setRange(defaultRange());
    setMinimum('');
    setFilters([]);
    setSaved(null);
    setCleared(true);
  };

  const fetchPage = (state: TableState, entries = false) =>
    api(adminApi.moodReport, {
      query: {
        entries: entries ? 'true' : 'false',
        role: submitted!.role,
        range: rangeParam(submitted!.range),
        minLow: submitted!.minLow,
        filters: submitted!.filters.join(','),
        ...(submitted!.classId ? { classId: submitted!.classId } : {}),
        ...pageParams<MoodReportSort>(state),
      },
    });
  const report = useQuery({
    queryKey: adminKeys.report('mood', submitted, table),
    queryFn: () => fetchPage(table),
    enabled: submitted !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const students = role === 'student';
  const run = () => {
    const next: Submitted = { role, classId: students ? classId : null, range, minLow: students ? parseMinimum(minimum) : -1, filters: students ? filters : [] };
    setSubmitted(next);
    setTable((state) => ({ ...state, page: 0 }));
    setCleared(false);
    if (students) {
      api(adminApi.saveMoodReportSettings, { body: { rangeDays: Math.max(1, daysBetween(range.from, range.to)), minimumLowEnjoyment: next.minLow, filters: next.filters } })
        .then((saved) => queryClient.setQueryData(moodSettingsQuery.queryKey, saved))
        .catch((error: unknown) => notify('error', errorText(error)));
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void queryClient.refetchQueries({ queryKey: adminKeys.report('mood', next) }), REFETCH_AFTER_MS);
  };

  const feeling = (mood: string) => t(`moods.${mood}`, { defaultValue: mood });
  const talk = (entry: LowEnjoymentEntry) =>
    entry.talk === 'today' ? ` (${t('columns.talkToday')})` : entry.talk === 'not-today' ? ` (${t('columns.talkNotToday')})` : entry.emergency ? ` (${t('moodReport.emergency')})` : '';
  const columns: ReportColumn<MoodReportRow>[] = [
    ...personColumns<MoodReportRow>(t),
    countColumn<MoodReportRow>('highEnjoyment', t('columns.highEnjoyment'), (r) => r.highEnjoyment),
    countColumn<MoodReportRow>('lowEnjoyment', t('columns.lowEnjoyment'), (r) => r.lowEnjoyment),
    talkTodayColumn<MoodReportRow>(t),
    countColumn<MoodReportRow>('talkNotToday', t('columns.talkNotToday'), (r) => r.talkNotToday),
  ];
  const describe = (values: { rangeDays: number; minLow: number; filters: readonly string[] }) =>
    [
      t('moodFilters.range', { count: values.rangeDays }),
      values.filters.length ? t('moodFilters.feelings', { list: values.filters.map(feeling).join(', ') }) : null,
      values.minLow > 0 ? t('moodFilters.minimum', { count: values.minLow }) : null,
    ]
      .filter(Boolean)
      .join('; ');
  const download = useMutation({
    mutationFn: async () => {
      const rows = await loadAllRows((page, pageSize) => fetchPage({ ...table, page, pageSize }, true));
      const group = t(`common:roles.${submitted!.role}`);
      const className = submitted!.classId ? (classes.data?.find((c) => c.id === submitted!.classId)?.name ?? '') : t('filters.allClasses');
      downloadReport(t, {
        title: t('dashboard.views.mood'),
        nameParts: [group],
        range: submitted!.range,
        filters: [
          [t('csv.group'), group],
          ...(submitted!.role === 'student'
            ? ([
                [t('csv.class'), className],
                [t('csv.feelings'), submitted!.filters.length ? submitted!.filters.map(feeling).join(', ') : t('csv.all')],
                [t('csv.minimum'), submitted!.minLow > 0 ? submitted!.minLow : t('csv.none')],
              ] as [string, string | number][])
            : []),
        ],
        table,
        sortHeader: columns.find((c) => c.id === table.sort)?.header ?? '',
        columns: [
          ...csvColumnsOf(columns),
          { header: t('columns.lowEntries'), value: (r) => (r.lowEntries ?? []).map((e) => `${e.date} ${feeling(e.mood)}${talk(e)}`).join('; ') },
        ],
        rows,
      });
    },
    onError: (error) => notify('error', errorText(error)),
  });

  return (
    <Box>
      {saved && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={clear}>
              {t('moodFilters.clear')}
            </Button>
          }
        >
          {t('moodFilters.saved', { filters: describe({ rangeDays: saved.rangeDays, minLow: saved.minimumLowEnjoyment, filters: saved.filters }) })}
        </Alert>
      )}
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: cleared ? 2 : 0 }}>
        {cleared ? t('moodFilters.cleared') : ''}
      </Typography>
      <ReportFilterBar label={t('moodReport.formLabel')} canRun={isValidRange(range)} onRun={run}>
        <RoleSelect value={role} onChange={setRole} />
        {students && <ClassPicker classes={classes.data ?? []} loading={classes.isPending} value={classId} onChange={setClassId} />}
        <DateRangePicker value={range} onChange={setRange} maxDate={todayIso()} />
        <RangeIssue range={range} />
        {students && (
          <>
            <Autocomplete
              multiple
              size="small"
              options={[...LOW_ENJOYMENT_MOODS]}
              value={filters}
              onChange={(_e, value) => setFilters(value)}
              getOptionLabel={feeling}
              disableCloseOnSelect
              renderValue={(value, getItemProps) => value.map((mood, index) => {
                const { key: chipKey, ...chip } = getItemProps({ index });
                return <Chip key={chipKey} {...chip} size="small" label={feeling(mood)} />;
              })}
              renderInput={(params) => <TextField {...params} label={t('moodReport.filter')} placeholder={filters.length ? '' : t('moodReport.filterAll')} />}
              sx={{ width: { xs: '100%', sm: 320 } }}
            />
            <TextField
              size="small"
              label={t('moodReport.minimum')}
              value={minimum}
              onChange={(e) => setMinimum(e.target.value.replace(/[^0-9]/g, '').slice(0, 4))}
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
              helperText={t('moodReport.minimumHelp')}
              sx={{ width: { xs: '100%', sm: 270 } }}
            />
          </>
        )}
      </ReportFilterBar>
      <ReportOutcome report={report} hint={!submitted && t('moodReport.hint')}>
        {submitted && report.data ? (
        <>
          {submitted.role === 'student' && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('moodFilters.inUse', { filters: describe({ rangeDays: daysBetween(submitted.range.from, submitted.range.to), minLow: submitted.minLow, filters: submitted.filters }) })}
            </Typography>
          )}
          <DataTable
            rows={report.data.rows}
            server={{ total: report.data.total, state: table, onStateChange: setTable }}
            rowKey={(r) => r.userId}
            caption={t('moodReport.caption', { group: t(`common:roles.${submitted.role}`) })}
            empty={t('reports.empty')}
            searchLabel={t('search.people')}
            onDownload={() => download.mutate()}
            downloading={download.isPending}
            downloadLabel={t('moodReport.export')}
            onOpen={submitted.role === 'student' ? setStudent : undefined}
            openLabel={(r) => t('moodReport.open', { name: r.name })}
            subline={identifierOf}
            columns={columns}
          />
        </>
        ) : null}
      </ReportOutcome>
      {student && <StudentDetailDialog studentId={student.userId} open onClose={() => setStudent(null)} />}
    </Box>
  );
}

/** The settings a school starts with: nothing to point out. */
const isDefault = (settings: MoodReportSettings) => settings.rangeDays === DEFAULT_REPORT_DAYS && settings.minimumLowEnjoyment <= 0 && settings.filters.length === 0;
