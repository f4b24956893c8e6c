import { Alert, Checkbox, FormControlLabel, Link as MuiLink, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useErrorText } from '../../../lib/use-error-text';

/** The sentence over a sign-up form with problems (spec 000 section 2.4's order); null when it has none. */
export function signUpAlertKey(errors: FieldErrors<FieldValues>): string | null {
  const problems = Object.values(errors);
  if (problems.length === 0) return null;
  if (problems.some((problem) => problem?.message === 'errors:field.required')) return 'auth:errors.SIGNUP_ATTRIBUTES_REQUIRED';
  if (errors.school) return 'auth:errors.SCHOOL_REQUIRED';
  if (errors.confirm?.message === 'passwordNotEqual') return 'auth:errors.passwordNotEqual';
  return 'errors:VALIDATION_FAILED';
}

/** How the sign-up fields word the generic keys (the spec's own sentences). */
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

/** The terms and privacy box that must be ticked before submitting (spec 000 section 2.4). */
export function TermsCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', mr: 0 }}
      control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} sx={{ mt: -0.75 }} slotProps={{ input: { 'data-testid': 'accept-terms' } as object }} />}
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

