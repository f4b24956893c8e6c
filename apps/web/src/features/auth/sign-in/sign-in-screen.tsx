import { Google } from '@mui/icons-material';
import { Alert, Box, Button, Divider, Fade, Link as MuiLink, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { preloadSignedIn } from '../../../app/preload';
import { useSplash } from '../../../app/splash';
import { cleverSignInHref, googleSignInHref, markProviderSignIn, useAuthConfig, useMe, useSession } from '../../../app/session';
import { CURRENT_PASSWORD_MESSAGES } from '../../../components/form/password-messages';
import { useLightForm } from '../../../components/form/light-form';
import { PasswordField } from '../../../components/ui/password-field';
import { TextInput } from '../../../components/ui/text-input';
import { ApiError } from '../../../lib/api-client';
import { useErrorText, useFieldErrorText } from '../../../lib/use-error-text';
import { retryAfterSeconds } from '../api';
import { AuthLayout } from '../components/auth-layout';
import { useWaitText } from '../components/wait-text';
import { useSignIn } from './api';

/** Loaded only when a sign-in answers 429: not part of the sign-in page's first load (decision 0430). */
const SignInLinkOffer = lazy(() => import('../sign-in-link/sign-in-link-offer'));
/** Only for an account that must choose a new password: out of the first load with its form library (decision 0596). */
const NewPasswordForm = lazy(() => import('./new-password-form'));

/**
 * `/` (docs/rules/shell.md#sign-in): the splash, then sign-in; or the new-password challenge. The splash is
 * index.html's (app/splash.ts): the page renders under it and fades in as it fades out.
 */
export default function SignInScreen() {
  const me = useMe();
  const { t } = useTranslation();
  const splash = useSplash(!me?.mustChangePassword);
  if (me?.mustChangePassword) {
    return (
      <AuthLayout title={t('auth:newPassword.title')}>
        <Suspense fallback={null}>
          <NewPasswordForm />
        </Suspense>
      </AuthLayout>
    );
  }
  return (
    <Fade in={!splash} appear timeout={600}>
      <div>
        <AuthLayout title={t('auth:signIn.title')}>
          <SignInForm />
        </AuthLayout>
      </div>
    </Fade>
  );
}

/**
 * A message to show, kept as what to say (a key, or the failure) and worded at each render,
 * so that it follows a language switch (a `t` captured earlier stays in its language).
 */
type Message = { key: string; waitSeconds?: number } | { error: unknown };

/** Errors that come back from Google sign-in and Log in with Clever as `/?error=CODE`. */
export const REDIRECT_ERRORS = [
  'GOOGLE_FAILED',
  'GOOGLE_ACCOUNT_LINKED',
  'GOOGLE_NOT_CONFIGURED',
  'CLEVER_FAILED',
  'CLEVER_NOT_ROSTERED',
  'CLEVER_DISTRICT_NOT_CONNECTED',
  'CLEVER_NOT_CONFIGURED',
  'RATE_LIMITED',
  'ACCOUNT_INACTIVE',
];

function SignInForm() {
  const { t } = useTranslation();
  const errorText = useErrorText('auth');
  const waitText = useWaitText();
  const session = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const config = useAuthConfig();
  const fieldErrorText = useFieldErrorText('auth');
  const form = useLightForm(() => import('./sign-in-schema').then((m) => m.signInFormSchema), { login: '', password: '' });
  const { message: loginMessage, ...login } = form.field('login');
  const { message: passwordMessage, ...password } = form.field('password');
  const redirectError = search.get('error');
  // Kept as what to say, not the words, so it follows a language switch.
  const [error, setError] = useState<Message | null>(() =>
    redirectError && REDIRECT_ERRORS.includes(redirectError) ? { error: new ApiError(400, redirectError) } : null,
  );
  const say = (message: Message) =>
    'error' in message ? errorText(message.error) : t(message.key, message.waitSeconds === undefined ? {} : { wait: waitText(message.waitSeconds) });
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);

  // The login held at 429: its owner may ask for a one-time sign-in link (docs/decisions/0541).
  const [throttledLogin, setThrottledLogin] = useState<string | null>(null);
  const signIn = useSignIn();
  const submit = form.handleSubmit(
    (values) => {
      setError(null);
      setThrottledLogin(null);
      form.setValue('login', values.login);
      signIn.mutate(values, {
        onSuccess: (result) => {
          if (result.status !== 'new_password_required') void navigate(session.startSignedIn(result.me), { replace: true });
        },
        onError: (e) => {
          form.setValue('password', '');
          if (e instanceof ApiError && (e.code === 'SIGNIN_THROTTLED' || e.code === 'RATE_LIMITED')) {
            setError({
              key: e.code === 'SIGNIN_THROTTLED' ? 'auth:signIn.throttled' : 'auth:signIn.rateLimited',
              waitSeconds: retryAfterSeconds(e.data) ?? 60,
            });
            if (e.code === 'SIGNIN_THROTTLED') setThrottledLogin(values.login);
          } else setError({ error: e });
        },
      });
    },
    () => setError(null),
  );

  const googleEnabled = config.data?.googleEnabled ?? false;
  // Only when a district is rostered from Clever: its children have no other way in (docs/decisions/0550).
  const cleverEnabled = config.data?.cleverEnabled ?? false;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 30 } }}>
          {t('auth:signIn.heading')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.75 }}>
          {t('auth:signIn.subtitle')}
        </Typography>
      </Box>
      {error && (
        <Alert severity="error" role="alert" ref={alertRef} tabIndex={-1} data-testid="sign-in-error">
          {say(error)}
        </Alert>
      )}
      {throttledLogin !== null && (
        <Suspense fallback={null}>
          <SignInLinkOffer login={throttledLogin} />
        </Suspense>
      )}
      <Box component="form" onSubmit={(event) => void submit(event)} onFocus={preloadSignedIn} noValidate>
        <Stack spacing={2.25}>
          <TextInput
            {...login}
            error={loginMessage !== undefined}
            helperText={fieldErrorText(loginMessage === 'errors:field.required' ? 'auth:signIn.loginRequired' : loginMessage)}
            label={t('auth:signIn.login')}
            autoComplete="username"
            fullWidth
            slotProps={{ htmlInput: { maxLength: 254, autoCapitalize: 'none', spellCheck: false } }}
          />
          <Box>
            <PasswordField
              {...password}
              error={passwordMessage !== undefined}
              helperText={fieldErrorText(passwordMessage && (CURRENT_PASSWORD_MESSAGES[passwordMessage] ?? passwordMessage))}
              label={t('auth:signIn.password')}
              autoComplete="current-password"
              fullWidth
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
              <MuiLink component={Link} to={paths.forgotPassword} sx={{ fontWeight: 600, fontSize: 14 }}>
                {t('auth:signIn.forgot')}
              </MuiLink>
            </Box>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={signIn.isPending} sx={{ py: 1.4, fontSize: 16 }}>
            {signIn.isPending ? t('auth:signIn.submitting') : t('auth:signIn.submit')}
          </Button>
        </Stack>
      </Box>
      <Divider sx={{ color: 'text.secondary', fontSize: 14 }}>{t('auth:signIn.or')}</Divider>
      <Stack spacing={1.5}>
        {cleverEnabled && (
          <Button
            component="a"
            href={cleverSignInHref()}
            onClick={markProviderSignIn}
            variant="outlined"
            size="large"
            fullWidth
            startIcon={<CleverMark />}
            sx={{ py: 1.25 }}
            data-testid="clever-sign-in"
          >
            {t('auth:signIn.clever')}
          </Button>
        )}
        <Box>
          {googleEnabled ? (
            <Button
              component="a"
              href={googleSignInHref('signin')}
              onClick={markProviderSignIn}
              variant="outlined"
              size="large"
              fullWidth
              startIcon={<Google />}
              sx={{ py: 1.25 }}
            >
              {t('auth:signIn.google')}
            </Button>
          ) : (
            <>
              <Button variant="outlined" size="large" fullWidth startIcon={<Google />} disabled aria-describedby="google-off" sx={{ py: 1.25 }}>
                {t('auth:signIn.google')}
              </Button>
              <Typography id="google-off" variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'center' }}>
                {config.isPending ? '\u00a0' : t('auth:signIn.googleOff')}
              </Typography>
            </>
          )}
        </Box>
      </Stack>
      {/* The class card page (docs/decisions/0553): a plain link, nothing of it loads here. */}
      <MuiLink component={Link} to={paths.cardSignIn} sx={{ alignSelf: 'center', fontWeight: 600, fontSize: 14 }}>
        {t('auth:signIn.withCard')}
      </MuiLink>
      <Typography sx={{ textAlign: 'center' }}>
        {t('auth:signIn.newHere')}{' '}
        <MuiLink component={Link} to={paths.signUp} sx={{ fontWeight: 700 }}>
          {t('auth:signIn.signUp')}
        </MuiLink>
      </Typography>
    </Stack>
  );
}

/** Clever's "C" in its blue square, beside the words (which name it for screen readers). */
function CleverMark() {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 22,
        height: 22,
        borderRadius: '5px',
        bgcolor: '#1464FF',
        color: '#fff',
        fontWeight: 800,
        fontSize: 15,
        lineHeight: 1,
      }}
    >
      C
    </Box>
  );
}
