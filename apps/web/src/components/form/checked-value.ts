import { useEffect, useState } from 'react';
import { useWatch, type FieldPath, type FieldPathValue, type FieldValues, type UseFormReturn } from 'react-hook-form';

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
