import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DateRange } from '../../../components/ui/date-range-picker';
import { rangeIssue } from '../lib/dates';

/**
 * Says why a report cannot be asked for when the range is over a year (the date picker already
 * marks From after To); the filter bar's button stays off until the range is fixed.
 */
export function RangeIssue({ range }: { range: DateRange }) {
  const { t } = useTranslation();
  if (rangeIssue(range) !== 'range_too_long') return null;
  return (
    <Typography role="alert" variant="body2" color="error" sx={{ flexBasis: '100%' }}>
      {t('errors:issues.range_too_long')}
    </Typography>
  );
}
