import type { SchoolYears, StudentFilter } from '@high5/contract';
import { Alert, Box, Tab, Tabs } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSignedInMe } from '../../../app/session';
import { useContractForm } from '../../../components/form/contract-form';
import { FormDateRange } from '../../../components/form/form-date-range';
import { NO_STUDENT_FILTER, StudentFilterFields } from '../../../components/student-filter/student-filter-fields';
import { DataTable, initialTableState, type TableState } from '../../../components/ui/data-table';
import { PageTitle } from '../../../components/ui/page-title';
import { useReportClasses } from '../api';
import { ClassPicker } from '../components/pickers';
import { ReportFilterBar, ReportOutcome } from '../components/report-filters';
import { ReportYearPicker, WithSchoolYears, yearContaining } from '../components/report-year';
import { defaultRange, lastDayIn, rangeInYear, type YearSpan } from '../lib/dates';
import { identifierOf, moodColumns, recognitionColumns } from '../lib/report-csv';
import { classReportAddress, classReportForm, type ClassReportFilters } from '../lib/report-forms';
import { useClassMoodReport, useClassRecognitionReport, useClassReportFile } from './api';

type ReportTab = 'report' | 'mood';
/** The filter bar as typed (not yet run): it follows the user to the other tab. */
type Draft = { classId: string | null; range: { from: string; to: string }; year: YearSpan; student: StudentFilter };

/** The report asked for is kept in the address (?tab=&class=&from=&to=&flags=&grade=) so it survives tab switches and reloads. */
function readAddress(search: URLSearchParams): { tab: ReportTab; submitted: ClassReportFilters | null } {
  const tab: ReportTab = search.get('tab') === 'mood' ? 'mood' : 'report';
  // Checked with the report query's own rules: a real range of at most a year, a class id or none. A range
  // across two school years is asked as typed, so the server's refusal is said (decision 0598).
  const grade = search.get('grade');
  const student = { flags: (search.get('flags') ?? '').split(',').filter(Boolean), grade: grade ? Number(grade) : undefined };
  const read = classReportAddress.safeParse({
    classId: search.get('class') || null,
    range: { from: search.get('from') ?? '', to: search.get('to') ?? '' },
    student,
  });
  return { tab, submitted: read.success ? read.data : null };
}

function writeAddress(tab: ReportTab, submitted: ClassReportFilters | null) {
  const next: Record<string, string> = {};
  if (tab === 'mood') next.tab = 'mood';
  if (submitted) {
    if (submitted.classId) next.class = submitted.classId;
    next.from = submitted.range.from;
    next.to = submitted.range.to;
    if (submitted.student.flags.length) next.flags = submitted.student.flags.join(',');
    if (submitted.student.grade !== undefined) next.grade = String(submitted.student.grade);
  }
  return next;
}

/**
 * The report screen of /report (admins: every class) and /TeacherReport (teachers: their own
 * classes), docs/rules/administration.md#reports: a High 5 tab and a mood meter tab, each with a class picker,
 * From/To dates (the last 10 days by default) and a table. The class and dates asked for stay
 * in the address, so switching tabs keeps them.
 */
export function ClassReport() {
  const { t } = useTranslation('admin');
  const me = useSignedInMe();
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const { tab, submitted } = readAddress(search);
  const go = (nextTab: ReportTab, nextSubmitted: ClassReportFilters | null) => setSearch(writeAddress(nextTab, nextSubmitted), { replace: true });
  // Dates and class chosen but not run yet stay when the tab changes (each tab has its own form).
  const [draft, setDraft] = useState<Draft | null>(null);
  return (
    <Box>
      <PageTitle subtitle={me.school?.name}>{t('classReport.title')}</PageTitle>
      <Tabs
        value={tab}
        onChange={(_e, v: ReportTab) => go(v, submitted)}
        aria-label={t('classReport.tabsLabel')}
        variant="fullWidth"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider', maxWidth: { sm: 480 } }}
      >
        <Tab
          value="report"
          label={t('classReport.reportTab')}
          id={`${id}-report`}
          aria-controls={`${id}-panel`}
          sx={{ fontWeight: 700, textTransform: 'none', fontSize: 15 }}
        />
        <Tab
          value="mood"
          label={t('classReport.moodTab')}
          id={`${id}-mood`}
          aria-controls={`${id}-panel`}
          sx={{ fontWeight: 700, textTransform: 'none', fontSize: 15 }}
        />
      </Tabs>
      <Box id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
        <WithSchoolYears>
          {(years) => (
            <ClassReportTab key={tab} tab={tab} years={years} submitted={submitted} draft={draft} onDraft={setDraft} onSubmit={(next) => go(tab, next)} />
          )}
        </WithSchoolYears>
      </Box>
    </Box>
  );
}

