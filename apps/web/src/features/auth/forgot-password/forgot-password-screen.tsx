import { ForgotPasswordBodySchema, LIMITS, ResetPasswordBodySchema } from '@high5/contract';
import { ArrowBack, MarkEmailReadOutlined } from '@mui/icons-material';
import { Alert, Box, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { z } from 'zod';
import { showServerIssues, useContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { checkConfirmation, NewPasswordFields, useNewPasswordAlert } from '../../../components/form/new-password-fields';
import { useNotify } from '../../../components/ui/notifications';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { retryAfterSeconds } from '../api';
import { AuthLayout } from '../components/auth-layout';
import { useWaitText } from '../components/wait-text';
import { useForgotPassword, useResetPassword } from './api';

/** `/forgotpassword` (docs/rules/shell.md#forgot-password): the e-mail, then the code and the new password. */
export default function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [email, setEmail] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  return (
    <AuthLayout title={t('auth:forgot.title')}>
      <Stack spacing={3}>
        <Box>
          <MuiLink component={Link} to={paths.signIn} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, fontSize: 14, mb: 1.5 }}>
            <ArrowBack fontSize="small" aria-hidden />
            {t('auth:forgot.back')}
          </MuiLink>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 30 } }}>
            {t('auth:forgot.title')}
          </Typography>
        </Box>
        {done ? (
          <Success />
        ) : email === null ? (
          <EmailStep onSent={setEmail} />
        ) : (
          <CodeStep email={email} onDone={() => setDone(true)} onRestart={() => setEmail(null)} />
        )}
      </Stack>
    </AuthLayout>
  );
}

function useAuthErrorText() {
  const { t } = useTranslation();
  const errorText = useErrorText('auth');
  const waitText = useWaitText();
  return (e: unknown) =>
    e instanceof ApiError && e.code === 'RATE_LIMITED' ? t('auth:signIn.rateLimited', { wait: waitText(retryAfterSeconds(e.data) ?? 60) }) : errorText(e);
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const errorText = useAuthErrorText();
  const form = useContractForm(ForgotPasswordBodySchema, { defaultValues: { email: '' } });
  const [failure, setFailure] = useState<unknown>(null);
  const send = useForgotPassword();
  const submit = form.handleSubmit(
    (body) => {
      setFailure(null);
      send.mutate(body, { onSuccess: () => onSent(body.email), onError: (e) => showServerIssues(form, e) || setFailure(e) });
    },
    () => setFailure(null),
  );
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
      <Stack spacing={2.5}>
        <Typography color="text.secondary">{t('auth:forgot.step1Body')}</Typography>
        {failure !== null && (
          <Alert severity="error" role="alert">
            {errorText(failure)}
          </Alert>
        )}
        <FormTextField
          control={form.control}
          name="email"
          area="auth"
          messages={{
            'errors:field.required': 'auth:errors.EMAIL_EMPTY',
            'errors:field.email': 'auth:errors.INVALID_EMAIL',
            'errors:field.too_big': 'auth:errors.INVALID_EMAIL',
          }}
          label={t('auth:forgot.email')}
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={send.isPending} sx={{ py: 1.4 }}>
          {t('auth:forgot.send')}
        </Button>
      </Stack>
    </Box>
  );
}

/** The code step: the reset body (the e-mail of step 1 rides along) plus the confirmation. */
const codeStepSchema = ResetPasswordBodySchema.extend({ confirmation: z.string() }).superRefine(checkConfirmation);
const digits = (typed: string) => typed.replace(/\D/g, '').slice(0, 6);

function CodeStep({ email, onDone, onRestart }: { email: string; onDone: () => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const errorText = useAuthErrorText();
  const notify = useNotify();
  const form = useContractForm(codeStepSchema, { defaultValues: { email, code: '', newPassword: '', confirmation: '' } });
  const [failure, setFailure] = useState<unknown>(null);
  const reset = useResetPassword();
  const resend = useForgotPassword();

  const submit = form.handleSubmit(({ confirmation: _, ...body }) => {
    setFailure(null);
    reset.mutate(body, { onSuccess: onDone, onError: (e) => showServerIssues(form, e) || setFailure(e) });
  });
  const alert = useNewPasswordAlert(form.formState.errors, failure, errorText);

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
      <Stack spacing={2.25}>
        <Alert icon={<MarkEmailReadOutlined />} severity="info" sx={{ wordBreak: 'break-word' }}>
          {t('auth:forgot.step2Body', { email })}
        </Alert>
        {alert && (
          <Alert severity="error" role="alert" data-testid="reset-error">
            {alert}
          </Alert>
        )}
        <FormTextField
          control={form.control}
          name="code"
          area="auth"
          parse={digits}
          messages={{ 'errors:field.required': 'auth:forgot.codeInvalid', 'errors:field.invalid': 'auth:forgot.codeInvalid' }}
          label={t('auth:forgot.code')}
          helperText={t('auth:forgot.codeHelp')}
          autoComplete="one-time-code"
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*', style: { letterSpacing: '0.3em', fontWeight: 600 } } }}
        />
        <NewPasswordFields
          control={form.control}
          checklistId="reset-checklist"
          passwordLabel={t('auth:forgot.newPassword')}
          confirmationLabel={t('auth:forgot.confirm')}
        />
        <Button type="submit" variant="contained" size="large" disabled={reset.isPending} sx={{ py: 1.4 }}>
          {t('auth:forgot.submit')}
        </Button>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
          <Button
            size="small"
            onClick={() =>
              resend.mutate({ email }, { onSuccess: () => notify('info', t('auth:forgot.resent')), onError: (e) => notify('error', errorText(e)) })
            }
            disabled={resend.isPending}
          >
            {t('auth:forgot.resend')}
          </Button>
          <Button size="small" color="inherit" onClick={onRestart}>
            {t('auth:forgot.otherEmail')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function Success() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(paths.signIn, { replace: true }), LIMITS.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Stack spacing={2}>
      <Alert severity="success" role="status" data-testid="reset-success">
        {t('auth:messages.PASSWORD_CHANGED_SUCCESSFULLY')} {t('auth:forgot.redirecting')}
      </Alert>
      <Button component={Link} to={paths.signIn} variant="contained">
        {t('auth:forgot.signInNow')}
      </Button>
    </Stack>
  );
}
