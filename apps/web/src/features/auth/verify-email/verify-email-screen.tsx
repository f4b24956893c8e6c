import { CheckCircleOutlined, ErrorOutlined, MarkEmailReadOutlined } from '@mui/icons-material';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { AuthLayout } from '../components/auth-layout';
import { useVerifyEmail } from './api';

/** `/verify-email?token=…`: confirms the address from the sign-up e-mail. */
export default function VerifyEmailScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText('auth');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const valid = token.length >= 10 && token.length <= 200;
  const verify = useVerifyEmail();
  const started = useRef(false);

  useEffect(() => {
    // Once, even under StrictMode's double effects: the link is single use.
    if (!valid || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [valid, verify, token]);

  const expired = verify.error instanceof ApiError && verify.error.code === 'CODE_EXPIRED';
  const state = !valid ? 'missing' : verify.isSuccess ? 'success' : verify.isError ? 'failed' : 'checking';

  return (
    <AuthLayout title={t('auth:verify.title')}>
      <Stack spacing={2.5} sx={{ textAlign: 'center', alignItems: 'center' }} aria-live="polite">
        <Box
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 72,
            height: 72,
            borderRadius: '50%',
            bgcolor: state === 'success' ? 'rgba(46,125,50,0.10)' : state === 'checking' ? 'rgba(106,27,154,0.08)' : 'rgba(211,47,47,0.08)',
          }}
          aria-hidden
        >
          {state === 'checking' ? (
            <CircularProgress size={32} />
          ) : state === 'success' ? (
            <CheckCircleOutlined color="success" sx={{ fontSize: 40 }} />
          ) : state === 'missing' ? (
            <MarkEmailReadOutlined color="primary" sx={{ fontSize: 40 }} />
          ) : (
            <ErrorOutlined color="error" sx={{ fontSize: 40 }} />
          )}
        </Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 24, sm: 28 } }}>
          {state === 'success'
            ? t('auth:verify.successTitle')
            : state === 'checking'
              ? t('auth:verify.checking')
              : state === 'failed'
                ? t('auth:verify.failedTitle')
                : t('auth:verify.title')}
        </Typography>
        <Typography color="text.secondary" data-testid="verify-result">
          {state === 'success'
            ? t('auth:verify.success')
            : state === 'missing'
              ? t('auth:verify.missing')
              : state === 'failed'
                ? expired
                  ? t('auth:verify.expired')
                  : errorText(verify.error)
                : t('auth:verify.wait')}
        </Typography>
        {state !== 'checking' && (
          <Button component={Link} to={paths.signIn} variant="contained" size="large" sx={{ px: 4 }}>
            {t('auth:verify.signIn')}
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}
