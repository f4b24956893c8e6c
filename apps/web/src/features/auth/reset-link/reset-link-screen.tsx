import { ResetWithLinkBodySchema } from '@high5/contract';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { z } from 'zod';
import { showServerIssues, useContractForm } from '../../../components/form/contract-form';
import { checkConfirmation, NewPasswordFields, useNewPasswordAlert } from '../../../components/form/new-password-fields';
import { useNotify } from '../../../components/ui/notifications';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { AuthLayout } from '../components/auth-layout';
import { useResetWithLink } from './api';

/** The link's token travels in the fragment (`/reset-link#token`): never sent to a server or in a Referer. */
const tokenFromHash = () => window.location.hash.replace(/^#/, '');

/** The body (the token rides along) plus the confirmation. */
const resetLinkSchema = ResetWithLinkBodySchema.extend({ confirmation: z.string() }).superRefine(checkConfirmation);

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
  const form = useContractForm(resetLinkSchema, { defaultValues: { token, newPassword: '', confirmation: '' } });
  const [failure, setFailure] = useState<unknown>(null);
  const save = useResetWithLink();

  const submit = form.handleSubmit(({ confirmation: _, ...body }) => {
    setFailure(null);
    save.mutate(body, {
      onSuccess: () => {
        notify('success', t('auth:resetLink.done'));
        void navigate(paths.signIn, { replace: true });
      },
      onError: (e) => showServerIssues(form, e) || setFailure(e),
    });
  });
  const failureText = (e: unknown) =>
    e instanceof ApiError && (e.code === 'CODE_INVALID' || e.code === 'CODE_EXPIRED') ? t('auth:resetLink.dead') : errorText(e);
  const error = useNewPasswordAlert(form.formState.errors, failure, failureText);

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
          <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
            <Stack spacing={2.25}>
              {error && (
                <Alert severity="error" role="alert">
                  {error}
                </Alert>
              )}
              <NewPasswordFields
                control={form.control}
                checklistId="reset-link-checklist"
                passwordLabel={t('auth:newPassword.newPassword')}
                confirmationLabel={t('auth:newPassword.confirm')}
                autoFocus
              />
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
