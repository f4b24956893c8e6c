import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/use-error-text';

/**
 * A report's filter bar: its fields, then Run. Running only shapes the report's query (the filters are
 * screen state, checked by the query's own schema: decision 0325).
 */
export function ReportFilterBar({ label, canRun, onRun, children }: { label: string; canRun: boolean; onRun(): void; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canRun) onRun();
  };
  return (
    <Box component="form" onSubmit={submit} aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
      {children}
      <Button type="submit" variant="contained" disabled={!canRun} sx={{ minHeight: 40, width: { xs: '100%', sm: 'auto' } }}>
        {t('filters.submit')}
      </Button>
    </Box>
  );
}

/** Under the filters: a loading bar, then the failure in the user's language, the hint before a first run, or the report. */
export function ReportOutcome({ report, hint, children }: { report: { isFetching: boolean; isError: boolean; error: unknown }; hint?: string | false; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  return (
    <>
      <Box sx={{ height: 4, mb: 1 }}>{report.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {report.isError ? <Alert severity="error">{errorText(report.error)}</Alert> : hint ? <Typography color="text.secondary">{hint}</Typography> : children}
    </>
  );
}
