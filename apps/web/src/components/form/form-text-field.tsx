import { TextField, type TextFieldProps } from '@mui/material';
import type { ComponentType } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useFieldErrorText, type Area } from '../../lib/use-error-text';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> & {
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
  /** Whose error codes word the message (`<area>:errors.<CODE>` before the shared ones). */
  area?: Area;
  /** This screen's own wording for a generic error key, e.g. `{ 'errors:field.required': 'auth:signIn.loginRequired' }`. */
  messages?: Record<string, string>;
  /** The input to render (PasswordField for passwords); MUI's TextField by default. */
  as?: ComponentType<TextFieldProps>;
  /** Shapes what is typed before the form keeps it (digits only, upper case). */
  parse?: (typed: string) => string;
};

/** A `parse` that keeps at most `max` characters (what a counter under the field counts). */
export const upTo = (max: number) => (typed: string) => typed.slice(0, max);

/** A text field bound to a contract form (useContractForm): value, touched state and the translated error. */
export function FormTextField<T extends FieldValues>({ control, name, area, messages, as: Input = TextField, parse, helperText, ...props }: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const errorText = useFieldErrorText(area);
  const message = fieldState.error?.message;
  return (
    <Input
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={parse ? (event) => field.onChange(parse(event.target.value)) : field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={props.disabled ?? field.disabled}
      error={!!fieldState.error}
      helperText={message !== undefined ? errorText(messages?.[message] ?? message) : helperText}
    />
  );
}
