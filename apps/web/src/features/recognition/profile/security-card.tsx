import { ChangePasswordBodySchema } from '@high5/contract';
import LogoutIcon from '@mui/icons-material/Logout';
import { Alert, Box, Button, Divider, Paper, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession, useSignedInMe } from '../../../app/session';
import { z } from 'zod';
import { showServerIssues, useContractForm } from '../../../components/form/contract-form';
import { checkConfirmation, MarkedPassword, NewPasswordFields, useNewPasswordAlert } from '../../../components/form/new-password-fields';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { useChangePassword, useSignOutEverywhere } from './api';

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
        {me.hasPassword ? (
          <ChangePasswordForm login={me.email ?? me.username ?? ''} />
        ) : (
          <Typography color="text.secondary">{t('security.noPassword')}</Typography>
        )}
        <Divider />
        <SignOutEverywhere />
      </Stack>
    </Paper>
  );
}

/** The change body plus the confirmation; a new password equal to the current one says so before the call. */
const changePasswordSchema = ChangePasswordBodySchema.extend({ confirmation: z.string() })
  .superRefine(checkConfirmation)
  .superRefine(({ currentPassword, newPassword, confirmation }, ctx) => {
    if (newPassword && newPassword === confirmation && newPassword === currentPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmation'], message: 'profile:security.errors.PASSWORD_SAME_AS_CURRENT' });
  });

function ChangePasswordForm({ login }: { login: string }) {
  const { t, i18n } = useTranslation('profile');
  const authError = useErrorText('auth');
  const notify = useNotify();
  const form = useContractForm(changePasswordSchema, { defaultValues: { currentPassword: '', newPassword: '', confirmation: '' } });
  const [failure, setFailure] = useState<unknown>(null);
  const save = useChangePassword();
  const checklistId = useId();

  const errorText = (e: unknown) => {
    const code = e instanceof ApiError ? e.code : 'INTERNAL';
    return i18n.exists(`profile:security.errors.${code}`) ? t(`security.errors.${code}`) : authError(e);
  };
  const submit = form.handleSubmit(({ confirmation: _, ...body }) => {
    setFailure(null);
    save.mutate(body, {
      onSuccess: () => {
        form.reset();
        notify('success', t('security.changed'));
      },
      onError: (e) => showServerIssues(form, e) || setFailure(e),
    });
  });
  const error = useNewPasswordAlert(form.formState.errors, failure, errorText, ['currentPassword', 'newPassword', 'confirmation']);

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('security.changePassword')}>
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
        <MarkedPassword control={form.control} name="currentPassword" label={t('security.current')} autoComplete="current-password" />
        <NewPasswordFields control={form.control} checklistId={checklistId} passwordLabel={t('security.new')} confirmationLabel={t('security.confirm')} />
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
  const session = useSession();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const end = useSignOutEverywhere();
  const endEverywhere = () =>
    end.mutate(undefined, {
      onSuccess: () => {
        session.forget();
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
        onConfirm={endEverywhere}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}
