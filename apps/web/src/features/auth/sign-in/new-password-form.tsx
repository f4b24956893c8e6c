import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe, useSession } from '../../../app/session';
import { showServerIssues, useContractForm } from '../../../components/form/contract-form';
import { NewPasswordFields, useNewPasswordAlert } from '../../../components/form/new-password-fields';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { useCompleteNewPassword } from './api';
import { SignOutButton } from '../components/sign-out-button';

/** The first-time new-password challenge (docs/rules/shell.md#sign-in, variant). */
export function NewPasswordForm() {
  const { t } = useTranslation();
  const errorText = useErrorText('auth');
  const notify = useNotify();
  const session = useSession();
  const navigate = useNavigate();
  const me = useMe();
  const form = useContractForm(() => import('./new-password-schema').then((m) => m.newPasswordFormSchema), {
    defaultValues: { newPassword: '', confirmation: '' },
  });
  const [failure, setFailure] = useState<unknown>(null);
  const save = useCompleteNewPassword();

  const submit = form.handleSubmit(({ newPassword }) => {
    setFailure(null);
    save.mutate(
      { newPassword },
      {
        onSuccess: (me) => {
          notify('success', t('auth:messages.PASSWORD_CHANGED_SUCCESSFULLY'));
          void navigate(session.startSignedIn(me), { replace: true });
        },
        onError: (e) => showServerIssues(form, e) || setFailure(e),
      },
    );
  });
  const error = useNewPasswordAlert(form.formState.errors, failure, errorText);

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
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={me?.email ?? me?.username ?? ''} readOnly hidden />
        <Stack spacing={2.25}>
          <NewPasswordFields
            control={form.control}
            checklistId="new-password-checklist"
            passwordLabel={t('auth:newPassword.newPassword')}
            confirmationLabel={t('auth:newPassword.confirm')}
            autoFocus
          />
          <Button type="submit" variant="contained" size="large" disabled={save.isPending} sx={{ py: 1.4, fontSize: 16 }}>
            {t('auth:newPassword.submit')}
          </Button>
          <SignOutButton>{t('auth:newPassword.cancel')}</SignOutButton>
        </Stack>
      </Box>
    </Stack>
  );
}

/** Loaded lazily by the sign-in screen (decision 0596). */
export default NewPasswordForm;
