import { Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useController, useWatch, type Control, type FieldPath, type FieldPathValue, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { rangeParam, type DateRange } from '../../lib/calendar';
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
  minDate,
  maxDate,
  area,
  messages,
}: {
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
  minDate?: string;
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
      <DateRangePicker value={field.value} onChange={field.onChange} minDate={minDate} maxDate={maxDate} />
      {message && (
        <Typography role="alert" variant="body2" color="error" sx={{ flexBasis: '100%' }}>
          {message}
        </Typography>
      )}
    </>
  );
}

/**
 * From and To as the date pickers (FormDateRange) hold them, checked by a query's range rule, which
 * reads `yyyy-MM-dd_yyyy-MM-dd` (a report's ReportRangeSchema, a classroom list's ClassroomRangeSchema):
 * the form says what the server would say about the range, before it is asked.
 */
export const rangeField = <S extends z.ZodType<DateRange, string>>(rule: S) => z.object({ from: z.string(), to: z.string() }).transform(rangeParam).pipe(rule);

/** A filter of one date range (`range`), checked by the query's rule. */
export const rangeForm = <S extends z.ZodType<DateRange, string>>(rule: S) => z.object({ range: rangeField(rule) });

/**
 * A filter without a Run button (the journal's dates, a student's history tabs): the field's value as
 * the form's schema last accepted it. A value it refuses keeps its message under the field and the
 * last accepted one stays, so nothing the server would refuse is asked.
 */
export function useCheckedValue<T extends FieldValues, Out, N extends FieldPath<T>>(form: UseFormReturn<T, unknown, Out>, name: N): FieldPathValue<T, N> {
  const value = useWatch({ control: form.control, name });
  const [checked, setChecked] = useState(value);
  useEffect(() => {
    let current = true;
    void form.trigger(name).then((ok) => {
      if (ok && current) setChecked(value);
    });
    return () => {
      current = false;
    };
  }, [form, name, value]);
  return checked;
}
