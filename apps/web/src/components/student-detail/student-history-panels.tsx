import { addDays, StudentRangeSchema, type StudentDetails } from '@high5/contract';
import { Alert, Box, Chip, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { rangeParam } from '../../lib/calendar';
import { showDate } from '../../lib/dates';
import { useSchoolYears } from '../../lib/school-years';
import { useErrorText } from '../../lib/use-error-text';
import { useContractForm } from '../form/contract-form';
import { FormDateRange, rangeForm, useCheckedValue } from '../form/form-date-range';
import { DataTable, type DataColumn } from '../ui/data-table';
import { Emoji } from '../ui/emoji';
import { useStudentAttendance, useStudentMoods } from './api';
import { MOOD_EMOJI } from './mood-emoji';

/** docs/rules/recognition.md#student-detail: the attendance and mood tabs default to the last 30 days. */
const DEFAULT_DAYS = 30;

export function TrustedAdults({ adults }: { adults: StudentDetails['trustedAdults'] }) {
  const { t } = useTranslation('profile');
  if (!adults.length) return <Alert severity="info">{t('studentDetail.noTrustedAdults')}</Alert>;
  return (
    <DataTable
      rows={adults}
      rowKey={(a) => a.id}
      caption={t('studentDetail.tabs.trustedAdults')}
      empty={t('studentDetail.noTrustedAdults')}
      searchable={false}
      columns={[
        { id: 'name', header: t('studentDetail.name'), cell: (a) => a.name, value: (a) => a.name },
        { id: 'email', header: t('studentDetail.email'), cell: (a) => a.email ?? '', value: (a) => a.email ?? '' },
      ]}
    />
  );
}

/** The tabs' dates: the query's `range`, as the server checks it (at most STUDENT_RANGE_MAX_DAYS). */
const studentRangeForm = rangeForm(StudentRangeSchema);
type RangeControl = Control<{ range: { from: string; to: string } }, unknown, FieldValues>;

/**
 * The tab's date filter and the range it last accepted, as the query's parameter. It opens on the
 * last 30 days within this school year: the server refuses a range that runs into another year,
 * and an older year is read by choosing its dates (docs/decisions/0608).
 */
function useRangeFilter(today: string, yearStart: string): [RangeControl, string] {
  const from = [addDays(today, -DEFAULT_DAYS), yearStart].sort()[1]!;
  const form = useContractForm(studentRangeForm, { mode: 'onChange', defaultValues: { range: { from, to: today } } });
  return [form.control, rangeParam(useCheckedValue(form, 'range'))];
}

/** Renders a history tab once the school's current year is known (its first range starts inside it). */
function withYearStart<P extends object>(Panel: ComponentType<P & { yearStart: string }>) {
  return function YearPanel(props: P) {
    const years = useSchoolYears();
    return years.data ? <Panel {...props} yearStart={years.data.current.from} /> : null;
  };
}

export const AttendancePanel = withYearStart<{ studentId: string; today: string }>(function Attendance({
  studentId,
  today,
  yearStart,
}: {
  studentId: string;
  today: string;
  yearStart: string;
}) {
  const { t } = useTranslation('profile');
  const [control, range] = useRangeFilter(today, yearStart);
  const rows = useStudentAttendance(studentId, range);
  return (
    <HistoryTable
      control={control}
      today={today}
      rows={rows}
      rowKey={(r) => `${r.date}-${r.className}-${r.code}`}
      caption={t('studentDetail.tabs.attendance')}
      empty={t('studentDetail.noAttendance')}
      columns={[
        { id: 'date', header: t('studentDetail.date'), cell: (r) => showDate(r.date), value: (r) => r.date, date: true },
        { id: 'class', header: t('studentDetail.class'), cell: (r) => r.className, value: (r) => r.className },
        { id: 'status', header: t('studentDetail.status'), cell: (r) => <AttendanceCode code={r.code} />, value: (r) => r.code },
      ]}
    />
  );
});

// Dark enough for small text on white (WCAG AA).
const CODE_COLOURS = { P: '#1b5e20', A: '#b71c1c', T: '#8a4b00', E: '#01579b' } as const;
function AttendanceCode({ code }: { code: 'P' | 'A' | 'T' | 'E' }) {
  const { t } = useTranslation('profile');
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`studentDetail.attendanceCodes.${code}`)}
      sx={{ color: CODE_COLOURS[code], borderColor: CODE_COLOURS[code], fontWeight: 600 }}
    />
  );
}

/** `history`: the viewer may read past days; school staff see today's check-in only, and are told so (decision 0420). */
export const MoodsPanel = withYearStart<{ studentId: string; today: string; history: boolean }>(function Moods({
  studentId,
  today,
  history,
  yearStart,
}: {
  studentId: string;
  today: string;
  history: boolean;
  yearStart: string;
}) {
  const { t } = useTranslation('profile');
  const [control, range] = useRangeFilter(today, yearStart);
  const rows = useStudentMoods(studentId, history ? range : rangeParam({ from: today, to: today }));
  const feeling = (mood: string) => t(`moods.${mood}`, { defaultValue: mood });
  return (
    <HistoryTable
      control={history ? control : null}
      note={history ? undefined : t('studentDetail.todayOnly')}
      today={today}
      rows={rows}
      rowKey={(r) => r.date}
      caption={t('studentDetail.tabs.moods')}
      empty={t('studentDetail.noMoods')}
      columns={[
        { id: 'date', header: t('studentDetail.date'), cell: (r) => showDate(r.date), value: (r) => r.date, date: true },
        {
          id: 'mood',
          header: t('studentDetail.mood'),
          value: (r) => feeling(r.mood),
          cell: (r) => (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}>
              {MOOD_EMOJI[r.mood] && <Emoji char={MOOD_EMOJI[r.mood]!} size={20} alt="" />}
              {feeling(r.mood)}
            </Box>
          ),
        },
        { id: 'comment', header: t('studentDetail.comment'), cell: (r) => r.comment, long: true, sortable: false },
      ]}
    />
  );
});

/** A date range (last 30 days first) and the rows of that range, newest first, in the one data table. */
function HistoryTable<T>({
  control,
  note,
  today,
  rows,
  rowKey,
  caption,
  empty,
  columns,
}: {
  control: RangeControl | null;
  note?: string;
  today: string;
  rows: UseQueryResult<T[]>;
  rowKey(row: T): string;
  caption: string;
  empty: string;
  columns: DataColumn<T>[];
}) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {control && <FormDateRange control={control} name="range" maxDate={today} messages={{ range_too_long: 'profile:studentDetail.rangeTooLong' }} />}
      {note && <Alert severity="info">{note}</Alert>}
      {rows.isError && (
        <Alert severity="error">{rows.error instanceof ApiError && rows.error.status === 400 ? errorText(rows.error) : t('studentDetail.loadFailed')}</Alert>
      )}
      <Box sx={{ opacity: rows.isFetching ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={rows.isFetching}>
        {rows.data &&
          (rows.data.length ? (
            <DataTable
              rows={rows.data}
              rowKey={rowKey}
              caption={caption}
              empty={empty}
              searchable={false}
              initialSort={{ sort: 'date', dir: 'desc' }}
              columns={columns}
            />
          ) : (
            <Typography color="text.secondary">{empty}</Typography>
          ))}
      </Box>
    </Box>
  );
}
