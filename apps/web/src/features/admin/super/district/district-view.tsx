import { gradeLabel } from '@high5/contract';
import type { DistrictFigures, DistrictReport, DistrictStudent, SchoolYears } from '@high5/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Paper, Skeleton, Typography } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../../app/paths';
import { useContractForm } from '../../../../components/form/contract-form';
import { FormDateRange } from '../../../../components/form/form-date-range';
import { DataTable, initialTableState, type TableState } from '../../../../components/ui/data-table';
import { PageTitle } from '../../../../components/ui/page-title';
import { useDistricts, useSuperSchools } from '../../api';
import { ReportYearPicker } from '../../components/report-year';
import { ReportFilterBar, ReportOutcome } from '../../components/report-filters';
import { defaultRange, lastDayIn, rangeInYear, type YearSpan } from '../../lib/dates';
import { downloadReport, identifierOf } from '../../lib/report-csv';
import { districtReportForm } from '../../lib/report-forms';
import { useSuperSchoolYears } from '../api';
import { schoolYearSpan } from '../super-report-screen';
import { useDistrictReport, useDistrictStudents } from './api';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 3 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * A district's view for the super admin (decision 0603): its figures per school and in all over a
 * range in one school year, and its students across its schools (name, school, grade; no flags).
 */
export function DistrictView({ districtId }: { districtId: string }) {
  const { t } = useTranslation('admin');
  const districts = useDistricts();
  const schools = useSuperSchools();
  const district = districts.data?.find((d) => d.id === districtId);
  // The district's years are its first school's (by name): the server holds the range to every school's.
  const first = schools.data?.filter((s) => s.districtId === districtId).sort((a, b) => a.name.localeCompare(b.name))[0];
  const years = useSuperSchoolYears(first?.id);
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Button component={RouterLink} to={paths.addDistrict} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('roster.back')}
      </Button>
      <PageTitle>{district ? t('districtView.title', { name: district.name }) : t('districtView.titlePlain')}</PageTitle>
      {districts.data && !district ? (
        <Alert severity="warning">{t('roster.notFound')}</Alert>
      ) : (
        <>
          <Section title={t('districtView.figuresTitle')}>
            {schools.data && !first ? (
              <Typography color="text.secondary">{t('districtView.noSchools')}</Typography>
            ) : years.data ? (
              <Figures key={first!.id} districtId={districtId} years={years.data} />
            ) : (
              <Skeleton variant="rounded" height={120} />
            )}
          </Section>
          <Section title={t('districtView.studentsTitle')}>
            <Students districtId={districtId} />
          </Section>
        </>
      )}
    </Box>
  );
}

const FIGURES = ['students', 'high5Given', 'high5Received', 'vibeGiven', 'vibeReceived', 'checkIns', 'lowEnjoyment'] as const;

function Figures({ districtId, years }: { districtId: string; years: SchoolYears }) {
  const { t } = useTranslation('admin');
  const start = schoolYearSpan(years);
  const form = useContractForm(districtReportForm, { mode: 'onChange', defaultValues: { range: defaultRange(undefined, start), year: start } });
  const year = useWatch({ control: form.control, name: 'year' });
  const [submitted, setSubmitted] = useState<YearSpan | null>(null);
  const report = useDistrictReport(districtId, submitted);
  const chooseYear = (next: YearSpan) => {
    const span = schoolYearSpan(years, next.from);
    form.setValue('year', span);
    form.setValue('range', rangeInYear(form.getValues('range'), span), { shouldValidate: true });
  };
  const rows = report.data ? [...report.data.schools, { schoolId: 'total', name: t('districtView.total'), ...report.data.totals }] : [];
  const columns = [
    {
      id: 'name',
      header: t('districtView.school'),
      cell: (r: (typeof rows)[number]) => (r.schoolId === 'total' ? <strong>{r.name}</strong> : r.name),
      value: (r: (typeof rows)[number]) => r.name,
      sortable: false,
    },
    ...FIGURES.map((key) => ({
      id: key,
      header: t(`districtView.figures.${key}`),
      cell: (r: DistrictFigures) => r[key],
      value: (r: DistrictFigures) => r[key],
      numeric: true,
      sortable: false,
    })),
  ];
  const save = (data: DistrictReport) =>
    downloadReport(t, {
      title: t('districtView.figuresTitle'),
      nameParts: [],
      range: submitted!,
      filters: [],
      columns: columns.map((c) => ({ header: c.header, value: c.value })),
      rows: [...data.schools, { schoolId: 'total', name: t('districtView.total'), ...data.totals }],
    });
  return (
    <>
      <ReportFilterBar form={form} label={t('districtView.formLabel')} onRun={(values) => setSubmitted(values.range)}>
        <ReportYearPicker years={years} year={year} onChange={chooseYear} />
        <FormDateRange control={form.control} name="range" minDate={year.from} maxDate={lastDayIn(year)} />
      </ReportFilterBar>
      <ReportOutcome report={report} hint={!submitted && t('districtView.hint')}>
        {report.data && (
          <DataTable
            rows={rows}
            rowKey={(r) => r.schoolId}
            caption={t('districtView.figuresCaption')}
            empty={t('districtView.noSchools')}
            searchable={false}
            onDownload={() => save(report.data)}
            columns={columns}
          />
        )}
      </ReportOutcome>
    </>
  );
}

function Students({ districtId }: { districtId: string }) {
  const { t } = useTranslation('admin');
  const [table, setTable] = useState<TableState>(() => initialTableState());
  const { report, download, downloading } = useDistrictStudents(districtId, table);
  const columns = [
    { id: 'name', header: t('districtView.name'), cell: (s: DistrictStudent) => s.name, value: (s: DistrictStudent) => s.name },
    { id: 'school', header: t('districtView.school'), cell: (s: DistrictStudent) => s.schoolName, value: (s: DistrictStudent) => s.schoolName },
    {
      id: 'grade',
      header: t('districtView.grade'),
      cell: (s: DistrictStudent) => gradeLabel(s.grade, t) || '—',
      value: (s: DistrictStudent) => gradeLabel(s.grade, t),
    },
  ];
  return (
    <ReportOutcome report={report}>
      {report.data ? (
        <DataTable
          rows={report.data.rows}
          server={{ total: report.data.total, state: table, onStateChange: setTable }}
          rowKey={(s) => `${s.schoolId}:${s.userId}`}
          caption={t('districtView.studentsTitle')}
          empty={t('districtView.noStudents')}
          searchLabel={t('search.people')}
          onDownload={download}
          downloading={downloading}
          subline={identifierOf}
          columns={columns}
        />
      ) : (
        <Skeleton variant="rounded" height={160} />
      )}
    </ReportOutcome>
  );
}
