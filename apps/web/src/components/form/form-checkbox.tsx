import { Checkbox, FormControlLabel, type CheckboxProps, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

export type FormCheckboxProps<T extends FieldValues> = Omit<
  CheckboxProps,
  'name' | 'checked' | 'defaultChecked' | 'onChange' | 'onBlur' | 'inputRef' | 'slotProps' | 'sx'
> & {
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
  label: ReactNode;
  /** Placement of the labelled box (the label wraps the checkbox). */
  sx?: SxProps<Theme>;
};

/** A yes/no choice bound to a contract form (useContractForm): a boolean field, labelled. */
export function FormCheckbox<T extends FieldValues>({ control, name, label, sx, ...props }: FormCheckboxProps<T>) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      sx={sx}
      control={
        <Checkbox
          {...props}
          name={field.name}
          checked={!!field.value}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref } }}
          disabled={props.disabled ?? field.disabled}
        />
      }
      label={label}
    />
  );
}
