import {
  daysBetween,
  DEFAULT_REPORT_DAYS,
  LOW_ENJOYMENT_MOODS,
  type MoodReportRow,
  type MoodReportSettings,
  type SchoolYears,
  type StudentFilter,
} from '@high5/contract';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormDateRange } from '../../../components/form/form-date-range';
import { FormTextField } from '../../../components/form/form-text-field';
import { StudentDetailDialog } from '../../../components/student-detail/student-detail-dialog';
import {
  describeStudentFilter,
  NO_STUDENT_FILTER,
  StudentFilterFields,
  type SharedStudentFilter,
} from '../../../components/student-filter/student-filter-fields';
import { DataTable, initialTableState, type TableState } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { useMoodSettings, useSchoolClasses } from '../api';
import { FeelingsField } from '../components/feelings-field';
import { ClassPicker, RoleSelect } from '../components/pickers';
import { ReportFilterBar, ReportOutcome } from '../components/report-filters';
import { ReportYearPicker, WithSchoolYears, yearContaining } from '../components/report-year';
import { defaultRange, lastDayIn, rangeInYear, type YearSpan } from '../lib/dates';
import { identifierOf, moodColumns } from '../lib/report-csv';
import { moodReportForm, type MoodReportFilters } from '../lib/report-forms';
import { useMoodReport, useSaveMoodReportSettings } from './api';

/** The form as the school starts: the default range within the year (decision 0598), no minimum, every low-enjoyment feeling. */
const blank = (year: YearSpan, student: StudentFilter, days = DEFAULT_REPORT_DAYS, minimum = -1, filters: MoodReportFilters['filters'] = []) => ({
  role: 'student' as const,
  classId: null,
  range: defaultRange(days, year),
  year,
  minLow: minimum > 0 ? String(minimum) : '',
  filters,
  student,
});

/**
 * The mood meter report of the admin dashboard (docs/rules/administration.md#mood-meter-report). Students get the
 * feeling filter, the minimum count and the CSV export; a student's row opens their details.
 * The school's saved settings (range length, minimum, filters) fill the form; students can be narrowed
 * to flags and a grade (docs/decisions/0601), which are not saved.
 */
export function MoodReport(shared: SharedStudentFilter) {
  return <WithSchoolYears>{(years) => <MoodReportIn years={years} {...shared} />}</WithSchoolYears>;
}

