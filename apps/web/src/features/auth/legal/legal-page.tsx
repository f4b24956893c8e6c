import { ArrowBack } from '@mui/icons-material';
import { Box, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useMe } from '../../../app/session';
import { AuthLayout } from '../components/auth-layout';

interface Section {
  heading: string;
  body: string[];
}

/** The terms of use or the privacy policy: plain words, one heading per section. */
export function LegalPage({ doc }: { doc: 'terms' | 'privacy' | 'help' }) {
  const { t } = useTranslation();
  const me = useMe();
  const sections = t(`auth:legal.${doc}.sections`, { returnObjects: true }) as Section[];
  const title = t(`auth:legal.${doc}.title`);
  return (
    <AuthLayout title={title} wide>
      <Stack spacing={3} component="article">
        <Box>
          <MuiLink component={Link} to={paths.signIn} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, fontSize: 14, mb: 1.5 }}>
            <ArrowBack fontSize="small" aria-hidden />
            {me ? t('auth:legal.backToApp') : t('auth:legal.backToSignIn')}
          </MuiLink>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 32 } }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('auth:legal.updated')}
          </Typography>
          <Typography sx={{ mt: 2, fontSize: 17, lineHeight: 1.6 }}>{t(`auth:legal.${doc}.intro`)}</Typography>
        </Box>
        <Box component="nav" aria-label={t('auth:legal.contents')} sx={{ bgcolor: 'rgba(106, 27, 154, 0.05)', borderRadius: 3, p: 2 }}>
          <Typography
            component="h2"
            sx={{ fontWeight: 700, fontSize: 14, textTransform: 'uppercase', letterSpacing: '0.06em', color: 'text.secondary', mb: 1 }}
          >
            {t('auth:legal.contents')}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
            {sections.map((section, i) => (
              <li key={section.heading}>
                <MuiLink href={`#${doc}-${i + 1}`}>{section.heading}</MuiLink>
              </li>
            ))}
          </Box>
        </Box>
        {sections.map((section, i) => (
          <Box component="section" key={section.heading} id={`${doc}-${i + 1}`} aria-labelledby={`${doc}-${i + 1}-h`} sx={{ scrollMarginTop: 16 }}>
            <Typography id={`${doc}-${i + 1}-h`} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              {i + 1}. {section.heading}
            </Typography>
            <Stack spacing={1.25}>
              {section.body.map((paragraph) => (
                <Typography key={paragraph.slice(0, 40)} sx={{ lineHeight: 1.65 }}>
                  {paragraph}
                </Typography>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </AuthLayout>
  );
}
