import { authApi, EmailSchema, LIMITS } from '@high5/contract';
import { ArrowBack, MarkEmailReadOutlined } from '@mui/icons-material';
import { Alert, Box, Button, Link as MuiLink, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useNotify } from '../../../components/ui/notifications';
import { PasswordChecklist } from '../../../components/ui/password-checklist';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError, api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { retryAfterSeconds } from '../api';
import { AuthLayout } from '../components/auth-layout';
import { useWaitText } from '../components/wait-text';
import { newPasswordProblem } from '../sign-in/new-password-form';

/** `/forgotpassword` (spec 000 section 2.3): the e-mail, then the code and the new password. */
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
        {done ? <Success /> : email === null ? <EmailStep onSent={setEmail} /> : <CodeStep email={email} onDone={() => setDone(true)} onRestart={() => setEmail(null)} />}
      </Stack>
    </AuthLayout>
  );
}

function useAuthErrorText() {
  const { t } = useTranslation();
  const errorText = useErrorText('auth');
  const waitText = useWaitText();
  return (e: unknown) => (e instanceof ApiError && e.code === 'RATE_LIMITED' ? t('auth:signIn.rateLimited', { wait: waitText(retryAfterSeconds(e.data) ?? 60) }) : errorText(e));
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const errorText = useAuthErrorText();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (value: string) => api(authApi.forgotPassword, { body: { email: value } }),
    onSuccess: (_data, value) => onSent(value),
    onError: (e) => setError(errorText(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    setError(null);
    if (!value) return setFieldError(t('auth:errors.EMAIL_EMPTY'));
    if (!EmailSchema.safeParse(value).success) return setFieldError(t('auth:errors.INVALID_EMAIL'));
    setFieldError(null);
    send.mutate(value.toLowerCase());
  };
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2.5}>
        <Typography color="text.secondary">{t('auth:forgot.step1Body')}</Typography>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <TextField
          label={t('auth:forgot.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!!fieldError}
          helperText={fieldError}
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

function CodeStep({ email, onDone, onRestart }: { email: string; onDone: () => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const errorText = useAuthErrorText();
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = useMutation({
    mutationFn: () => api(authApi.resetPassword, { body: { email, code: code.trim(), newPassword: password } }),
    onSuccess: onDone,
    onError: (e) => setError(errorText(e)),
  });
  const resend = useMutation({
    mutationFn: () => api(authApi.forgotPassword, { body: { email } }),
    onSuccess: () => notify('info', t('auth:forgot.resent')),
    onError: (e) => notify('error', errorText(e)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const badCode = !/^\d{6}$/.test(code.trim());
    setCodeError(badCode ? t('auth:forgot.codeInvalid') : null);
    const problem = newPasswordProblem(password, confirmation);
    if (problem) setError(t(`auth:errors.${problem}`));
    if (!badCode && !problem) reset.mutate();
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2.25}>
        <Alert icon={<MarkEmailReadOutlined />} severity="info" sx={{ wordBreak: 'break-word' }}>
          {t('auth:forgot.step2Body', { email })}
        </Alert>
        {error && (
          <Alert severity="error" role="alert" data-testid="reset-error">
            {error}
          </Alert>
        )}
        <TextField
          label={t('auth:forgot.code')}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          error={!!codeError}
          helperText={codeError ?? t('auth:forgot.codeHelp')}
          autoComplete="one-time-code"
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*', style: { letterSpacing: '0.3em', fontWeight: 600 } } }}
        />
        <PasswordField label={t('auth:forgot.newPassword')} value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" fullWidth slotProps={{ htmlInput: { 'aria-describedby': 'reset-checklist' } }} />
        <PasswordChecklist password={password} id="reset-checklist" />
        <PasswordField label={t('auth:forgot.confirm')} value={confirmation} onChange={(e) => setConfirmation(e.target.value)} autoComplete="new-password" fullWidth />
        <Button type="submit" variant="contained" size="large" disabled={reset.isPending} sx={{ py: 1.4 }}>
          {t('auth:forgot.submit')}
        </Button>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
          <Button size="small" onClick={() => resend.mutate()} disabled={resend.isPending}>
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
