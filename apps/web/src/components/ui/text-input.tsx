import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type FormHelperTextProps,
  type InputBaseComponentProps,
  type InputLabelProps,
  type OutlinedInputProps,
  type OutlinedTextFieldProps,
} from '@mui/material';
import { useId } from 'react';

/** What TextInput takes: MUI's outlined TextField's props, without `select` (use a Select for that); slot props as objects. */
export type TextInputProps = Omit<OutlinedTextFieldProps, 'variant' | 'select' | 'slots' | 'children'> & { variant?: 'outlined' };

/**
 * MUI's outlined TextField, composed from the same parts (FormControl, InputLabel, OutlinedInput,
 * FormHelperText) with the same ids and aria wiring (label `for`, `aria-describedby` on the helper
 * text, `aria-invalid`, `required`), but without TextField's Select branch: importing TextField
 * brings Select, Menu, Popover and Modal into every screen with a text box (decision 0329).
 */
export function TextInput(props: TextInputProps) {
  const {
    autoComplete,
    autoFocus = false,
    defaultValue,
    helperText,
    id: idOverride,
    inputRef,
    label,
    maxRows,
    minRows,
    multiline = false,
    name,
    onBlur,
    onChange,
    onFocus,
    placeholder,
    rows,
    slotProps = {},
    type,
    value,
    className,
    variant: _variant,
    ...other
  } = props;
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText && id ? `${id}-helper-text` : undefined;
  const inputLabelId = label && id ? `${id}-label` : undefined;
  const labelProps = slotProps.inputLabel as InputLabelProps | undefined;
  return (
    <FormControl {...other} className={['MuiTextField-root', className].filter(Boolean).join(' ')} variant="outlined">
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={inputLabelId} {...labelProps}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={other.fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        maxRows={maxRows}
        minRows={minRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={slotProps.htmlInput as InputBaseComponentProps | undefined}
        label={label}
        {...(labelProps?.shrink !== undefined && { notched: labelProps.shrink })}
        {...(slotProps.input as OutlinedInputProps | undefined)}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...(slotProps.formHelperText as FormHelperTextProps | undefined)}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
