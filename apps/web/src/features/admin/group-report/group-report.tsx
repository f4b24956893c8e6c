import { adminEndpoints, type ReportRow, type Role } from '@high5/contract';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker, type DateRange } from '../../../components/ui/date-range-picker';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { adminKeys } from '../api';
import { RoleSelect } from '../components/pickers';
import { ReportTable } from '../components/report-table';
import { defaultRange, isValidRange, rangeParam, todayIso } from '../lib/dates';
import { loadAllPages } from '../lib/pages';
import { UserReportsDialog } from './user-reports-dialog';

/** The admin's group report (spec 003 section 2.7): counts per member of one user group. */
export function GroupReport() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const [role, setRole] = useState<Role>('student');
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [submitted, setSubmitted] = useState<{ role: Role; range: DateRange } | null>(null);
  const [open, setOpen] = useState<ReportRow | null>(null);

  const report = useQuery({
    queryKey: adminKeys.report('group', submitted),
    queryFn: () => loadAllPages((cursor) => api(adminEndpoints.groupReport, { query: { role: submitted!.role, range: rangeParam(submitted!.range), ...(cursor ? { cursor } : {}) } })),
    enabled: submitted !== null,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidRange(range)) return;
    setSubmitted({ role, range });
  };

  return (
    <Box>
      <Box component="form" onSubmit={submit} aria-label={t('groupReport.formLabel')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
        <RoleSelect value={role} onChange={setRole} label={t('filters.userGroup')} />
        <DateRangePicker value={range} onChange={setRange} maxDate={todayIso()} />
        <Button type="submit" variant="contained" disabled={!isValidRange(range)} sx={{ minHeight: 40, width: { xs: '100%', sm: 'auto' } }}>
          {t('filters.submit')}
        </Button>
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{report.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {report.isError ? (
        <Alert severity="error">{errorText(report.error)}</Alert>
      ) : !submitted ? (
        <Typography color="text.secondary">{t('groupReport.hint')}</Typography>
      ) : report.data ? (
        <ReportTable
          rows={report.data}
          rowKey={(r) => r.userId}
          caption={t('groupReport.caption', { group: t(`common:roles.${submitted.role}`) })}
          empty={t('reports.empty')}
          onOpen={setOpen}
          openLabel={(r) => t('groupReport.open', { name: r.name })}
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
      ) : null}
      {open && submitted && <UserReportsDialog userId={open.userId} name={open.name} range={submitted.range} onClose={() => setOpen(null)} />}
    </Box>
  );
}
