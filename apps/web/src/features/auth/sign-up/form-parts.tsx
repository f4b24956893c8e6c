import { Alert, Button, Checkbox, FormControlLabel, Link as MuiLink, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Controller, useWatch, type Control, type FieldErrors, type FieldValues } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { FormTextField } from '../../../components/form/form-text-field';
import { PasswordChecklist } from '../../../components/ui/password-checklist';
import { PasswordField } from '../../../components/ui/password-field';
import { useErrorText } from '../../../lib/use-error-text';

/** The sentence over a sign-up form with problems (docs/rules/shell.md#sign-up order); null when it has none. */
export function signUpAlertKey(errors: FieldErrors<FieldValues>): string | null {
  const problems = Object.values(errors);
  if (problems.length === 0) return null;
  if (problems.some((problem) => problem?.message === 'errors:field.required')) return 'auth:errors.SIGNUP_ATTRIBUTES_REQUIRED';
  if (errors.school) return 'auth:errors.SCHOOL_REQUIRED';
  if (errors.confirm?.message === 'passwordNotEqual') return 'auth:errors.passwordNotEqual';
  return 'errors:VALIDATION_FAILED';
}

/** How the sign-up fields word the generic keys (docs/rules/shell.md#sign-up). */
export const SIGN_UP_MESSAGES = {
  'errors:field.required': 'auth:issues.required',
  'errors:field.email': 'auth:errors.INVALID_EMAIL',
  'errors:field.too_small': 'auth:errors.USERNAME_INVALID',
};

/**
 * The sign-up forms' alert: the fields' problem, else the failed call (worded by the area);
 * focused after each submit and failure (not while typing), so a screen-reader user hears it.
 */
export function SignUpAlert({ errors, failure, submitCount }: { errors: FieldErrors<FieldValues>; failure: unknown; submitCount: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText('auth');
  const ref = useRef<HTMLDivElement>(null);
  const key = signUpAlertKey(errors);
  const text = key ? t(key) : failure ? errorText(failure) : null;
  useEffect(() => {
    ref.current?.focus();
  }, [submitCount, failure]);
  if (!text) return null;
  return (
    <Alert severity="error" role="alert" ref={ref} tabIndex={-1} data-testid="signup-error">
      {text}
    </Alert>
  );
}

/** The terms and privacy box that must be ticked before submitting (docs/rules/shell.md#sign-up). */
export function TermsCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', mr: 0 }}
      control={
        <Checkbox
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          sx={{ mt: -0.75 }}
          slotProps={{ input: { 'data-testid': 'accept-terms' } as object }}
        />
      }
      label={
        <Typography variant="body2" component="span">
          <Trans
            i18nKey="auth:signUp.acceptTerms"
            components={{
              terms: <MuiLink href={paths.terms} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600 }} />,
              privacy: <MuiLink href={paths.privacy} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600 }} />,
            }}
          />
        </Typography>
      }
    />
  );
}

/** The fields both sign-up forms end with. */
interface SignUpEnd {
  password: string;
  confirm: string;
  acceptedTerms: boolean;
}

/** The end of both sign-up forms: the password and its checklist, the confirmation, the terms box, then Sign up (off until the terms are accepted). */
export function SignUpEnd<T extends SignUpEnd>({ control, id, pending }: { control: Control<T, unknown, FieldValues>; id: string; pending: boolean }) {
  const { t } = useTranslation();
  const end = control as unknown as Control<SignUpEnd, unknown, FieldValues>;
  const [password, accepted] = useWatch({ control: end, name: ['password', 'acceptedTerms'] });
  const checklistId = `${id}-password-checklist`;
  return (
    <>
      <FormTextField
        as={PasswordField}
        control={end}
        name="password"
        area="auth"
        messages={SIGN_UP_MESSAGES}
        label={t('auth:signUp.password')}
        autoComplete="new-password"
        required
        slotProps={{ htmlInput: { 'aria-describedby': checklistId } }}
      />
      <PasswordChecklist password={password} id={checklistId} />
      <FormTextField
        as={PasswordField}
        control={end}
        name="confirm"
        area="auth"
        messages={SIGN_UP_MESSAGES}
        label={t('auth:signUp.confirm')}
        autoComplete="new-password"
        required
      />
      <Controller control={end} name="acceptedTerms" render={({ field }) => <TermsCheckbox checked={field.value} onChange={field.onChange} />} />
      <Button type="submit" variant="contained" size="large" disabled={!accepted || pending} sx={{ py: 1.4 }}>
        {t('auth:signUp.submit')}
      </Button>
    </>
  );
}
