import { Typography } from '@mui/material';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useFieldErrorText, type Area } from '../../lib/use-error-text';
import { DateRangePicker } from '../ui/date-range-picker';

/**
 * From and To bound to a contract form (useContractForm): a `{ from, to }` field, checked by the
 * schema's range rule (a report query's `range`: at most a year). The rule's complaint is said under
 * the dates; a From after To is marked on To by the picker itself, so it is not said twice. `area` and
 * `messages` word the rule's code as FormTextField's do (a classroom list's DATE_RANGE_TOO_LONG).
 */
export function FormDateRange<T extends FieldValues>({
  control,
  name,
  maxDate,
  area,
  messages,
}: {
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
  maxDate?: string;
  area?: Area;
  messages?: Record<string, string>;
}) {
  const { field, fieldState } = useController({ control, name });
  const errorText = useFieldErrorText(area);
  const inverted = field.value.from > field.value.to;
  const code = fieldState.error?.message;
  const message = inverted || code === undefined ? undefined : errorText(messages?.[code] ?? code);
  return (
    <>
      <DateRangePicker value={field.value} onChange={field.onChange} maxDate={maxDate} />
      {message && (
        <Typography role="alert" variant="body2" color="error" sx={{ flexBasis: '100%' }}>
          {message}
        </Typography>
      )}
    </>
  );
}
