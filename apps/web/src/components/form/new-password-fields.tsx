import { useController, useWatch, type Control, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { useFieldErrorText } from '../../lib/use-error-text';
import { PasswordChecklist } from '../ui/password-checklist';
import { PasswordField } from '../ui/password-field';
import type { TextInputProps } from '../ui/text-input';

/** The fields every "choose a new password" form has: the body's `newPassword` and the screen's confirmation. */
export type NewPasswordPair = { newPassword: string; confirmation: string };

/**
 * The screen's own rule on top of the contract's (docs/rules/shell.md#passwords-and-logins): both fields given, and the same.
 * Use as `Body.extend({ confirmation: z.string() }).superRefine(checkConfirmation)`; the contract's
 * `newPassword` rule (PASSWORD_TOO_WEAK) still applies. Zod stays a type import here, so a screen of
 * the first load can keep its schema lazy.
 */
export function checkConfirmation({ newPassword, confirmation }: NewPasswordPair, ctx: z.RefinementCtx) {
  if (!newPassword || !confirmation) ctx.addIssue({ code: 'custom', path: ['confirmation'], message: 'PASSWORD_EMPTY' });
  else if (newPassword !== confirmation) ctx.addIssue({ code: 'custom', path: ['confirmation'], message: 'PASSWORD_NOT_MATCHED' });
}

/**
 * The one problem these forms show in their alert, in this order (docs/rules/shell.md#passwords-and-logins):
 * a blank field, the rule, then the confirmation (the fields are only marked). A code the alert words with `auth:errors`.
 */
export function newPasswordProblem(errors: FieldErrors<FieldValues>, fields: string[] = ['newPassword', 'confirmation']): string | undefined {
  const messages = fields.map((field) => errors[field]?.message).filter((message): message is string => typeof message === 'string');
  const blank = messages.some((message) => message === 'PASSWORD_EMPTY' || message === 'errors:field.required');
  return blank ? 'PASSWORD_EMPTY' : messages[0];
}

/**
 * The sentence of these forms' alert: the fields' problem (newPasswordProblem), else the failed
 * call's (worded by the screen); null when there is nothing to say.
 */
export function useNewPasswordAlert(errors: FieldErrors<FieldValues>, failure: unknown, failureText: (error: unknown) => string, fields?: string[]) {
  const fieldText = useFieldErrorText('auth');
  const problem = newPasswordProblem(errors, fields);
  if (problem) return fieldText(problem) ?? null;
  return failure === null || failure === undefined ? null : failureText(failure);
}

type Props<T extends FieldValues> = {
  control: Control<T, unknown, FieldValues>;
  /** Id of the live checklist, which the new password's input points to. */
  checklistId: string;
  passwordLabel: string;
  confirmationLabel: string;
  autoFocus?: boolean;
};

/** New password (with the live checklist) and its confirmation, bound to a form with NewPasswordPair. */
export function NewPasswordFields<T extends FieldValues & NewPasswordPair>({ control, checklistId, passwordLabel, confirmationLabel, autoFocus }: Props<T>) {
  const password = useWatch({ control, name: 'newPassword' as Path<T> }) as string | undefined;
  return (
    <>
      <MarkedPassword
        control={control}
        name={'newPassword' as Path<T>}
        label={passwordLabel}
        autoFocus={autoFocus}
        slotProps={{ htmlInput: { 'aria-describedby': checklistId } }}
      />
      <PasswordChecklist password={password ?? ''} id={checklistId} />
      <MarkedPassword control={control} name={'confirmation' as Path<T>} label={confirmationLabel} />
    </>
  );
}

/** A password input marked invalid by the form; its message is in the form's alert (newPasswordProblem). */
export function MarkedPassword<T extends FieldValues>({
  control,
  name,
  autoComplete = 'new-password',
  ...props
}: { control: Control<T, unknown, FieldValues>; name: Path<T> } & Pick<TextInputProps, 'label' | 'autoFocus' | 'slotProps' | 'autoComplete'>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <PasswordField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      autoComplete={autoComplete}
      fullWidth
    />
  );
}
