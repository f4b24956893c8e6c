import { LIMITS } from '@high5/contract';
import { Box, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HighFiveMark } from '../../../components/ui/logo';

const FLAG = 'high5.splashShown';

/** The 3500 ms logo splash, once per browser session, never for users who prefer less motion. */
export function useSplash(): boolean {
  const [show, setShow] = useState(() => {
    try {
      return !sessionStorage.getItem(FLAG) && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    } catch {
      return false;
    }
  });
  useEffect(() => {
    if (!show) return;
    sessionStorage.setItem(FLAG, '1');
    const timer = setTimeout(() => setShow(false), LIMITS.splashMs);
    return () => clearTimeout(timer);
  }, [show]);
  return show;
}

const wave = keyframes`
  0% { transform: rotate(0deg) scale(0.6); opacity: 0; }
  20% { transform: rotate(0deg) scale(1.05); opacity: 1; }
  35% { transform: rotate(-12deg) scale(1); }
  50% { transform: rotate(10deg) scale(1); }
  65% { transform: rotate(-6deg) scale(1); }
  80%, 100% { transform: rotate(0deg) scale(1); }
`;
const rise = keyframes`
  0%, 30% { transform: translateY(12px); opacity: 0; }
  60%, 100% { transform: translateY(0); opacity: 1; }
`;

export function Splash() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-label={t('auth:splash.label')}
      data-testid="splash"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', color: '#fff', background: 'linear-gradient(160deg, #7b1fa2 0%, #6a1b9a 45%, #4a148c 100%)' }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2.5, px: 3, textAlign: 'center' }}>
        <Box sx={{ animation: `${wave} 1.8s ease-out both`, transformOrigin: '50% 80%', borderRadius: '50%', boxShadow: '0 0 0 6px rgba(255,255,255,0.18), 0 20px 60px rgba(0,0,0,0.25)' }}>
          <HighFiveMark size={128} />
        </Box>
        <Box sx={{ animation: `${rise} 1.6s ease-out both` }}>
          <Typography component="p" sx={{ fontWeight: 800, fontSize: 44, letterSpacing: '-0.02em', lineHeight: 1 }}>
            High5
          </Typography>
          <Typography component="p" sx={{ mt: 1.5, fontSize: 18, opacity: 0.9 }}>
            {t('auth:splash.tagline')}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
