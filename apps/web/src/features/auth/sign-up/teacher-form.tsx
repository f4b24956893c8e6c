import { authApi, EmailSchema, passwordMeetsRule, type SignUp } from '@high5/contract';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from '../../../components/ui/password-checklist';
import { PasswordField } from '../../../components/ui/password-field';
import { api } from '../../../lib/api-client';
import { DistrictSchoolPicker, type DistrictChoice, type SchoolChoice } from '../components/district-school-picker';
import { helper, TermsCheckbox, useServerErrors } from './form-parts';
import type { SignUpOutcome } from './sign-up-screen';

/** Step 2 for teachers: district, school, name, e-mail, password, and the Aeries username for paid districts. */
export function TeacherForm({ onDone }: { onDone: (outcome: SignUpOutcome) => void }) {
  const { t, i18n } = useTranslation();
  const serverErrors = useServerErrors();
  const [district, setDistrict] = useState<DistrictChoice | null>(null);
  const [school, setSchool] = useState<SchoolChoice | null>(null);
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', password: '', confirm: '', aeriesUsername: '' });
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const paid = district?.kind === 'existing' && district.paid;

  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const signUp = useMutation({
    mutationFn: (body: SignUp) => api(authApi.signUp, { body }),
    onSuccess: onDone,
    onError: (e) => {
      const { fields, form } = serverErrors(e);
      setErrors(fields);
      setFormError(form);
      requestAnimationFrame(() => alertRef.current?.focus());
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    let form: string | null = null;
    const required = ['firstName', 'lastName', 'email', 'password', 'confirm'] as const;
    for (const field of required) if (!values[field].trim()) next[field] = t('auth:issues.required');
    if (Object.keys(next).length > 0) form = t('auth:errors.SIGNUP_ATTRIBUTES_REQUIRED');
    if (!district) next.district = t('auth:errors.DISTRICT_REQUIRED');
    if (!school) {
      next.school = t('auth:errors.SCHOOL_REQUIRED');
      form ??= t('auth:errors.SCHOOL_REQUIRED');
    }
    if (!next.email && !EmailSchema.safeParse(values.email).success) next.email = t('auth:errors.INVALID_EMAIL');
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
      role: 'teacher',
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      password: values.password,
      language: i18n.language === 'es' ? 'es' : 'en',
      ...(district!.kind === 'existing' ? { districtId: district!.id } : { newDistrictName: district!.name }),
      ...(school!.kind === 'existing' ? { schoolId: school!.id } : { newSchoolName: school!.name }),
      ...(paid && values.aeriesUsername.trim() ? { aeriesUsername: values.aeriesUsername.trim() } : {}),
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
        <DistrictSchoolPicker
          allowNew
          district={district}
          school={school}
          onDistrict={(d) => {
            setDistrict(d);
            setErrors(({ district: _d, ...rest }) => rest);
          }}
          onSchool={(s) => {
            setSchool(s);
            if (s) setErrors(({ school: _s, ...rest }) => rest);
          }}
          districtError={errors.district}
          schoolError={errors.school}
        />
        <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField label={t('auth:signUp.firstName')} value={values.firstName} onChange={set('firstName')} error={!!errors.firstName} helperText={helper(errors, 'firstName')} autoComplete="given-name" required slotProps={{ htmlInput: { maxLength: 60 } }} />
          <TextField label={t('auth:signUp.lastName')} value={values.lastName} onChange={set('lastName')} error={!!errors.lastName} helperText={helper(errors, 'lastName')} autoComplete="family-name" required slotProps={{ htmlInput: { maxLength: 60 } }} />
        </Box>
        <TextField label={t('auth:signUp.email')} type="email" value={values.email} onChange={set('email')} error={!!errors.email} helperText={helper(errors, 'email', t('auth:signUp.emailHelp'))} autoComplete="email" required slotProps={{ htmlInput: { maxLength: 254 } }} />
        {paid && (
          <TextField label={t('auth:signUp.aeries')} value={values.aeriesUsername} onChange={set('aeriesUsername')} error={!!errors.aeriesUsername} helperText={helper(errors, 'aeriesUsername', t('auth:signUp.aeriesHelp'))} slotProps={{ htmlInput: { maxLength: 100 } }} />
        )}
        <PasswordField label={t('auth:signUp.password')} value={values.password} onChange={set('password')} error={!!errors.password} helperText={errors.password} autoComplete="new-password" required slotProps={{ htmlInput: { 'aria-describedby': 'teacher-password-checklist' } }} />
        <PasswordChecklist password={values.password} id="teacher-password-checklist" />
        <PasswordField label={t('auth:signUp.confirm')} value={values.confirm} onChange={set('confirm')} error={!!errors.confirm} helperText={errors.confirm} autoComplete="new-password" required />
        <TermsCheckbox checked={accepted} onChange={setAccepted} />
        <Button type="submit" variant="contained" size="large" disabled={!accepted || signUp.isPending} sx={{ py: 1.4 }}>
          {t('auth:signUp.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
