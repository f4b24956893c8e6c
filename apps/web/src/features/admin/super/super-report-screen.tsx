import { adminEndpoints, type Role, type SuperSchool } from '@high5/contract';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import { DateRangePicker, type DateRange } from '../../../components/ui/date-range-picker';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { adminKeys } from '../api';
import { ClassPicker, RoleSelect, SchoolPicker } from '../components/pickers';
import { ReportTable } from '../components/report-table';
import { defaultRange, isValidRange, rangeParam, todayIso } from '../lib/dates';
import { loadAllPages } from '../lib/pages';

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
  const classes = useQuery({
    queryKey: adminKeys.superClasses(school?.id ?? ''),
    queryFn: () => api(adminEndpoints.superClasses, { params: { schoolId: school!.id } }),
    enabled: !!school && role === 'student',
  });
  const report = useQuery({
    queryKey: adminKeys.report('super', submitted?.school.id, submitted?.role, submitted?.classId, submitted?.range),
    queryFn: () =>
      loadAllPages((cursor) =>
        api(adminEndpoints.superGroupReport, {
          params: { schoolId: submitted!.school.id },
          query: { role: submitted!.role, range: rangeParam(submitted!.range), ...(submitted!.classId ? { classId: submitted!.classId } : {}), ...(cursor ? { cursor } : {}) },
        }),
      ),
    enabled: submitted !== null,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (school && isValidRange(range)) setSubmitted({ school, role, classId: role === 'student' ? classId : null, range });
  };
  return (
    <Box>
      <PageTitle>{t('superReport.title')}</PageTitle>
      <Box component="form" onSubmit={submit} aria-label={t('superReport.formLabel')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
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
        <Button type="submit" variant="contained" disabled={!school || !isValidRange(range)} sx={{ minHeight: 40, width: { xs: '100%', sm: 'auto' } }}>
          {t('filters.submit')}
        </Button>
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{report.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {report.isError ? (
        <Alert severity="error">{errorText(report.error)}</Alert>
      ) : !submitted ? (
        <Typography color="text.secondary">{t('superReport.hint')}</Typography>
      ) : report.data ? (
        <>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {t('superReport.resultTitle', { school: submitted.school.name, group: t(`common:roles.${submitted.role}`) })}
          </Typography>
          <ReportTable
            rows={report.data}
            rowKey={(r) => r.userId}
            caption={t('superReport.resultTitle', { school: submitted.school.name, group: t(`common:roles.${submitted.role}`) })}
            empty={t('reports.empty')}
            subline={(r) => r.email ?? ''}
            columns={[
              { key: 'name', label: t('columns.name'), value: (r) => r.name },
              { key: 'email', label: t('columns.email'), value: (r) => r.email ?? '—', wide: true },
              { key: 'h5g', label: t('columns.high5Given'), value: (r) => r.high5Given, numeric: true },
              { key: 'h5r', label: t('columns.high5Received'), value: (r) => r.high5Received, numeric: true },
              { key: 'vg', label: t('columns.vibeGiven'), value: (r) => r.vibeGiven, numeric: true },
              { key: 'vr', label: t('columns.vibeReceived'), value: (r) => r.vibeReceived, numeric: true },
            ]}
          />
        </>
      ) : null}
    </Box>
  );
}
