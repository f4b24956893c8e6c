import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/use-error-text';

/**
 * A report's filter bar: its fields, then Run. The fields are a contract form (useContractForm with a
 * schema built from the report query's own, `lib/report-forms.ts`, checked as they change): Run stays off
 * while the query would be refused (the field says why), and `onRun` gets the checked values.
 */
export function ReportFilterBar<T extends FieldValues, Out>({
  form,
  label,
  onRun,
  canRun = true,
  children,
}: {
  form: UseFormReturn<T, unknown, Out>;
  label: string;
  onRun(values: Out): void;
  /** Off for a reason outside the fields (no classes to report on). */
  canRun?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { isValid } = useFormState({ control: form.control });
  const submit = form.handleSubmit(onRun);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={label}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}
    >
      {children}
      <Button type="submit" variant="contained" disabled={!isValid || !canRun} sx={{ minHeight: 40, width: { xs: '100%', sm: 'auto' } }}>
        {t('filters.submit')}
      </Button>
    </Box>
  );
}

/** Under the filters: a loading bar, then the failure in the user's language, the hint before a first run, or the report. */
export function ReportOutcome({
  report,
  hint,
  children,
}: {
  report: { isFetching: boolean; isError: boolean; error: unknown };
  hint?: string | false;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  return (
    <>
      <Box sx={{ height: 4, mb: 1 }}>{report.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {report.isError ? <Alert severity="error">{errorText(report.error)}</Alert> : hint ? <Typography color="text.secondary">{hint}</Typography> : children}
    </>
  );
}
