import { adminEndpoints } from '@high5/contract';
import { Alert, Box, Button, LinearProgress, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInMe } from '../../../app/session';
import { PageTitle } from '../../../components/ui/page-title';
import { DateRangePicker, type DateRange } from '../../../components/ui/date-range-picker';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { adminKeys, reportClassesQuery } from '../api';
import { ClassPicker } from '../components/pickers';
import { ReportTable } from '../components/report-table';
import { defaultRange, isValidRange, rangeParam, todayIso } from '../lib/dates';
import { loadAllPages } from '../lib/pages';

type Tab = 'report' | 'mood';

/**
 * The report screen of /report (admins: every class) and /TeacherReport (teachers: their own
 * classes), spec 003 section 2.6: a High 5 tab and a mood meter tab, each with a class picker,
 * From/To dates (the last 10 days by default) and a table.
 */
export function ClassReport() {
  const { t } = useTranslation('admin');
  const me = useSignedInMe();
  const id = useId();
  const [tab, setTab] = useState<Tab>('report');
  return (
    <Box>
      <PageTitle subtitle={me.school?.name}>{t('classReport.title')}</PageTitle>
      <Tabs value={tab} onChange={(_e, v: Tab) => setTab(v)} aria-label={t('classReport.tabsLabel')} variant="fullWidth" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider', maxWidth: { sm: 480 } }}>
        <Tab value="report" label={t('classReport.reportTab')} id={`${id}-report`} aria-controls={`${id}-panel`} sx={{ fontWeight: 700, textTransform: 'none', fontSize: 15 }} />
        <Tab value="mood" label={t('classReport.moodTab')} id={`${id}-mood`} aria-controls={`${id}-panel`} sx={{ fontWeight: 700, textTransform: 'none', fontSize: 15 }} />
      </Tabs>
      <Box id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
        <ClassReportTab key={tab} tab={tab} />
      </Box>
    </Box>
  );
}

function ClassReportTab({ tab }: { tab: Tab }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const classes = useQuery(reportClassesQuery);
  const [classId, setClassId] = useState<string | null>(null);
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [submitted, setSubmitted] = useState<{ classId: string | null; range: DateRange } | null>(null);
  const query = (cursor: string | undefined) => ({ range: rangeParam(submitted!.range), ...(submitted!.classId ? { classId: submitted!.classId } : {}), ...(cursor ? { cursor } : {}) });
  const recognition = useQuery({
    queryKey: adminKeys.report('class-recognition', submitted),
    queryFn: () => loadAllPages((cursor) => api(adminEndpoints.classRecognitionReport, { query: query(cursor) })),
    enabled: tab === 'report' && submitted !== null,
  });
  const mood = useQuery({
    queryKey: adminKeys.report('class-mood', submitted),
    queryFn: () => loadAllPages((cursor) => api(adminEndpoints.classMoodReport, { query: query(cursor) })),
    enabled: tab === 'mood' && submitted !== null,
    staleTime: 0,
  });
  const active = tab === 'report' ? recognition : mood;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isValidRange(range)) setSubmitted({ classId, range });
  };
  const noClasses = classes.data?.length === 0;
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
        <ReportTable
          rows={recognition.data}
          rowKey={(r) => r.userId}
          caption={t('classReport.reportTab')}
          empty={t('reports.empty')}
          subline={(r) => r.email ?? ''}
          columns={[
            { key: 'name', label: t('columns.name'), value: (r) => r.name },
            { key: 'email', label: t('columns.email'), value: (r) => r.email ?? '—', wide: true },
            { key: 'h5g', label: t('columns.high5Given'), value: (r) => r.high5Given, numeric: true },
            { key: 'h5r', label: t('columns.high5Received'), value: (r) => r.high5Received, numeric: true },
          ]}
        />
      ) : tab === 'mood' && mood.data ? (
        <ReportTable
          rows={mood.data}
          rowKey={(r) => r.userId}
          caption={t('classReport.moodTab')}
          empty={t('reports.empty')}
          subline={(r) => r.email ?? ''}
          columns={[
            { key: 'name', label: t('columns.name'), value: (r) => r.name },
            { key: 'email', label: t('columns.email'), value: (r) => r.email ?? '—', wide: true },
            { key: 'high', label: t('columns.highEnjoyment'), value: (r) => r.highEnjoyment, numeric: true },
            { key: 'low', label: t('columns.lowEnjoyment'), value: (r) => r.lowEnjoyment, numeric: true },
          ]}
        />
      ) : null}
    </Box>
  );
}
