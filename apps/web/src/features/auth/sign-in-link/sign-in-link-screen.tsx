import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { AuthLayout } from '../components/auth-layout';
import { useSignInWithLink } from './api';

/** The link's token travels in the fragment (`/sign-in-link#token`): never sent to a server or in a Referer. */
const tokenFromHash = () => window.location.hash.replace(/^#/, '');

/**
 * `/sign-in-link#…` (docs/decisions/0541): the one-time link e-mailed to an account held at 429.
 * It signs in only when the owner presses the button, so a mail scanner opening the page does not
 * spend it.
 */
export default function SignInLinkScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText('auth');
  const navigate = useNavigate();
  const session = useSession();
  const [token] = useState(tokenFromHash);
  const valid = token.length >= 10 && token.length <= 200;
  const [failure, setFailure] = useState<unknown>(null);
  const use = useSignInWithLink();
  const dead = (e: unknown) => e instanceof ApiError && (e.code === 'CODE_INVALID' || e.code === 'CODE_EXPIRED');

  const signIn = () => {
    setFailure(null);
    use.mutate(
      { token },
      {
        onSuccess: (result) => {
          // The new-password challenge is the sign-in screen's, once `me` says so.
          void navigate(result.status === 'signed_in' ? session.startSignedIn(result.me) : paths.signIn, { replace: true });
        },
        onError: setFailure,
      },
    );
  };
  const usable = valid && !dead(failure);

  return (
    <AuthLayout title={t('auth:signInLink.title')}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 30 } }}>
            {t('auth:signInLink.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.75 }}>
            {usable ? t('auth:signInLink.body') : t('auth:signInLink.dead')}
          </Typography>
        </Box>
        {failure !== null && !dead(failure) && (
          <Alert severity="error" role="alert">
            {errorText(failure)}
          </Alert>
        )}
        {usable ? (
          <Button variant="contained" size="large" onClick={signIn} disabled={use.isPending} sx={{ py: 1.4, fontSize: 16 }}>
            {use.isPending ? t('auth:signInLink.submitting') : t('auth:signInLink.submit')}
          </Button>
        ) : (
          <Button component={Link} to={paths.signIn} variant="contained" size="large">
            {t('auth:signInLink.signIn')}
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}
