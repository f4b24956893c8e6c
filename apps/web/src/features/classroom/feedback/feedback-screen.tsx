import { ClassroomRangeSchema, type FeedbackRow } from '@high5/contract';
import { Alert, Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormDateRange, rangeForm } from '../../../components/form/form-date-range';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import type { DateRange } from '../../../components/ui/date-range-picker';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorText } from '../../../lib/use-error-text';
import { lastDays, rangeParam, showDate, todayIso } from '../components/dates';
import { useFeedback } from './api';

/** The dates: the list query's `dateRange`, as the server checks it (From not after To, at most a year). */
const classroomRangeForm = rangeForm(ClassroomRangeSchema);

/**
 * Teacher feedback (/feedback, docs/rules/classroom.md#received-high-5s-and-feedback): what parents wrote about the High 5s
 * the teacher gave, for a date range (default: the last 10 days up to today).
 */
export default function FeedbackScreen() {
  const { t } = useTranslation('classroom');
  const errorText = useErrorText('classroom');
  const form = useContractForm(classroomRangeForm, { mode: 'onChange', defaultValues: { range: lastDays() } });
  const { isValid } = useFormState({ control: form.control });
  const [range, setRange] = useState<DateRange>(() => form.getValues('range'));
  const submit = form.handleSubmit((values) => setRange(values.range));
  const feedback = useFeedback(rangeParam(range));
  const columns: DataColumn<FeedbackRow>[] = [
    { id: 'student', header: t('columns.studentName'), cell: (row) => row.studentName, value: (row) => row.studentName },
    { id: 'parent', header: t('columns.parentName'), cell: (row) => row.parentName, value: (row) => row.parentName },
    {
      id: 'comment',
      header: t('columns.comment'),
      long: true,
      value: (row) => row.comment,
      cell: (row) => (
        <>
          {row.comment}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {t('feedback.aboutHigh5', { date: showDate(row.high5Date) })}
          </Typography>
        </>
      ),
    },
    { id: 'date', header: t('columns.date'), cell: (row) => showDate(row.date), value: (row) => row.date, date: true },
  ];
  return (
    <Box>
      <PageTitle subtitle={t('feedback.subtitle')}>{t('feedback.title')}</PageTitle>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ borderRadius: 3, display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, mb: 2, alignItems: 'flex-start' }}
      >
        <FormDateRange control={form.control} name="range" maxDate={todayIso()} area="classroom" />
        <Button type="submit" variant="contained" disabled={!isValid}>
          {t('feedback.submit')}
        </Button>
      </Paper>
      <Box sx={{ height: 4 }}>{feedback.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {feedback.isError ? (
        <Alert severity="error">{errorText(feedback.error)}</Alert>
      ) : (
        feedback.data && (
          <DataTable
            rows={feedback.data}
            columns={columns}
            rowKey={(row) => row.id}
            caption={t('feedback.title')}
            empty={t('feedback.none')}
            initialSort={{ sort: 'date', dir: 'desc' }}
          />
        )
      )}
    </Box>
  );
}
