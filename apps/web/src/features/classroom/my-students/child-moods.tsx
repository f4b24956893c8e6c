import { ClassroomRangeSchema, CLASSROOM_LIMITS, type MoodEntry, type MyStudent } from '@high5/contract';
import { Alert, Box, Button, LinearProgress, Paper } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { useContractForm } from '../../../components/form/contract-form';
import { FormDateRange, rangeForm, useCheckedValue } from '../../../components/form/form-date-range';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { Emoji } from '../../../components/ui/emoji';
import { PageTitle } from '../../../components/ui/page-title';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { lastDays, rangeParam, showDate, todayIso } from '../components/dates';
import { moodEmoji, moodInfo } from '../components/moods';
import { useChildMoods } from './api';

/** The dates: the history query's `dateRange`, as the server checks it (From not after To, at most a year). */
const moodRangeForm = rangeForm(ClassroomRangeSchema);

/**
 * A parent's view of one child's check-ins (/mystudent?moods=<id>, docs/decisions/0597): the last
 * 30 days by default, newest first, each day's feeling with its face. Only offered when the
 * server says the parent may read the history; a 403 (the school stopped sharing) says so.
 */
export function ChildMoods({ child }: { child: MyStudent }) {
  const { t } = useTranslation('classroom');
  const errorText = useErrorText('classroom');
  const filter = useContractForm(moodRangeForm, { mode: 'onChange', defaultValues: { range: lastDays(CLASSROOM_LIMITS.moodHistoryRangeDays) } });
  const range = useCheckedValue(filter, 'range');
  const moods = useChildMoods(child.id, rangeParam(range));
  const feeling = (entry: MoodEntry) => {
    const info = moodInfo(entry.mood);
    return info ? t(`feelings.${info.feeling}`) : entry.mood;
  };
  const columns: DataColumn<MoodEntry>[] = [
    { id: 'date', header: t('columns.date'), cell: (row) => showDate(row.date), value: (row) => row.date, date: true },
    {
      id: 'feeling',
      header: t('columns.feeling'),
      cell: (row) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          {/* The feeling's word says it; the face beside it is decorative (alt ''). */}
          <Emoji char={moodEmoji(row.mood)} size={28} alt="" />
          {feeling(row)}
        </Box>
      ),
      value: feeling,
    },
  ];
  const forbidden = moods.error instanceof ApiError && moods.error.status === 403;
  return (
    <Box>
      <Button component={RouterLink} to={paths.myStudents} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('childMoods.back')}
      </Button>
      <PageTitle subtitle={t('childMoods.subtitle')}>{t('childMoods.title', { name: child.name })}</PageTitle>
      <Paper variant="outlined" sx={{ borderRadius: 3, display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, mb: 2, alignItems: 'flex-start' }}>
        <FormDateRange control={filter.control} name="range" maxDate={todayIso()} area="classroom" />
      </Paper>
      <Box sx={{ height: 4 }}>{moods.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {forbidden ? (
        <Alert severity="info">{t('childMoods.notShared')}</Alert>
      ) : moods.isError ? (
        <Alert severity="error">{errorText(moods.error)}</Alert>
      ) : (
        moods.data && (
          <DataTable
            rows={moods.data}
            columns={columns}
            rowKey={(row) => row.date}
            caption={t('childMoods.tableLabel', { name: child.name })}
            empty={t('childMoods.none', { name: child.name })}
            initialSort={{ sort: 'date', dir: 'desc' }}
            searchable={false}
          />
        )
      )}
    </Box>
  );
}
