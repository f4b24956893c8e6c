import { authApi, EmailSchema, passwordMeetsRule, USERNAME_PATTERN, type SignUp } from '@high5/contract';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from '../../../components/ui/password-checklist';
import { PasswordField } from '../../../components/ui/password-field';
import { api } from '../../../lib/api-client';
import { helper, TermsCheckbox, useServerErrors } from './form-parts';
import type { SignUpOutcome } from './sign-up-screen';

/** Step 2 for students: class code, name, e-mail or username, password (spec 000 section 2.4). */
export function StudentForm({ onDone }: { onDone: (outcome: SignUpOutcome) => void }) {
  const { t, i18n } = useTranslation();
  const serverErrors = useServerErrors();
  const [values, setValues] = useState({ classCode: '', firstName: '', lastName: '', emailOrUsername: '', password: '', confirm: '' });
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const signUp = useMutation({
    mutationFn: (body: SignUp) => api(authApi.signUp, { body }),
    onSuccess: onDone,
    onError: (e) => {
      const { fields, form } = serverErrors(e, 'emailOrUsername');
      setErrors(fields);
      setFormError(form);
      requestAnimationFrame(() => alertRef.current?.focus());
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    let form: string | null = null;
    for (const field of ['classCode', 'firstName', 'lastName', 'emailOrUsername', 'password', 'confirm'] as const) if (!values[field].trim()) next[field] = t('auth:issues.required');
    if (Object.keys(next).length > 0) form = t('auth:errors.SIGNUP_ATTRIBUTES_REQUIRED');
    const login = values.emailOrUsername.trim();
    if (!next.emailOrUsername) {
      // An e-mail when it looks like one, otherwise a username (spec 000 section 5).
      if (login.includes('@')) {
        if (!EmailSchema.safeParse(login).success) next.emailOrUsername = t('auth:errors.INVALID_EMAIL');
      } else if (!USERNAME_PATTERN.test(login.toLowerCase())) next.emailOrUsername = t('auth:errors.USERNAME_INVALID');
    }
    if (!next.password && !passwordMeetsRule(values.password)) next.password = t('auth:errors.PASSWORD_TOO_WEAK');
    if (!next.password && !next.confirm && values.password !== values.confirm) {
      next.confirm = t('auth:errors.passwordNotEqual');
      form ??= t('auth:errors.passwordNotEqual');
    }
    if (Object.keys(next).length > 0) form ??= t('errors:VALIDATION_FAILED');
    setErrors(next);
    setFormError(form);
    if (form) {
      requestAnimationFrame(() => alertRef.current?.focus());
      return;
    }
    signUp.mutate({
      role: 'student',
      classCode: values.classCode.trim().toUpperCase(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      emailOrUsername: login,
      password: values.password,
      language: i18n.language === 'es' ? 'es' : 'en',
      acceptedTerms: true,
    });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2.25}>
        {formError && (
          <Alert severity="error" role="alert" ref={alertRef} tabIndex={-1} data-testid="signup-error">
            {formError}
          </Alert>
        )}
        <TextField
          label={t('auth:signUp.classCode')}
          value={values.classCode}
          onChange={(e) => setValues((v) => ({ ...v, classCode: e.target.value.toUpperCase() }))}
          error={!!errors.classCode}
          helperText={helper(errors, 'classCode', t('auth:signUp.classCodeHelp'))}
          required
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'characters', spellCheck: false, style: { letterSpacing: '0.12em', fontWeight: 600 } } }}
        />
        <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField label={t('auth:signUp.firstName')} value={values.firstName} onChange={set('firstName')} error={!!errors.firstName} helperText={helper(errors, 'firstName')} autoComplete="given-name" required slotProps={{ htmlInput: { maxLength: 60 } }} />
          <TextField label={t('auth:signUp.lastName')} value={values.lastName} onChange={set('lastName')} error={!!errors.lastName} helperText={helper(errors, 'lastName')} autoComplete="family-name" required slotProps={{ htmlInput: { maxLength: 60 } }} />
        </Box>
        <TextField
          label={t('auth:signUp.emailOrUsername')}
          value={values.emailOrUsername}
          onChange={set('emailOrUsername')}
          error={!!errors.emailOrUsername}
          helperText={helper(errors, 'emailOrUsername', t('auth:signUp.emailOrUsernameHelp'))}
          autoComplete="username"
          required
          slotProps={{ htmlInput: { maxLength: 254, autoCapitalize: 'none', spellCheck: false } }}
        />
        <PasswordField label={t('auth:signUp.password')} value={values.password} onChange={set('password')} error={!!errors.password} helperText={errors.password} autoComplete="new-password" required slotProps={{ htmlInput: { 'aria-describedby': 'student-password-checklist' } }} />
        <PasswordChecklist password={values.password} id="student-password-checklist" />
        <PasswordField label={t('auth:signUp.confirm')} value={values.confirm} onChange={set('confirm')} error={!!errors.confirm} helperText={errors.confirm} autoComplete="new-password" required />
        <TermsCheckbox checked={accepted} onChange={setAccepted} />
        <Button type="submit" variant="contained" size="large" disabled={!accepted || signUp.isPending} sx={{ py: 1.4 }}>
          {t('auth:signUp.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
