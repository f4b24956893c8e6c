import { LIMITS, type Me } from '@high5/contract';
import { Google, LockOutlined, Logout } from '@mui/icons-material';
import { Alert, Box, Button, Dialog, Divider, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useContractForm } from '../../components/form/contract-form';
import { CurrentPasswordField } from '../../components/form/current-password-field';
import { HighFiveMark } from '../../components/ui/logo';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/use-error-text';
import { googleSignInHref, useSession } from '../session';
import { useUnlockSession } from './api';

/**
 * The overlay that hides the page until the user proves who they are: their password, or
 * for a Google-only account a new Google sign-in. A modal dialog traps focus and hides the
 * page from assistive technology.
 */
export default function IdleLockOverlay({ me, onUnlocked }: { me: Me; onUnlocked: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText('auth');
  const session = useSession();
  const navigate = useNavigate();
  const form = useContractForm(() => import('./unlock-schema').then((m) => m.UnlockBodySchema), { defaultValues: { password: '' } });
  // What to say, worded at each render so it follows a language switch.
  const [error, setError] = useState<{ key: string } | { error: unknown } | null>(null);
  const titleId = useId();
  const bodyId = useId();

  const unlock = useUnlockSession();
  const submit = form.handleSubmit(
    (body) => {
      setError(null);
      unlock.mutate(body, {
        onSuccess: () => {
          form.reset();
          setError(null);
          onUnlocked();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 401 && e.code === 'UNAUTHENTICATED') {
            // The server session ended meanwhile: back to sign-in.
            session.forget();
            void navigate('/', { replace: true });
            return;
          }
          // Only the password is asked here: a wrong one is not "e-mail or username".
          setError(e instanceof ApiError && e.code === 'enterCorrectIDandPass' ? { key: 'idle.wrongPassword' } : { error: e });
        },
      });
    },
    () => setError(null),
  );

  const leave = async () => {
    await session.signOut();
    void navigate('/', { replace: true });
  };

  const google = async () => {
    // The Google round trip starts a new session; this one ends first.
    await session.signOut();
    // Back to this screen (a path only: the server accepts no query in returnTo).
    window.location.assign(googleSignInHref('signin', window.location.pathname));
  };

  const name = [me.firstName, me.lastName].filter(Boolean).join(' ') || me.email || me.username || '';

  return (
    <Dialog
      open
      fullScreen
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="idle-lock"
      slotProps={{
        paper: {
          sx: {
            bgcolor: 'background.default',
            backgroundImage:
              'radial-gradient(circle at 20% 10%, rgba(106,27,154,0.10), transparent 55%), radial-gradient(circle at 90% 90%, rgba(0,121,107,0.10), transparent 50%)',
          },
        },
      }}
    >
      <Box sx={{ minHeight: '100%', display: 'grid', placeItems: 'center', p: 2 }}>
        <Box
          sx={{
            width: '100%',
            maxWidth: 420,
            bgcolor: 'background.paper',
            borderRadius: 4,
            boxShadow: '0 10px 40px rgba(60, 20, 90, 0.12)',
            p: { xs: 3, sm: 4 },
          }}
        >
          <Stack spacing={2.5}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <HighFiveMark size={44} />
              <LockOutlined color="primary" aria-hidden />
            </Box>
            <Box>
              <Typography id={titleId} variant="h5" component="h1" sx={{ fontWeight: 700 }}>
                {t('idle.title')}
              </Typography>
              <Typography id={bodyId} color="text.secondary" sx={{ mt: 1 }}>
                {me.hasPassword ? t('idle.body', { minutes: LIMITS.idleLockSeconds / 60 }) : t('idle.bodyGoogle', { minutes: LIMITS.idleLockSeconds / 60 })}
              </Typography>
              <Typography sx={{ mt: 1.5, fontWeight: 600 }}>{t('idle.signedInAs', { name })}</Typography>
            </Box>
            {me.hasPassword ? (
              <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
                {/* For password managers: whose password this is. */}
                <input type="text" name="username" autoComplete="username" value={me.email ?? me.username ?? ''} readOnly hidden />
                <Stack spacing={2}>
                  {error && (
                    <Alert severity="error" role="alert">
                      {'error' in error ? errorText(error.error) : t(error.key)}
                    </Alert>
                  )}
                  <CurrentPasswordField control={form.control} name="password" label={t('idle.password')} autoFocus />
                  <Button type="submit" variant="contained" size="large" disabled={unlock.isPending}>
                    {t('idle.unlock')}
                  </Button>
                </Stack>
              </Box>
            ) : (
              <Button variant="contained" size="large" startIcon={<Google />} onClick={() => void google()}>
                {t('idle.google')}
              </Button>
            )}
            <Divider />
            <Button color="inherit" startIcon={<Logout />} onClick={() => void leave()}>
              {t('idle.signOut')}
            </Button>
          </Stack>
        </Box>
      </Box>
    </Dialog>
  );
}