function MoodReportIn({ years, student: chosen, onStudent }: { years: SchoolYears } & SharedStudentFilter) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const settings = useMoodSettings();
  const classes = useSchoolClasses();
  const form = useContractForm(moodReportForm, { mode: 'onChange', defaultValues: blank(yearContaining(years, undefined), chosen) });
  const role = useWatch({ control: form.control, name: 'role' });
  const year = useWatch({ control: form.control, name: 'year' });
  const chooseYear = (next: YearSpan) => {
    form.setValue('year', next);
    form.setValue('range', rangeInYear(form.getValues('range'), next), { shouldValidate: true });
  };
  const [submitted, setSubmitted] = useState<MoodReportFilters | null>(null);
  const [student, setStudent] = useState<MoodReportRow | null>(null);
  const [table, setTable] = useState<TableState>(() => initialTableState());
  /** The school's saved settings that filled the form, until the admin changes or clears them. */
  const [saved, setSaved] = useState<MoodReportSettings | null>(null);
  const [cleared, setCleared] = useState(false);
  const applied = useRef(false);
  const { report, download, downloading } = useMoodReport(submitted, table);
  const saveSettings = useSaveMoodReportSettings();

  // The school's saved settings fill the form once, and say so.
  const { reset } = form;
  useEffect(() => {
    if (!settings.data || applied.current) return;
    applied.current = true;
    reset(blank(form.getValues('year'), form.getValues('student'), settings.data.rangeDays, settings.data.minimumLowEnjoyment, settings.data.filters));
    setSaved(isDefault(settings.data) ? null : settings.data);
  }, [settings.data, reset, form]);

  const clear = () => {
    const { role: keptRole, classId, year: keptYear, student: keptStudent } = form.getValues();
    reset({ ...blank(keptYear, keptStudent), role: keptRole, classId });
    setSaved(null);
    setCleared(true);
  };

  const students = role === 'student';
  const run = (values: MoodReportFilters) => {
    const next = values.role === 'student' ? values : { ...values, classId: null, minLow: -1, filters: [], student: NO_STUDENT_FILTER };
    setSubmitted(next);
    setTable((state) => ({ ...state, page: 0 }));
    setCleared(false);
    if (next.role === 'student') {
      // A range cut at the year's first day (decision 0598) is not a new length: the saved one stays.
      const cut = next.range.from === next.year.from && settings.data;
      saveSettings.mutate(
        { rangeDays: cut ? cut.rangeDays : Math.max(1, daysBetween(next.range.from, next.range.to)), minimumLowEnjoyment: next.minLow, filters: next.filters },
        { onError: (error) => notify('error', errorText(error)) },
      );
    }
  };

  const feeling = (mood: string) => t(`moods.${mood}`, { defaultValue: mood });
  const columns = moodColumns(t);
  const describe = (values: { rangeDays: number; minLow: number; filters: readonly string[] }) =>
    [
      t('moodFilters.range', { count: values.rangeDays }),
      values.filters.length ? t('moodFilters.feelings', { list: values.filters.map(feeling).join(', ') }) : null,
      values.minLow > 0 ? t('moodFilters.minimum', { count: values.minLow }) : null,
    ]
      .filter(Boolean)
      .join('; ');
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
      <ReportFilterBar form={form} label={t('moodReport.formLabel')} onRun={run}>
        <ReportYearPicker years={years} year={year} onChange={chooseYear} />
        <Controller control={form.control} name="role" render={({ field }) => <RoleSelect value={field.value} onChange={field.onChange} />} />
        {students && (
          <Controller
            control={form.control}
            name="classId"
            render={({ field }) => (
              <ClassPicker
                classes={classes.data ?? []}
                loading={classes.isPending}
                value={field.value ?? null}
                onChange={field.onChange}
                yearStart={year.from}
              />
            )}
          />
        )}
        <FormDateRange control={form.control} name="range" minDate={year.from} maxDate={lastDayIn(year)} />
        {students && (
          <>
            <FeelingsField
              control={form.control}
              name="filters"
              options={LOW_ENJOYMENT_MOODS}
              optionLabel={feeling}
              label={t('moodReport.filter')}
              placeholder={t('moodReport.filterAll')}
              sx={{ width: { xs: '100%', sm: 320 } }}
            />
            <FormTextField
              control={form.control}
              name="minLow"
              area="admin"
              size="small"
              label={t('moodReport.minimum')}
              parse={(typed) => typed.replace(/[^0-9]/g, '').slice(0, 4)}
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
              helperText={t('moodReport.minimumHelp')}
              sx={{ width: { xs: '100%', sm: 270 } }}
            />
            <Controller
              control={form.control}
              name="student"
              render={({ field }) => (
                <StudentFilterFields
                  value={field.value}
                  onChange={(next) => {
                    field.onChange(next);
                    onStudent(next);
                  }}
                  flags
                />
              )}
            />
          </>
        )}
      </ReportFilterBar>
      <ReportOutcome report={report} hint={!submitted && t('moodReport.hint')}>
        {submitted && report.data ? (
          <>
            {submitted.role === 'student' && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('moodFilters.inUse', {
                  filters: [
                    describe({ rangeDays: daysBetween(submitted.range.from, submitted.range.to), minLow: submitted.minLow, filters: submitted.filters }),
                    describeStudentFilter(t, submitted.student),
                  ]
                    .filter(Boolean)
                    .join('; '),
                })}
              </Typography>
            )}
            <DataTable
              rows={report.data.rows}
              server={{ total: report.data.total, state: table, onStateChange: setTable }}
              rowKey={(r) => r.userId}
              caption={t('moodReport.caption', { group: t(`common:roles.${submitted.role}`) })}
              empty={t('reports.empty')}
              searchLabel={t('search.people')}
              onDownload={download}
              downloading={downloading}
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
const isDefault = (settings: MoodReportSettings) =>
  settings.rangeDays === DEFAULT_REPORT_DAYS && settings.minimumLowEnjoyment <= 0 && settings.filters.length === 0;
