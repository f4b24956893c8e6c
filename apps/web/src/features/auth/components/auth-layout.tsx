import { AutoAwesomeOutlined, FrontHandOutlined, MoodOutlined } from '@mui/icons-material';
import { Box, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { LanguageSelect } from '../../../components/ui/language-select';
import { HighFiveMark, Logo } from '../../../components/ui/logo';
import { useDocumentTitle } from '../../../components/ui/page-title';
import { setLanguage } from '../../../lib/i18n';

/**
 * The frame of every screen before sign-in: a purple welcome panel on wide screens, the
 * logo and the language selector, the screen's card, and the legal links.
 */
export function AuthLayout({
  title,
  children,
  wide = false,
  languageSelect = true,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
  languageSelect?: boolean;
}) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(title);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', bgcolor: 'background.default' }}>
      <WelcomePanel />
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          backgroundImage:
            'radial-gradient(circle at 85% 0%, rgba(106,27,154,0.07), transparent 45%), radial-gradient(circle at 0% 100%, rgba(0,121,107,0.06), transparent 40%)',
        }}
      >
        <Box
          component="header"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, sm: 3 }, pt: { xs: 1.5, sm: 2.5 }, pb: 1 }}
        >
          <Box
            component={Link}
            to={paths.signIn}
            aria-label={t('auth:layout.home')}
            sx={{
              display: { xs: 'flex', md: 'none' },
              textDecoration: 'none',
              borderRadius: 2,
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            <Logo size={32} />
          </Box>
          <Box sx={{ flex: 1 }} />
          {languageSelect && <LanguageSelect color="primary" value={i18n.language === 'es' ? 'es' : 'en'} onChange={(lang) => void setLanguage(lang)} />}
        </Box>
        <Box
          component="main"
          sx={{
            flex: 1,
            display: 'flex',
            alignItems: { xs: 'flex-start', sm: 'center' },
            justifyContent: 'center',
            px: { xs: 1.5, sm: 3 },
            py: { xs: 1, sm: 3 },
          }}
        >
          <Paper
            elevation={0}
            sx={{
              width: '100%',
              maxWidth: wide ? 640 : 440,
              p: { xs: 2.5, sm: 4.5 },
              borderRadius: 5,
              border: 1,
              borderColor: 'rgba(106, 27, 154, 0.10)',
              boxShadow: '0 12px 40px rgba(60, 20, 90, 0.08)',
            }}
          >
            {children}
          </Paper>
        </Box>
        <Box
          component="footer"
          sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: { xs: 1.5, sm: 3 }, px: 2, py: 2.5, color: 'text.secondary', fontSize: 14 }}
        >
          <MuiLink component={Link} to={paths.terms} color="inherit">
            {t('auth:links.terms')}
          </MuiLink>
          <MuiLink component={Link} to={paths.privacy} color="inherit">
            {t('auth:links.privacy')}
          </MuiLink>
          <Typography component="span" variant="body2">
            {t('footer.copyright')}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}

function WelcomePanel() {
  const { t } = useTranslation();
  const points = [
    { icon: <FrontHandOutlined />, text: t('auth:layout.point1') },
    { icon: <AutoAwesomeOutlined />, text: t('auth:layout.point2') },
    { icon: <MoodOutlined />, text: t('auth:layout.point3') },
  ];
  return (
    <Box
      component="aside"
      aria-label={t('auth:layout.aboutLabel')}
      sx={{
        display: { xs: 'none', md: 'flex' },
        width: { md: 400, lg: 480 },
        flexShrink: 0,
        flexDirection: 'column',
        justifyContent: 'space-between',
        p: 5,
        color: '#fff',
        background: 'linear-gradient(160deg, #7b1fa2 0%, #6a1b9a 45%, #4a148c 100%)',
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <Box
        aria-hidden
        sx={{ position: 'absolute', width: 420, height: 420, borderRadius: '50%', bgcolor: 'rgba(255,255,255,0.06)', right: -160, bottom: -120 }}
      />
      <Box aria-hidden sx={{ position: 'absolute', width: 220, height: 220, borderRadius: '50%', bgcolor: 'rgba(255,213,79,0.10)', left: -80, top: 180 }} />
      <Box
        component={Link}
        to={paths.signIn}
        aria-label={t('auth:layout.home')}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 1.25,
          color: '#fff',
          textDecoration: 'none',
          alignSelf: 'flex-start',
          borderRadius: 2,
          position: 'relative',
          '&:focus-visible': { outline: '3px solid #fff', outlineOffset: 3 },
        }}
      >
        <Box sx={{ borderRadius: '50%', boxShadow: '0 0 0 3px rgba(255,255,255,0.35)' }}>
          <HighFiveMark size={44} />
        </Box>
        <Typography component="span" sx={{ fontWeight: 800, fontSize: 28, letterSpacing: '-0.02em' }}>
          High5
        </Typography>
      </Box>
      <Box sx={{ position: 'relative' }}>
        <Typography component="p" sx={{ fontWeight: 800, fontSize: { md: 32, lg: 38 }, lineHeight: 1.15, letterSpacing: '-0.01em' }}>
          {t('auth:layout.headline')}
        </Typography>
        <Typography component="p" sx={{ mt: 2, fontSize: 17, opacity: 0.9, maxWidth: 360 }}>
          {t('auth:layout.subline')}
        </Typography>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, mt: 4, mb: 0 }}>
          {points.map((point) => (
            <Box component="li" key={point.text} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Box
                aria-hidden
                sx={{ display: 'grid', placeItems: 'center', width: 40, height: 40, borderRadius: 2.5, bgcolor: 'rgba(255,255,255,0.14)', color: '#ffd54f' }}
              >
                {point.icon}
              </Box>
              <Typography component="span" sx={{ fontSize: 16, fontWeight: 500 }}>
                {point.text}
              </Typography>
            </Box>
          ))}
        </Stack>
      </Box>
      <Typography component="p" sx={{ fontSize: 13, opacity: 0.75, position: 'relative' }}>
        {t('auth:layout.forSchools')}
      </Typography>
    </Box>
  );
}
