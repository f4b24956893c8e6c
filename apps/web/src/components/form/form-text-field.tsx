import type { ComponentType } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useFieldErrorText, type Area } from '../../lib/use-error-text';
import { TextInput, type TextInputProps } from '../ui/text-input';

/** What binds a field to a contract form (useContractForm), whatever renders it. */
export interface BoundFieldOptions<T extends FieldValues> {
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
  /** Whose error codes word the message (`<area>:errors.<CODE>` before the shared ones). */
  area?: Area;
  /** This screen's own wording for a generic error key, e.g. `{ 'errors:field.required': 'auth:signIn.loginRequired' }`. */
  messages?: Record<string, string>;
  /** Shapes what is typed before the form keeps it (digits only, upper case). */
  parse?: (typed: string) => string;
  helperText?: TextInputProps['helperText'];
  disabled?: boolean;
}

export type FormTextFieldProps<T extends FieldValues> = Omit<TextInputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> &
  BoundFieldOptions<T> & {
    /** The input to render (PasswordField for passwords); the kit's TextInput (MUI's outlined TextField without its select) by default. */
    as?: ComponentType<TextInputProps>;
  };

/** A `parse` that keeps at most `max` characters (what a counter under the field counts). */
export const upTo = (max: number) => (typed: string) => typed.slice(0, max);

/** The props that bind a text input or a select to its form field: value, touched state and the translated error. */
export function useBoundField<T extends FieldValues>({ control, name, area, messages, parse, helperText, disabled }: BoundFieldOptions<T>) {
  const { field, fieldState } = useController({ control, name });
  const errorText = useFieldErrorText(area);
  const message = fieldState.error?.message;
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: parse ? (event: { target: { value: string } }) => field.onChange(parse(event.target.value)) : field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    disabled: disabled ?? field.disabled,
    error: !!fieldState.error,
    helperText: message !== undefined ? errorText(messages?.[message] ?? message) : helperText,
  };
}

/** A text field bound to a contract form (useContractForm). A choice among options is a FormSelectField. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  area,
  messages,
  parse,
  helperText,
  as: Input = TextInput,
  ...props
}: FormTextFieldProps<T>) {
  const bound = useBoundField({ control, name, area, messages, parse, helperText, disabled: props.disabled });
  return <Input {...props} {...bound} />;
}
