import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useRouteError } from 'react-router';
import { HighFiveMark } from '../components/ui/logo';
import SignInScreen from '../features/auth/sign-in/sign-in-screen';
import { setLanguage } from '../lib/i18n';
import { landingPath, paths } from './paths';
import { endSplash } from './splash';
import { consumeProviderSignIn, landingAfterSignIn, useMe, useMeQuery } from './session';

/** Loads `me` once for every screen, and applies the signed-in user's language. */
export function RootLayout() {
  const me = useMeQuery();
  const language = me.data?.language;
  useEffect(() => {
    if (language) void setLanguage(language);
  }, [language]);
  if (me.isPending) return <FullPageLoading />;
  if (me.isError && me.data === undefined) return <FullPageError onRetry={() => void me.refetch()} />;
  return <Outlet />;
}

/** `/`: the sign-in screen (or its new-password challenge); a signed-in user goes on to their landing screen. */
export function SignInRoute() {
  const me = useMe();
  const signedIn = me !== null && !me.mustChangePassword;
  // The page's splash is the sign-in screen's (app/splash.ts): a signed-in user goes on without it.
  useEffect(() => {
    if (signedIn) endSplash();
  }, [signedIn]);
  if (signedIn) return <Navigate to={consumeProviderSignIn() ? landingAfterSignIn(me) : landingPath(me)} replace />;
  return <SignInScreen />;
}

/** Sign-up and forgot password are for signed-out visitors. */
export function PublicOnlyRoute() {
  const me = useMe();
  if (me) return <Navigate to={paths.signIn} replace />;
  return <Outlet />;
}

/** `/user-information`: only for a signed-in user who has no role yet. */
export function SetupRoute() {
  const me = useMe();
  if (!me || me.mustChangePassword || me.role) return <Navigate to={paths.signIn} replace />;
  return <Outlet />;
}

export function FullPageLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }} role="status" aria-live="polite">
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <HighFiveMark size={56} />
        <CircularProgress size={24} aria-label={t('loading')} />
      </Box>
    </Box>
  );
}

function FullPageError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(endSplash, []);
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Box sx={{ textAlign: 'center', maxWidth: 420 }}>
        <HighFiveMark size={56} sx={{ mx: 'auto', mb: 2 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('shell.unavailableTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ my: 2 }}>
          {t('shell.unavailableBody')}
        </Typography>
        <Button variant="contained" onClick={onRetry}>
          {t('shell.retry')}
        </Button>
      </Box>
    </Box>
  );
}

/** A screen that failed to load (e.g. a new version replaced its chunk) or threw while rendering. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  useEffect(endSplash, []);
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Box sx={{ textAlign: 'center', maxWidth: 420 }}>
        <HighFiveMark size={56} sx={{ mx: 'auto', mb: 2 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('errorModal.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ my: 2 }}>
          {t('errors:INTERNAL')}
        </Typography>
        <Button variant="contained" onClick={() => window.location.assign(paths.signIn)}>
          {t('shell.reload')}
        </Button>
      </Box>
    </Box>
  );
}
