import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useFieldErrorText, type Area } from '../../lib/use-error-text';
import { TextInput, type TextInputProps } from '../ui/text-input';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextInputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> & {
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
  /** Whose error codes word the message (`<area>:errors.<CODE>` before the shared ones). */
  area?: Area;
  /** This screen's own wording for a generic error key, e.g. `{ 'errors:field.required': 'auth:signIn.loginRequired' }`. */
  messages?: Record<string, string>;
  /** The input to render (PasswordField for passwords); the kit's TextInput (MUI's outlined TextField without its select) by default. */
  as?: ComponentType<TextInputProps>;
  /** Shapes what is typed before the form keeps it (digits only, upper case). */
  parse?: (typed: string) => string;
  /** A select whose options (MenuItem) are the children: rendered by MUI's TextField, loaded when first shown. */
  select?: boolean;
  children?: ReactNode;
};

/**
 * MUI's TextField, for `select` only: it brings Select, Menu, Popover and Modal, so it loads when a
 * form first shows a select, not with every text box (decision 0329).
 */
const SelectTextField = lazy(() => import('@mui/material/TextField'));

/** A `parse` that keeps at most `max` characters (what a counter under the field counts). */
export const upTo = (max: number) => (typed: string) => typed.slice(0, max);

/** A text field bound to a contract form (useContractForm): value, touched state and the translated error. */
export function FormTextField<T extends FieldValues>({ control, name, area, messages, as: Input = TextInput, parse, helperText, select, children, ...props }: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const errorText = useFieldErrorText(area);
  const message = fieldState.error?.message;
  const bound = {
    ...props,
    name: field.name,
    value: field.value ?? '',
    onChange: parse ? (event: { target: { value: string } }) => field.onChange(parse(event.target.value)) : field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    disabled: props.disabled ?? field.disabled,
    error: !!fieldState.error,
    helperText: message !== undefined ? errorText(messages?.[message] ?? message) : helperText,
  };
  if (select) {
    return (
      <Suspense fallback={<TextInput {...bound} value="" />}>
        <SelectTextField {...bound} select>
          {children}
        </SelectTextField>
      </Suspense>
    );
  }
  return <Input {...bound} />;
}
