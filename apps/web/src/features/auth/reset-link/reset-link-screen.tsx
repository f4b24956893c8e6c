import { authApi } from '@high5/contract';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useNotify } from '../../../components/ui/notifications';
import { PasswordChecklist } from '../../../components/ui/password-checklist';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError, api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { AuthLayout } from '../components/auth-layout';
import { newPasswordProblem } from '../sign-in/new-password-form';

/** The link's token travels in the fragment (`/reset-link#token`): never sent to a server or in a Referer. */
const tokenFromHash = () => window.location.hash.replace(/^#/, '');

/**
 * `/reset-link#…` (docs/decisions/0162): a school admin reset the password; the student chooses a
 * new one with the one-time link, then signs in with it.
 */
export default function ResetLinkScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText('auth');
  const notify = useNotify();
  const navigate = useNavigate();
  const [token] = useState(tokenFromHash);
  const valid = token.length >= 10 && token.length <= 200;
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () => api(authApi.resetWithLink, { body: { token, newPassword: password } }),
    onSuccess: () => {
      notify('success', t('auth:resetLink.done'));
      void navigate(paths.signIn, { replace: true });
    },
    onError: (e) => setError(e instanceof ApiError && (e.code === 'CODE_INVALID' || e.code === 'CODE_EXPIRED') ? t('auth:resetLink.dead') : errorText(e)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirmation);
    setError(problem ? t(`auth:errors.${problem}`) : null);
    if (!problem) save.mutate();
  };

  return (
    <AuthLayout title={t('auth:resetLink.title')}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 30 } }}>
            {t('auth:resetLink.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.75 }}>
            {valid ? t('auth:resetLink.body') : t('auth:resetLink.dead')}
          </Typography>
        </Box>
        {valid ? (
          <Box component="form" onSubmit={submit} noValidate>
            <Stack spacing={2.25}>
              {error && (
                <Alert severity="error" role="alert">
                  {error}
                </Alert>
              )}
              <PasswordField
                label={t('auth:newPassword.newPassword')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="new-password"
                fullWidth
                autoFocus
                slotProps={{ htmlInput: { 'aria-describedby': 'reset-link-checklist' } }}
              />
              <PasswordChecklist password={password} id="reset-link-checklist" />
              <PasswordField label={t('auth:newPassword.confirm')} value={confirmation} onChange={(e) => setConfirmation(e.target.value)} autoComplete="new-password" fullWidth />
              <Button type="submit" variant="contained" size="large" disabled={save.isPending} sx={{ py: 1.4, fontSize: 16 }}>
                {t('auth:resetLink.submit')}
              </Button>
            </Stack>
          </Box>
        ) : (
          <Button component={Link} to={paths.signIn} variant="contained" size="large">
            {t('auth:resetLink.signIn')}
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}
