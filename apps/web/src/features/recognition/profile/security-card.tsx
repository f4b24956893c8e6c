import { authApi, passwordMeetsRule } from '@high5/contract';
import LogoutIcon from '@mui/icons-material/Logout';
import { Alert, Box, Button, Divider, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { forgetSignedIn, useSignedInMe } from '../../../app/session';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { PasswordChecklist } from '../../../components/ui/password-checklist';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError, api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';

/**
 * Security on the profile (docs/decisions/0161): change the password (the current one is
 * asked; other devices are signed out) and sign out of every device.
 */
export function SecurityCard() {
  const { t } = useTranslation('profile');
  const me = useSignedInMe();
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2, fontWeight: 700 }}>
        {t('security.title')}
      </Typography>
      <Stack spacing={2.5}>
        {me.hasPassword ? <ChangePasswordForm login={me.email ?? me.username ?? ''} /> : <Typography color="text.secondary">{t('security.noPassword')}</Typography>}
        <Divider />
        <SignOutEverywhere />
      </Stack>
    </Paper>
  );
}

function ChangePasswordForm({ login }: { login: string }) {
  const { t, i18n } = useTranslation('profile');
  const authError = useErrorText('auth');
  const notify = useNotify();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const checklistId = useId();

  const errorText = (e: unknown) => {
    const code = e instanceof ApiError ? e.code : 'INTERNAL';
    return i18n.exists(`profile:security.errors.${code}`) ? t(`security.errors.${code}`) : authError(e);
  };

  const save = useMutation({
    mutationFn: () => api(authApi.changePassword, { body: { currentPassword: current, newPassword: password } }),
    onSuccess: () => {
      setCurrent('');
      setPassword('');
      setConfirmation('');
      setError(null);
      notify('success', t('security.changed'));
    },
    onError: (e) => setError(errorText(e)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let problem: string | null = null;
    if (!current || !password || !confirmation) problem = 'auth:errors.PASSWORD_EMPTY';
    else if (!passwordMeetsRule(password)) problem = 'auth:errors.PASSWORD_TOO_WEAK';
    else if (password !== confirmation) problem = 'auth:errors.PASSWORD_NOT_MATCHED';
    else if (password === current) problem = 'profile:security.errors.PASSWORD_SAME_AS_CURRENT';
    setError(problem ? t(problem) : null);
    if (!problem) save.mutate();
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('security.changePassword')}>
      {/* For password managers: whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={login} readOnly hidden />
      <Stack spacing={2}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t('security.changePassword')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('security.changePasswordIntro')}
        </Typography>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <PasswordField label={t('security.current')} value={current} onChange={(e) => setCurrent(e.target.value)} autoComplete="current-password" fullWidth />
        <PasswordField
          label={t('security.new')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
          fullWidth
          slotProps={{ htmlInput: { 'aria-describedby': checklistId } }}
        />
        <PasswordChecklist password={password} id={checklistId} />
        <PasswordField label={t('security.confirm')} value={confirmation} onChange={(e) => setConfirmation(e.target.value)} autoComplete="new-password" fullWidth />
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('security.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function SignOutEverywhere() {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const end = useMutation({
    mutationFn: () => api(authApi.signOutEverywhere, { body: {} }),
    onSuccess: () => {
      forgetSignedIn(queryClient);
      void navigate('/', { replace: true });
    },
    onError: (e) => {
      setAsking(false);
      setError(errorText(e));
    },
  });
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('security.everywhere')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('security.everywhereIntro')}
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Box>
        <Button variant="outlined" color="error" startIcon={<LogoutIcon />} onClick={() => setAsking(true)}>
          {t('security.everywhereButton')}
        </Button>
      </Box>
      <ConfirmDialog
        open={asking}
        title={t('security.everywhereConfirmTitle')}
        message={t('security.everywhereConfirmBody')}
        confirmLabel={t('security.everywhereButton')}
        destructive
        busy={end.isPending}
        onConfirm={() => end.mutate()}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}
