import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DateRange } from '../../lib/dates';
import { DateField } from './date-field';

export { API_FORMAT, DatePickersProvider } from './date-field';

export type { DateRange } from '../../lib/dates';

/**
 * From and To date fields (reports, feedback, attendance and mood tabs). `onChange` only
 * fires with complete dates (DateField), so nothing is queried while a year is being typed;
 * a From after To is shown as an error on To.
 */
export function DateRangePicker({
  value,
  onChange,
  minDate,
  maxDate,
  size = 'small',
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** The first day either date may be (a report's school year, decision 0598). */
  minDate?: string;
  maxDate?: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const inverted = !!value.from && !!value.to && value.from > value.to;
  const width = { width: { xs: '100%', sm: 180 } };
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
      <DateField
        label={t('dateRange.from')}
        value={value.from}
        minDate={minDate}
        maxDate={maxDate}
        size={size}
        sx={width}
        onChange={(from) => {
          if (from) onChange({ ...value, from });
        }}
      />
      <DateField
        label={t('dateRange.to')}
        value={value.to}
        minDate={value.from || minDate}
        maxDate={maxDate}
        size={size}
        sx={width}
        error={inverted}
        helperText={inverted ? t('dateRange.inverted') : undefined}
        onChange={(to) => {
          if (to) onChange({ ...value, to });
        }}
      />
    </Box>
  );
}