function ClassReportTab({
  tab,
  years,
  submitted,
  draft,
  onDraft,
  onSubmit,
}: {
  tab: ReportTab;
  years: SchoolYears;
  submitted: ClassReportFilters | null;
  draft: Draft | null;
  onDraft: (draft: Draft) => void;
  onSubmit: (submitted: ClassReportFilters) => void;
}) {
  const { t } = useTranslation('admin');
  const admin = useSignedInMe().isAdmin;
  const classes = useReportClasses();
  // The year of the dates asked for (the address), else the current one with the default range in it (decision 0598).
  const start = yearContaining(years, submitted?.range.from);
  const form = useContractForm(classReportForm, {
    mode: 'onChange',
    defaultValues: draft ?? {
      classId: submitted?.classId ?? null,
      range: submitted?.range ?? defaultRange(undefined, start),
      year: start,
      student: submitted?.student ?? NO_STUDENT_FILTER,
    },
  });
  useEffect(() => {
    const watching = form.watch((values) =>
      onDraft({
        classId: values.classId ?? null,
        range: { from: values.range?.from ?? '', to: values.range?.to ?? '' },
        year: { from: values.year?.from ?? '', to: values.year?.to ?? '' },
        student: { flags: (values.student?.flags ?? []).filter((f) => f !== undefined), grade: values.student?.grade },
      }),
    );
    return () => watching.unsubscribe();
  }, [form, onDraft]);
  const year = useWatch({ control: form.control, name: 'year' });
  const chooseYear = (next: YearSpan) => {
    form.setValue('year', next);
    form.setValue('range', rangeInYear(form.getValues('range'), next), { shouldValidate: true });
  };
  // A typed address across two years: the dates say so at once, before the server's answer.
  const asked = submitted ? `${submitted.range.from}_${submitted.range.to}` : null;
  useEffect(() => {
    if (asked) void form.trigger();
  }, [form, asked]);
  const [table, setTable] = useState<TableState>(() => initialTableState());
  const recognition = useClassRecognitionReport(submitted, table, tab === 'report');
  const mood = useClassMoodReport(submitted, table, tab === 'mood');
  const file = useClassReportFile(submitted, table, tab);
  const run = (filters: ClassReportFilters) => {
    onSubmit(filters);
    setTable((state) => ({ ...state, page: 0 }));
  };
  const noClasses = classes.data?.length === 0;
  const title = t(tab === 'report' ? 'classReport.reportTab' : 'classReport.moodTab');
  const recognitionTable = recognitionColumns(t, false);
  const moodTable = moodColumns(t);
  const shared = {
    rowKey: (r: { userId: string }) => r.userId,
    caption: title,
    empty: t('reports.empty'),
    searchLabel: t('search.people'),
    onDownload: file.download,
    downloading: file.downloading,
    subline: identifierOf,
  };
  const server = (data: { total: number }) => ({ total: data.total, state: table, onStateChange: setTable });
  return (
    <Box>
      {noClasses && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('classReport.noClasses')}
        </Alert>
      )}
      <ReportFilterBar form={form} label={title} onRun={run} canRun={!noClasses}>
        <ReportYearPicker years={years} year={year} onChange={chooseYear} />
        <Controller
          control={form.control}
          name="classId"
          render={({ field }) => (
            <ClassPicker classes={classes.data ?? []} loading={classes.isPending} value={field.value ?? null} onChange={field.onChange} yearStart={year.from} />
          )}
        />
        <FormDateRange control={form.control} name="range" minDate={year.from} maxDate={lastDayIn(year)} />
        {/* Teachers narrow by grade; flags are the school admins' (docs/decisions/0601). */}
        <Controller
          control={form.control}
          name="student"
          render={({ field }) => <StudentFilterFields value={field.value} onChange={field.onChange} flags={admin} />}
        />
      </ReportFilterBar>
      <ReportOutcome report={tab === 'report' ? recognition : mood} hint={!submitted && t('classReport.hint')}>
        {tab === 'report' && recognition.data ? (
          <DataTable {...shared} rows={recognition.data.rows} server={server(recognition.data)} columns={recognitionTable} />
        ) : tab === 'mood' && mood.data ? (
          <DataTable {...shared} rows={mood.data.rows} server={server(mood.data)} columns={moodTable} />
        ) : null}
      </ReportOutcome>
    </Box>
  );
}
