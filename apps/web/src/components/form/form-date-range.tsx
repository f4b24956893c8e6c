import { Typography } from '@mui/material';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useFieldErrorText } from '../../lib/use-error-text';
import { DateRangePicker } from '../ui/date-range-picker';

/**
 * From and To bound to a contract form (useContractForm): a `{ from, to }` field, checked by the
 * schema's range rule (a report query's `range`: at most a year). The rule's complaint is said under
 * the dates; a From after To is marked on To by the picker itself, so it is not said twice.
 */
export function FormDateRange<T extends FieldValues>({ control, name, maxDate }: { control: Control<T, unknown, FieldValues>; name: Path<T>; maxDate?: string }) {
  const { field, fieldState } = useController({ control, name });
  const errorText = useFieldErrorText();
  const inverted = field.value.from > field.value.to;
  const message = inverted ? undefined : errorText(fieldState.error?.message);
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
