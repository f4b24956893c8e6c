import { DATE_DISPLAY_PATTERNS, isIsoDate } from '@high5/contract';
import type { SxProps, Theme } from '@mui/material';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { PickerDay, type PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickersEn, esES as pickersEs } from '@mui/x-date-pickers/locales';
import { format, isValid, parseISO } from 'date-fns';
import { enUS, es } from 'date-fns/locale';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../lib/calendar';

/** Dates travel as `yyyy-MM-dd` (API, files). */
export const API_FORMAT = 'yyyy-MM-dd';

/** MUI's Spanish words, with the accents its catalog leaves out ("Dia"). */
const SPANISH_PICKERS = { ...pickersEs.components.MuiLocalizationProvider.defaultProps.localeText, day: 'Día', weekDay: 'Día de la semana' };

/** Date pickers in the user's language (decision 0190's patterns). Wrap any picker of the app in it. */
export function DatePickersProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const spanish = i18n.language.startsWith('es');
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={spanish ? es : enUS}
      localeText={spanish ? SPANISH_PICKERS : pickersEn.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}

/** The pattern a date field shows in the user's language. */
export function useDisplayPattern() {
  const { i18n } = useTranslation();
  return DATE_DISPLAY_PATTERNS[i18n.language.startsWith('es') ? 'es' : 'en'];
}

const fromIso = (value: string) => (isIsoDate(value) ? parseISO(value) : null);

/**
 * A calendar day marked "today" when it is the school's today (decision 0331), not the device's: the
 * picker's own mark reads the device's clock, which is another date at night or on a trip.
 */
function SchoolDay(props: PickerDayProps) {
  const today = format(props.day, API_FORMAT) === todayIso();
  return <PickerDay {...props} today={today} aria-current={today ? 'date' : undefined} />;
}

/**
 * A date is complete once every part is typed: a real calendar date with a four-digit year.
 * While a year is being typed the picker already holds a date (year 2, 20, 202), which must
 * neither query nor show an error.
 */
export const isCompleteDate = (date: Date | null): date is Date => date !== null && isValid(date) && date.getFullYear() >= 1000;

export interface DateFieldProps {
  label: string;
  /** `yyyy-MM-dd`, or '' for none; any other text (a caller's "invalid") keeps what is typed. */
  value: string;
  /**
   * Called with `yyyy-MM-dd` once the typed or picked date is complete, with '' when the field
   * is cleared, and with `null` when the field is left holding an incomplete or impossible date.
   * Never while the user is still typing an incomplete date.
   */
  onChange: (value: string | null) => void;
  minDate?: string;
  maxDate?: string;
  /** The caller's own error (a range, a rule); its helper text wins over the field's. */
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  clearable?: boolean;
  name?: string;
  onBlur?: () => void;
  sx?: SxProps<Theme>;
}

/**
 * The one date field of the app (docs/decisions/0302): a MUI X date picker in the user's
 * language that reports only complete dates and shows "incomplete" only once the user leaves
 * the field. Every date input uses it, directly or through DateRangePicker.
 */
export function DateField({ label, value, onChange, minDate, maxDate, error, helperText, size, fullWidth, clearable, name, onBlur, sx }: DateFieldProps) {
  const { t } = useTranslation();
  const pattern = useDisplayPattern();
  const [draft, setDraft] = useState<Date | null>(() => fromIso(value));
  const [focused, setFocused] = useState(false);
  const [outOfRange, setOutOfRange] = useState(false);
  const reported = useRef(value);

  // A new value from outside (another range, a reset, a saved profile) replaces what is shown.
  useEffect(() => {
    if (value !== reported.current && (value === '' || isIsoDate(value))) {
      reported.current = value;
      setDraft(fromIso(value));
    }
  }, [value]);

  const report = (next: string | null) => {
    if (next !== null) reported.current = next;
    onChange(next);
  };
  const incomplete = draft !== null && !isCompleteDate(draft);
  const showIncomplete = !focused && (incomplete || outOfRange) && !error;

  return (
    <DatePickersProvider>
      <DatePicker
        label={label}
        format={pattern}
        value={draft}
        // An empty field's calendar opens on the school's month.
        referenceDate={fromIso(todayIso()) ?? undefined}
        slots={{ day: SchoolDay }}
        minDate={minDate ? (fromIso(minDate) ?? undefined) : undefined}
        maxDate={maxDate ? (fromIso(maxDate) ?? undefined) : undefined}
        onChange={(date, context) => {
          setDraft(date);
          // The picker's own limits (min, max) count only for complete dates; the caller may check its own.
          setOutOfRange(isCompleteDate(date) && context.validationError !== null && !error);
          if (date === null) report('');
          else if (isCompleteDate(date)) report(format(date, API_FORMAT));
        }}
        slotProps={{
          textField: {
            name,
            size,
            fullWidth,
            sx,
            // Only the caller's error, or an incomplete date once the field is left: never while typing.
            error: !!error || showIncomplete,
            helperText: showIncomplete ? t(incomplete ? 'dateField.incomplete' : 'dateField.outOfRange') : helperText,
            onFocus: () => setFocused(true),
            onBlur: () => {
              setFocused(false);
              if (incomplete) report(null);
              onBlur?.();
            },
          },
          field: { clearable },
        }}
      />
    </DatePickersProvider>
  );
}
