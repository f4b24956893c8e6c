import type { ReportRow, SchoolYears } from '@high5/contract';
import { Box } from '@mui/material';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormDateRange } from '../../../components/form/form-date-range';
import { NO_STUDENT_FILTER, StudentFilterFields, type SharedStudentFilter } from '../../../components/student-filter/student-filter-fields';
import { DataTable, initialTableState, type TableState } from '../../../components/ui/data-table';
import { RoleSelect } from '../components/pickers';
import { ReportFilterBar, ReportOutcome } from '../components/report-filters';
import { ReportYearPicker, WithSchoolYears, yearContaining } from '../components/report-year';
import { defaultRange, lastDayIn, rangeInYear, type YearSpan } from '../lib/dates';
import { identifierOf, recognitionColumns } from '../lib/report-csv';
import { groupReportForm, type GroupReportFilters } from '../lib/report-forms';
import { useGroupReport } from './api';
import { UserReportsDialog } from './user-reports-dialog';

/**
 * The admin's group report (docs/rules/administration.md#group-report): counts per member of one user group, in one school year;
 * students can be narrowed to flags and a grade (docs/decisions/0601).
 */
export function GroupReport(shared: SharedStudentFilter) {
  return <WithSchoolYears>{(years) => <GroupReportIn years={years} {...shared} />}</WithSchoolYears>;
}

function GroupReportIn({ years, student, onStudent }: { years: SchoolYears } & SharedStudentFilter) {
  const { t } = useTranslation('admin');
  const start = yearContaining(years, undefined);
  const form = useContractForm(groupReportForm, {
    mode: 'onChange',
    defaultValues: { role: 'student', range: defaultRange(undefined, start), year: start, student },
  });
  const year = useWatch({ control: form.control, name: 'year' });
  const role = useWatch({ control: form.control, name: 'role' });
  const chooseYear = (next: YearSpan) => {
    form.setValue('year', next);
    form.setValue('range', rangeInYear(form.getValues('range'), next), { shouldValidate: true });
  };
  const [submitted, setSubmitted] = useState<GroupReportFilters | null>(null);
  const [table, setTable] = useState<TableState>(() => initialTableState());
  const [open, setOpen] = useState<ReportRow | null>(null);
  const { report, download, downloading } = useGroupReport(submitted, table);
  const columns = recognitionColumns(t, true);
  const run = (filters: GroupReportFilters) => {
    // Flags and grade are students' (the server refuses them on other groups).
    setSubmitted(filters.role === 'student' ? filters : { ...filters, student: NO_STUDENT_FILTER });
    setTable((state) => ({ ...state, page: 0 }));
  };
  return (
    <Box>
      <ReportFilterBar form={form} label={t('groupReport.formLabel')} onRun={run}>
        <ReportYearPicker years={years} year={year} onChange={chooseYear} />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => <RoleSelect value={field.value} onChange={field.onChange} label={t('filters.userGroup')} />}
        />
        <FormDateRange control={form.control} name="range" minDate={year.from} maxDate={lastDayIn(year)} />
        {role === 'student' && (
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
        )}
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
            onDownload={download}
            downloading={downloading}
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
