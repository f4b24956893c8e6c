import { TextField, type TextFieldProps } from '@mui/material';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldOptions } from './form-text-field';

export type FormSelectFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'select' | 'helperText' | 'disabled'
> &
  Omit<BoundFieldOptions<T>, 'parse'>;

/**
 * A select (MenuItem children) bound to a contract form. Its own module: MUI's TextField brings
 * Select, Menu, Popover and Modal, which only the screens with a select load, not every text box
 * (decision 0329).
 */
export function FormSelectField<T extends FieldValues>({ control, name, area, messages, helperText, disabled, ...props }: FormSelectFieldProps<T>) {
  const bound = useBoundField({ control, name, area, messages, helperText, disabled });
  return <TextField {...props} {...bound} select />;
}
