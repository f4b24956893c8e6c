import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { NotificationProvider } from '../components/ui/notifications';
import { onUnauthenticated } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { paths, publicPaths } from './paths';
import { router } from './router';
import { followSchoolCalendar, forgetSignedIn, meKey } from './session';
import { localizedTheme } from './theme';

followSchoolCalendar(queryClient);

// Any 401 means the session is gone (docs/rules/shell.md#session-and-language): forget the user and go to sign-in.
// A 401 while nobody is signed in (the first `auth.me`) changes nothing.
onUnauthenticated(() => {
  if (!queryClient.getQueryData(meKey)) return;
  forgetSignedIn(queryClient);
  const here = router.state.location.pathname;
  if (!publicPaths.some((p) => p.toLowerCase() === here.toLowerCase()) || here.toLowerCase() === paths.userInformation.toLowerCase()) {
    void router.navigate(paths.signIn, { replace: true });
  }
});

export function App() {
  const { t, i18n } = useTranslation('common');
  const theme = useMemo(
    () =>
      localizedTheme({
        open: t('controls.open'),
        close: t('controls.close'),
        clear: t('controls.clear'),
        loading: t('controls.loading'),
        noOptions: t('controls.noOptions'),
      }),
    // The words change with the language.
    [t, i18n.language],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <NotificationProvider>
          <RouterProvider router={router} />
        </NotificationProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
