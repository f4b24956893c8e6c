import { adminEndpoints, daysBetween, LOW_ENJOYMENT_MOODS, type LowEnjoymentMood, type MoodReportRow, type Role } from '@high5/contract';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Autocomplete, Box, Button, Chip, LinearProgress, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StudentDetailDialog } from '../../../components/student-detail/student-detail-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { DateRangePicker, type DateRange } from '../../../components/ui/date-range-picker';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { adminKeys, moodSettingsQuery, schoolClassesQuery } from '../api';
import { ClassPicker, RoleSelect } from '../components/pickers';
import { ReportTable } from '../components/report-table';
import { downloadCsv, toCsv } from '../lib/csv';
import { addDaysIso, defaultRange, isValidRange, rangeParam, todayIso } from '../lib/dates';
import { parseMinimum } from '../lib/minimum';
import { loadAllPages } from '../lib/pages';

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
  const applied = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The school's saved settings fill the form once.
  useEffect(() => {
    if (!settings.data || applied.current) return;
    applied.current = true;
    const to = todayIso();
    setRange({ from: addDaysIso(to, -settings.data.rangeDays), to });
    setMinimum(settings.data.minimumLowEnjoyment > 0 ? String(settings.data.minimumLowEnjoyment) : '');
    setFilters(settings.data.filters);
  }, [settings.data]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const key = adminKeys.report('mood', submitted);
  const report = useQuery({
    queryKey: key,
    queryFn: () =>
      loadAllPages((cursor) =>
        api(adminEndpoints.moodReport, {
          query: {
            role: submitted!.role,
            range: rangeParam(submitted!.range),
            minLow: submitted!.minLow,
            filters: submitted!.filters.join(','),
            ...(submitted!.classId ? { classId: submitted!.classId } : {}),
            ...(cursor ? { cursor } : {}),
          },
        }),
      ),
    enabled: submitted !== null,
    staleTime: 0,
  });

  const students = role === 'student';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidRange(range)) return;
    const next: Submitted = { role, classId: students ? classId : null, range, minLow: students ? parseMinimum(minimum) : -1, filters: students ? filters : [] };
    setSubmitted(next);
    if (students) {
      api(adminEndpoints.saveMoodReportSettings, { body: { rangeDays: Math.max(1, daysBetween(range.from, range.to)), minimumLowEnjoyment: next.minLow, filters: next.filters } })
        .then((saved) => queryClient.setQueryData(moodSettingsQuery.queryKey, saved))
        .catch((error: unknown) => notify('error', errorText(error)));
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void queryClient.refetchQueries({ queryKey: adminKeys.report('mood', next), exact: true }), REFETCH_AFTER_MS);
  };

  const feeling = (mood: string) => t(`moods.${mood}`, { defaultValue: mood });
  const exportCsv = () => {
    if (!report.data) return;
    const header = [t('columns.name'), t('columns.email'), t('columns.highEnjoyment'), t('columns.lowEnjoyment'), t('columns.lowEntries')];
    const lines = report.data.map((r) => [r.name, r.email ?? '', r.highEnjoyment, r.lowEnjoyment, r.lowEntries.map((e) => `${e.date} ${feeling(e.mood)}${e.emergency ? ` (${t('moodReport.emergency')})` : ''}`).join('; ')]);
    downloadCsv('MoodMeterReport.csv', toCsv([header, ...lines]));
  };

  return (
    <Box>
      <Box component="form" onSubmit={submit} aria-label={t('moodReport.formLabel')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
        <RoleSelect value={role} onChange={setRole} />
        {students && <ClassPicker classes={classes.data ?? []} loading={classes.isPending} value={classId} onChange={setClassId} />}
        <DateRangePicker value={range} onChange={setRange} maxDate={todayIso()} />
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
        <Button type="submit" variant="contained" disabled={!isValidRange(range)} sx={{ minHeight: 40, width: { xs: '100%', sm: 'auto' } }}>
          {t('filters.submit')}
        </Button>
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{report.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {report.isError ? (
        <Alert severity="error">{errorText(report.error)}</Alert>
      ) : !submitted ? (
        <Typography color="text.secondary">{t('moodReport.hint')}</Typography>
      ) : report.data ? (
        <>
          {submitted.role === 'student' && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
              <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportCsv} disabled={report.data.length === 0}>
                {t('moodReport.export')}
              </Button>
            </Box>
          )}
          <ReportTable
            rows={report.data}
            rowKey={(r) => r.userId}
            caption={t('moodReport.caption', { group: t(`common:roles.${submitted.role}`) })}
            empty={t('reports.empty')}
            onOpen={submitted.role === 'student' ? setStudent : undefined}
            openLabel={(r) => t('moodReport.open', { name: r.name })}
            subline={(r) => r.email ?? ''}
            columns={[
              { key: 'name', label: t('columns.name'), value: (r) => r.name },
              { key: 'email', label: t('columns.email'), value: (r) => r.email ?? '—', wide: true },
              { key: 'high', label: t('columns.highEnjoyment'), value: (r) => r.highEnjoyment, numeric: true },
              { key: 'low', label: t('columns.lowEnjoyment'), value: (r) => r.lowEnjoyment, numeric: true },
            ]}
          />
        </>
      ) : null}
      {student && <StudentDetailDialog studentId={student.userId} open onClose={() => setStudent(null)} />}
    </Box>
  );
}
