import { Alert, Box, Button, LinearProgress, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker, type DateRange } from '../../../components/ui/date-range-picker';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorText } from '../../../lib/use-error-text';
import { api, classroomKeys, e } from '../api';
import { lastDays, rangeParam, showDate, todayIso, validRange } from '../components/dates';

const headCell = { fontWeight: 700 } as const;

/**
 * Teacher feedback (/feedback, spec 002 section 2.8): what parents wrote about the High 5s
 * the teacher gave, for a date range (default: the last 10 days up to today).
 */
export default function FeedbackScreen() {
  const { t } = useTranslation('classroom');
  const errorText = useErrorText('classroom');
  const [draft, setDraft] = useState<DateRange>(() => lastDays());
  const [range, setRange] = useState<DateRange>(draft);
  const feedback = useQuery({ queryKey: classroomKeys.feedback(rangeParam(range)), queryFn: () => api(e.feedbackList, { query: { dateRange: rangeParam(range) } }) });
  const rows = feedback.data ?? [];
  return (
    <Box>
      <PageTitle subtitle={t('feedback.subtitle')}>{t('feedback.title')}</PageTitle>
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (validRange(draft)) setRange(draft);
          }}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, alignItems: 'flex-start' }}
        >
          <DateRangePicker value={draft} onChange={setDraft} maxDate={todayIso()} />
          <Button type="submit" variant="contained" disabled={!validRange(draft)}>
            {t('feedback.submit')}
          </Button>
        </Box>
        <Box sx={{ height: 4 }}>{feedback.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
        {feedback.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorText(feedback.error)}
          </Alert>
        ) : feedback.data && rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {t('feedback.none')}
          </Typography>
        ) : (
          <TableContainer>
            <Table aria-label={t('feedback.title')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={headCell}>{t('columns.studentName')}</TableCell>
                  <TableCell sx={headCell}>{t('columns.parentName')}</TableCell>
                  <TableCell sx={headCell}>{t('columns.comment')}</TableCell>
                  <TableCell sx={{ ...headCell, width: 120 }}>{t('columns.date')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{row.studentName}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{row.parentName}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word', whiteSpace: 'pre-line' }}>
                      {row.comment}
                      <Typography variant="body2" color="text.secondary">
                        {t('feedback.aboutHigh5', { date: showDate(row.high5Date) })}
                      </Typography>
                    </TableCell>
                    <TableCell>{showDate(row.date)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
    </Box>
  );
}
