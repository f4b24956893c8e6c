import type { SchoolYears } from '@high5/contract';
import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormDateRange } from '../../../components/form/form-date-range';
import { DataTable, initialTableState, type TableState } from '../../../components/ui/data-table';
import { PageTitle } from '../../../components/ui/page-title';
import { useSuperSchools } from '../api';
import { ReportYearPicker, yearContaining } from '../components/report-year';
import { ClassPicker, RoleSelect, SchoolPicker } from '../components/pickers';
import { ReportFilterBar, ReportOutcome } from '../components/report-filters';
import { defaultRange, lastDayIn, rangeInYear, todayIso, type YearSpan } from '../lib/dates';
import { identifierOf, recognitionColumns } from '../lib/report-csv';
import { superReportForm, type SuperReportFilters } from '../lib/report-forms';
import { useSuperClasses, useSuperGroupReport, useSuperSchoolYears } from './api';

/** A year of the school, ending at the school's today at the latest (the super admin's own today is UTC's). */
export const schoolYearSpan = (years: SchoolYears, date?: string): YearSpan => {
  const year = yearContaining(years, date);
  return { from: year.from, to: year.to < years.today ? year.to : years.today };
};

/**
 * /superAdmin-report (docs/rules/administration.md#super-admin-report): any school's group report; students by class or All Classes,
 * in one of that school's years (decision 0604).
 */
export default function SuperReportScreen() {
  const { t } = useTranslation('admin');
  const form = useContractForm(superReportForm, {
    mode: 'onChange',
    defaultValues: { schoolId: '', role: 'student', classId: null, range: defaultRange(), year: null },
  });
  const [schoolId, role, year] = useWatch({ control: form.control, name: ['schoolId', 'role', 'year'] });
  const [submitted, setSubmitted] = useState<SuperReportFilters | null>(null);
  const [table, setTable] = useState<TableState>(() => initialTableState());
  const schools = useSuperSchools();
  const classes = useSuperClasses(schoolId, role === 'student');
  const years = useSuperSchoolYears(schoolId || undefined);
  const chooseYear = (next: YearSpan) => {
    form.setValue('year', next);
    form.setValue('range', rangeInYear(form.getValues('range'), next), { shouldValidate: true });
  };
  // A school's years arrive after it is chosen: its current year, the dates moved into it.
  const loaded = years.data;
  useEffect(() => {
    if (loaded) chooseYear(schoolYearSpan(loaded));
  }, [loaded]);
  const { report, download, downloading } = useSuperGroupReport(submitted, table);
  const columns = recognitionColumns(t, true);
  const schoolName = (id: string) => schools.data?.find((s) => s.id === id)?.name ?? '';
  const run = (filters: SuperReportFilters) => {
    setSubmitted({ ...filters, classId: filters.role === 'student' ? filters.classId : null });
    setTable((state) => ({ ...state, page: 0 }));
  };
  const title = submitted && t('superReport.resultTitle', { school: schoolName(submitted.schoolId), group: t(`common:roles.${submitted.role}`) });
  return (
    <Box>
      <PageTitle>{t('superReport.title')}</PageTitle>
      <ReportFilterBar form={form} label={t('superReport.formLabel')} onRun={run}>
        <Controller
          control={form.control}
          name="schoolId"
          render={({ field }) => (
            <SchoolPicker
              value={schools.data?.find((s) => s.id === field.value) ?? null}
              onChange={(school) => {
                field.onChange(school?.id ?? '');
                form.setValue('classId', null);
                form.setValue('year', null);
              }}
            />
          )}
        />
        <Controller control={form.control} name="role" render={({ field }) => <RoleSelect value={field.value} onChange={field.onChange} />} />
        {role === 'student' && (
          <Controller
            control={form.control}
            name="classId"
            render={({ field }) => (
              <ClassPicker classes={classes.data ?? []} loading={!!schoolId && classes.isPending} value={field.value ?? null} onChange={field.onChange} />
            )}
          />
        )}
        {year && loaded && <ReportYearPicker years={loaded} year={year} onChange={(next) => chooseYear(schoolYearSpan(loaded, next.from))} />}
        <FormDateRange control={form.control} name="range" minDate={year?.from} maxDate={year ? lastDayIn(year) : todayIso()} />
      </ReportFilterBar>
      <ReportOutcome report={report} hint={!submitted && t('superReport.hint')}>
        {submitted && report.data ? (
          <>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
              {title}
            </Typography>
            <DataTable
              rows={report.data.rows}
              server={{ total: report.data.total, state: table, onStateChange: setTable }}
              rowKey={(r) => r.userId}
              caption={title ?? ''}
              empty={t('reports.empty')}
              searchLabel={t('search.people')}
              onDownload={download}
              downloading={downloading}
              subline={identifierOf}
              columns={columns}
            />
          </>
        ) : null}
      </ReportOutcome>
    </Box>
  );
}
