import { FormControlLabel, Switch, type SwitchProps } from '@mui/material';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

export type FormSwitchProps<T extends FieldValues> = Omit<
  SwitchProps,
  'name' | 'checked' | 'defaultChecked' | 'onChange' | 'onBlur' | 'inputRef' | 'slotProps'
> & {
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
  label: ReactNode;
};

/** An on/off setting bound to a contract form (useContractForm): a boolean field, labelled. */
export function FormSwitch<T extends FieldValues>({ control, name, label, ...props }: FormSwitchProps<T>) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      control={
        <Switch
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
