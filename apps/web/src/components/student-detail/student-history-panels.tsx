import type { StudentDetails } from '@high5/contract';
import { Alert, Box, Chip, Typography } from '@mui/material';
import { format, parseISO, subDays } from 'date-fns';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showDate } from '../../lib/dates';
import { DataTable, type DataColumn } from '../ui/data-table';
import { DateRangePicker, type DateRange } from '../ui/date-range-picker';
import { Emoji } from '../ui/emoji';
import { useStudentAttendance, useStudentMoods } from './api';
import { MOOD_EMOJI } from './mood-emoji';

/** Spec 001: the attendance and mood tabs default to the last 30 days. */
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

function useDefaultRange(today: string): [DateRange, (r: DateRange) => void] {
  const [range, setRange] = useState<DateRange>(() => ({ from: format(subDays(parseISO(today), DEFAULT_DAYS), 'yyyy-MM-dd'), to: today }));
  return [range, setRange];
}

const validRange = (r: DateRange) => r.from <= r.to && parseISO(r.to).getTime() - parseISO(r.from).getTime() <= 366 * 86_400_000;

export function AttendancePanel({ studentId, today }: { studentId: string; today: string }) {
  const { t } = useTranslation('profile');
  const [range, setRange] = useDefaultRange(today);
  const rows = useStudentAttendance(studentId, `${range.from}_${range.to}`, validRange(range));
  return (
    <HistoryTable
      range={range}
      onRange={setRange}
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
}

// Dark enough for small text on white (WCAG AA).
const CODE_COLOURS = { P: '#1b5e20', A: '#b71c1c', T: '#8a4b00', E: '#01579b' } as const;
function AttendanceCode({ code }: { code: 'P' | 'A' | 'T' | 'E' }) {
  const { t } = useTranslation('profile');
  return <Chip size="small" variant="outlined" label={t(`studentDetail.attendanceCodes.${code}`)} sx={{ color: CODE_COLOURS[code], borderColor: CODE_COLOURS[code], fontWeight: 600 }} />;
}

export function MoodsPanel({ studentId, today }: { studentId: string; today: string }) {
  const { t } = useTranslation('profile');
  const [range, setRange] = useDefaultRange(today);
  const rows = useStudentMoods(studentId, `${range.from}_${range.to}`, validRange(range));
  const feeling = (mood: string) => t(`moods.${mood}`, { defaultValue: mood });
  return (
    <HistoryTable
      range={range}
      onRange={setRange}
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
}

/** A date range (last 30 days first) and the rows of that range, newest first, in the one data table. */
function HistoryTable<T>({ range, onRange, today, rows, rowKey, caption, empty, columns }: { range: DateRange; onRange(r: DateRange): void; today: string; rows: UseQueryResult<T[]>; rowKey(row: T): string; caption: string; empty: string; columns: DataColumn<T>[] }) {
  const { t } = useTranslation('profile');
  const ok = validRange(range);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <DateRangePicker value={range} onChange={onRange} maxDate={today} />
      {!ok && range.from <= range.to && <Alert severity="warning">{t('studentDetail.rangeTooLong')}</Alert>}
      {rows.isError && <Alert severity="error">{t('studentDetail.loadFailed')}</Alert>}
      <Box sx={{ opacity: rows.isFetching ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={rows.isFetching}>
        {rows.data &&
          (rows.data.length ? (
            <DataTable rows={rows.data} rowKey={rowKey} caption={caption} empty={empty} searchable={false} initialSort={{ sort: 'date', dir: 'desc' }} columns={columns} />
          ) : (
            <Typography color="text.secondary">{empty}</Typography>
          ))}
      </Box>
    </Box>
  );
}
