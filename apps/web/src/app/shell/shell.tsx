import { LIMITS, type Me } from '@high5/contract';
import { Alert, Box, Drawer, LinearProgress, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigation } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { landingPath } from '../paths';
import { visuallyHidden } from '../../components/ui/visually-hidden';
import { Footer } from './footer';
import { Header } from './header';
import { useIdleLock } from './idle-lock';
import { SidebarContent } from './sidebar';

// Shown only once the session locks: its dialog and password form load then.
const IdleLockOverlay = lazy(() => import('./idle-lock-overlay'));

const DRAWER_WIDTH = 264;
const DRAWER_ID = 'high5-sidebar';

/**
 * The signed-in frame (docs/rules/shell.md#shell): a permanent sidebar on wide screens and a
 * temporary one behind the menu button on narrow screens, the header, the screen, the
 * footer, and the idle lock.
 */
export function Shell({ me, children }: { me: Me; children: ReactNode }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const permanent = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const helpArea = useMediaQuery(`(min-width:${LIMITS.helpAreaMinWidth + 1}px)`, { noSsr: true });
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigation = useNavigation();
  const { locked, unlock } = useIdleLock(me);

  // A new screen closes the temporary drawer and moves focus to the content.
  useEffect(() => setOpen(false), [location.pathname]);

  const sidebar = <SidebarContent me={me} narrow={!helpArea} onNavigate={() => setOpen(false)} />;

  // Locked, nothing of the page is rendered (so nothing is fetched): only the lock screen.
  if (locked)
    return (
      <Suspense fallback={null}>
        <IdleLockOverlay me={me} onUnlocked={unlock} />
      </Suspense>
    );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          ...visuallyHidden,
          '&:focus': {
            position: 'fixed',
            top: 8,
            left: 8,
            width: 'auto',
            height: 'auto',
            clip: 'auto',
            m: 0,
            zIndex: 2000,
            bgcolor: 'background.paper',
            p: 1.5,
            borderRadius: 2,
            boxShadow: 3,
          },
        }}
      >
        {t('shell.skipToContent')}
      </Box>
      {permanent ? (
        <Drawer
          variant="permanent"
          sx={{
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', borderRight: 1, borderColor: 'divider', top: 0 },
          }}
          slotProps={{ paper: { id: DRAWER_ID, component: 'aside' } as object }}
        >
          <Box sx={{ height: 68, flexShrink: 0, display: 'flex', alignItems: 'center', px: 2.5, borderBottom: 1, borderColor: 'divider' }}>
            <Box
              component={Link}
              to={landingPath(me)}
              aria-label={t('header.home')}
              sx={{
                display: 'flex',
                textDecoration: 'none',
                borderRadius: 2,
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Logo size={36} />
            </Box>
          </Box>
          {sidebar}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          ModalProps={{ keepMounted: false }}
          slotProps={{ paper: { id: DRAWER_ID, 'aria-label': t('nav.label'), sx: { width: Math.min(DRAWER_WIDTH + 16, 320), maxWidth: '85vw' } } as object }}
        >
          <Box sx={{ height: 60, flexShrink: 0, display: 'flex', alignItems: 'center', px: 2.5, borderBottom: 1, borderColor: 'divider' }}>
            <Logo size={32} />
          </Box>
          {sidebar}
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box sx={{ position: 'sticky', top: 0, zIndex: (th) => th.zIndex.drawer + 1 }}>
          <Header
            me={me}
            showLogo={!permanent}
            showMenuButton={!permanent}
            menuOpen={open}
            onMenu={() => setOpen(true)}
            drawerId={DRAWER_ID}
            helpArea={helpArea}
            loading={navigation.state === 'loading'}
          />
        </Box>
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          sx={{ flex: 1, width: '100%', maxWidth: 1400, mx: 'auto', px: { xs: 2, sm: 3, lg: 4 }, py: { xs: 2.5, sm: 4 }, outline: 'none' }}
        >
          {me.school?.status === 'pending' && (
            <Alert severity="info" sx={{ mb: 3 }}>
              {/* A founder in a paid district is the school's admin: High5's administrator approves her (decision 0157). */}
              {t(me.school.isAdmin ? 'shell.pendingApprovalFounder' : 'shell.pendingApproval')}
            </Alert>
          )}
          <Suspense fallback={<LinearProgress aria-label={t('loading')} />}>{children}</Suspense>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
