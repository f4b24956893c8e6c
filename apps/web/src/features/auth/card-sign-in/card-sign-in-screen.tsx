import { normalizeCardCode } from '@high5/contract';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { ApiError } from '../../../lib/api-client';
import { showDateTime } from '../../../lib/dates';
import { useErrorText } from '../../../lib/use-error-text';
import { retryAfterSeconds } from '../api';
import { AuthLayout } from '../components/auth-layout';
import { useWaitText } from '../components/wait-text';
import { useCardSignIn, useClassDevice } from './api';

/** A card's QR code opens `/card#CODE`: the code stays in the fragment, never in a request line. */
const codeFromHash = () => normalizeCardCode(decodeURIComponent(window.location.hash.replace(/^#/, '')));

/**
 * `/card` (docs/decisions/0553): a student signs in with their class card on a device a teacher
 * opened for the class, by typing the code or by opening the card's QR code (which signs in at once).
 */
export default function CardSignInScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText('auth');
  const waitText = useWaitText();
  const navigate = useNavigate();
  const session = useSession();
  const device = useClassDevice();
  const signIn = useCardSignIn();
  const [code, setCode] = useState('');
  const fromQr = useRef(codeFromHash());

  const submit = (value: string) => {
    signIn.mutate(
      { code: value },
      { onSuccess: (result) => void navigate(result.status === 'signed_in' ? session.startSignedIn(result.me) : paths.signIn, { replace: true }) },
    );
  };

  useEffect(() => {
    // The QR code's code is used once, then dropped from the address bar.
    if (device.data?.open && fromQr.current) {
      const value = fromQr.current;
      fromQr.current = '';
      window.history.replaceState(null, '', window.location.pathname);
      submit(value);
    }
  }, [device.data?.open]);

  const failure = signIn.error;
  const failureText =
    failure instanceof ApiError && failure.code === 'RATE_LIMITED'
      ? t('auth:card.wait', { wait: waitText(retryAfterSeconds(failure.data) ?? 60) })
      : failure
        ? errorText(failure)
        : null;

  return (
    <AuthLayout title={t('auth:card.title')}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 30 } }}>
          {device.data && !device.data.open ? t('auth:card.closedTitle') : t('auth:card.title')}
        </Typography>
        {device.isPending ? (
          <CircularProgress aria-label={t('auth:card.submitting')} />
        ) : device.data?.open ? (
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit(code);
            }}
          >
            <Stack spacing={2}>
              <Box>
                <Typography sx={{ fontWeight: 700 }} data-testid="card-class">
                  {t('auth:card.class', { name: device.data.className })}
                </Typography>
                <Typography color="text.secondary" variant="body2">
                  {t('auth:card.until', { time: showDateTime(device.data.expiresAt!) })}
                </Typography>
              </Box>
              {failureText && (
                <Alert severity="error" role="alert">
                  {failureText}
                </Alert>
              )}
              <TextField
                label={t('auth:card.code')}
                helperText={t('auth:card.codeHelp')}
                value={code}
                onChange={(e) => setCode(e.target.value.toUpperCase())}
                autoComplete="off"
                autoFocus
                slotProps={{
                  htmlInput: {
                    maxLength: 20,
                    autoCapitalize: 'characters',
                    spellCheck: false,
                    style: { fontSize: 28, letterSpacing: 4, fontFamily: 'monospace' },
                  },
                }}
              />
              <Button type="submit" variant="contained" size="large" disabled={signIn.isPending || code.trim() === ''} sx={{ py: 1.4, fontSize: 18 }}>
                {signIn.isPending ? t('auth:card.submitting') : t('auth:card.submit')}
              </Button>
            </Stack>
          </Box>
        ) : (
          <>
            <Typography color="text.secondary">{t('auth:card.closedBody')}</Typography>
            <Button component={Link} to={paths.signIn} variant="contained" size="large">
              {t('auth:card.signIn')}
            </Button>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
