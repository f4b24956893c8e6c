import { Checkbox, FormControlLabel } from '@mui/material';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

/** A checkbox bound to a form's boolean field, with its label. */
export function FormCheckbox<T extends FieldValues>({ control, name, label, disabled }: { control: Control<T, unknown, FieldValues>; name: Path<T>; label: ReactNode; disabled?: boolean }) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={<Checkbox name={field.name} checked={!!field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />}
    />
  );
}
