import { Box, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerIssues, useContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { ApiError } from '../../../lib/api-client';
import { useSignUp } from './api';
import { SIGN_UP_MESSAGES, SignUpAlert, SignUpEnd } from './form-parts';
import type { SignUpOutcome } from './sign-up-screen';
import { studentFormSchema } from './sign-up-schemas';

const upperCase = (typed: string) => typed.toUpperCase();

/** Step 2 for students: class code, name, e-mail or username, password (docs/rules/shell.md#sign-up). */
export function StudentForm({ onDone }: { onDone: (outcome: SignUpOutcome) => void }) {
  const { t, i18n } = useTranslation();
  const form = useContractForm(studentFormSchema, {
    defaultValues: { classCode: '', firstName: '', lastName: '', emailOrUsername: '', password: '', confirm: '', acceptedTerms: false },
    shouldFocusError: false,
  });
  const [failure, setFailure] = useState<unknown>(null);
  const signUp = useSignUp();

  const submit = form.handleSubmit(
    ({ confirm: _c, acceptedTerms: _a, ...values }) => {
      setFailure(null);
      signUp.mutate(
        { role: 'student', ...values, language: i18n.language === 'es' ? 'es' : 'en', acceptedTerms: true },
        {
          onSuccess: onDone,
          onError: (e) => {
            // A taken username is the login field's problem.
            if (e instanceof ApiError && e.code === 'CONFLICT') form.setError('emailOrUsername', { type: 'server', message: 'auth:signUp.usernameTaken' });
            else if (!showServerIssues(form, e)) setFailure(e);
          },
        },
      );
    },
    () => setFailure(null),
  );

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
      <Stack spacing={2.25}>
        <SignUpAlert errors={form.formState.errors} failure={failure} submitCount={form.formState.submitCount} />
        <FormTextField
          control={form.control}
          name="classCode"
          area="auth"
          messages={SIGN_UP_MESSAGES}
          parse={upperCase}
          label={t('auth:signUp.classCode')}
          helperText={t('auth:signUp.classCodeHelp')}
          required
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'characters', spellCheck: false, style: { letterSpacing: '0.12em', fontWeight: 600 } } }}
        />
        <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField
            control={form.control}
            name="firstName"
            area="auth"
            messages={SIGN_UP_MESSAGES}
            label={t('auth:signUp.firstName')}
            autoComplete="given-name"
            required
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <FormTextField
            control={form.control}
            name="lastName"
            area="auth"
            messages={SIGN_UP_MESSAGES}
            label={t('auth:signUp.lastName')}
            autoComplete="family-name"
            required
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
        </Box>
        <FormTextField
          control={form.control}
          name="emailOrUsername"
          area="auth"
          messages={SIGN_UP_MESSAGES}
          label={t('auth:signUp.emailOrUsername')}
          helperText={t('auth:signUp.emailOrUsernameHelp')}
          autoComplete="username"
          required
          slotProps={{ htmlInput: { maxLength: 254, autoCapitalize: 'none', spellCheck: false } }}
        />
        <SignUpEnd control={form.control} id="student" pending={signUp.isPending} />
      </Stack>
    </Box>
  );
}
