import { Box } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickersEn, esES as pickersEs } from '@mui/x-date-pickers/locales';
import { format, isValid, parse } from 'date-fns';
import { enUS, es } from 'date-fns/locale';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLanguage } from '@high5/contract';
import { datePattern } from '../../lib/dates';

/** Dates travel as `yyyy-MM-dd` (API) and show as `MM/dd/yyyy` in English, `dd/MM/yyyy` in Spanish (decision 0190). */
export const API_FORMAT = 'yyyy-MM-dd';

export interface DateRange {
  from: string;
  to: string;
}

const toDate = (value: string) => {
  const d = parse(value, API_FORMAT, new Date());
  return isValid(d) ? d : null;
};
const toApi = (date: Date | null) => (date && isValid(date) ? format(date, API_FORMAT) : '');

/** Date pickers in the user's language (its calendar, words and pattern). Wrap any picker of the app in it. */
export function DatePickersProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const spanish = dateLanguage(i18n.language) === 'es';
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={spanish ? es : enUS}
      localeText={(spanish ? pickersEs : pickersEn).components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}

/**
 * From and To pickers (reports, feedback, attendance and mood tabs). `onChange` only
 * fires with complete dates; a From after To is shown as an error on To.
 */
export function DateRangePicker({ value, onChange, maxDate, size = 'small' }: { value: DateRange; onChange: (range: DateRange) => void; maxDate?: string; size?: 'small' | 'medium' }) {
  const { t, i18n } = useTranslation();
  const pattern = datePattern(i18n.language);
  const from = toDate(value.from);
  const to = toDate(value.to);
  const max = maxDate ? (toDate(maxDate) ?? undefined) : undefined;
  const inverted = !!from && !!to && from > to;
  return (
    <DatePickersProvider>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <DatePicker
          label={t('dateRange.from')}
          format={pattern}
          value={from}
          maxDate={max}
          onChange={(date) => {
            const next = toApi(date);
            if (next) onChange({ ...value, from: next });
          }}
          slotProps={{ textField: { size, sx: { width: { xs: '100%', sm: 180 } } } }}
        />
        <DatePicker
          label={t('dateRange.to')}
          format={pattern}
          value={to}
          minDate={from ?? undefined}
          maxDate={max}
          onChange={(date) => {
            const next = toApi(date);
            if (next) onChange({ ...value, to: next });
          }}
          slotProps={{ textField: { size, error: inverted, helperText: inverted ? t('dateRange.inverted') : undefined, sx: { width: { xs: '100%', sm: 180 } } } }}
        />
      </Box>
    </DatePickersProvider>
  );
}
