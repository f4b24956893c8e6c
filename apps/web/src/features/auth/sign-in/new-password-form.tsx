import { authApi, passwordMeetsRule } from '@high5/contract';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { signOut, startSignedIn, useMe } from '../../../app/session';
import { useNotify } from '../../../components/ui/notifications';
import { PasswordChecklist } from '../../../components/ui/password-checklist';
import { PasswordField } from '../../../components/ui/password-field';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';

/** Checks a new password and its confirmation as the spec words it; null when both are fine. */
export function newPasswordProblem(password: string, confirmation: string): 'PASSWORD_EMPTY' | 'PASSWORD_TOO_WEAK' | 'PASSWORD_NOT_MATCHED' | null {
  if (!password || !confirmation) return 'PASSWORD_EMPTY';
  if (!passwordMeetsRule(password)) return 'PASSWORD_TOO_WEAK';
  if (password !== confirmation) return 'PASSWORD_NOT_MATCHED';
  return null;
}

/** The first-time new-password challenge (spec 000 section 2.2, variant). */
export function NewPasswordForm() {
  const { t } = useTranslation();
  const errorText = useErrorText('auth');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useMe();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () => api(authApi.completeNewPassword, { body: { newPassword: password } }),
    onSuccess: (me) => {
      notify('success', t('auth:messages.PASSWORD_CHANGED_SUCCESSFULLY'));
      void navigate(startSignedIn(queryClient, me), { replace: true });
    },
    onError: (e) => setError(errorText(e)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirmation);
    setError(problem ? t(`auth:errors.${problem}`) : null);
    if (!problem) save.mutate();
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 30 } }}>
          {t('auth:newPassword.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.75 }}>
          {t('auth:newPassword.body')}
        </Typography>
      </Box>
      {error && (
        <Alert severity="error" role="alert" data-testid="new-password-error">
          {error}
        </Alert>
      )}
      <Box component="form" onSubmit={submit} noValidate>
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={me?.email ?? me?.username ?? ''} readOnly hidden />
        <Stack spacing={2.25}>
          <PasswordField
            label={t('auth:newPassword.newPassword')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { 'aria-describedby': 'new-password-checklist' } }}
          />
          <PasswordChecklist password={password} id="new-password-checklist" />
          <PasswordField label={t('auth:newPassword.confirm')} value={confirmation} onChange={(e) => setConfirmation(e.target.value)} autoComplete="new-password" fullWidth />
          <Button type="submit" variant="contained" size="large" disabled={save.isPending} sx={{ py: 1.4, fontSize: 16 }}>
            {t('auth:newPassword.submit')}
          </Button>
          <Button
            color="inherit"
            onClick={async () => {
              await signOut(queryClient);
              void navigate(paths.signIn, { replace: true });
            }}
          >
            {t('auth:newPassword.cancel')}
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
