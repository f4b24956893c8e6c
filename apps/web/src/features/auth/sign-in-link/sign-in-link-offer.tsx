import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { retryAfterSeconds } from '../api';
import { useWaitText } from '../components/wait-text';
import { useRequestSignInLink } from './api';

/**
 * Offered when the account's password is held at 429 (docs/decisions/0541): someone else's
 * failures, perhaps on the same school network, cannot stop a link e-mailed to the owner.
 */
export default function SignInLinkOffer({ login }: { login: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText('auth');
  const waitText = useWaitText();
  const request = useRequestSignInLink();
  const failure = request.error;
  return (
    <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }} data-testid="sign-in-link-offer">
      {request.isSuccess ? (
        <Alert severity="success" role="status">
          {t('auth:signIn.linkSent', { login })}
        </Alert>
      ) : (
        <Stack spacing={1.5}>
          <Typography variant="body2">{t('auth:signIn.linkOffer')}</Typography>
          {failure && (
            <Alert severity="error" role="alert">
              {failure instanceof ApiError && failure.code === 'RATE_LIMITED'
                ? t('auth:signIn.rateLimited', { wait: waitText(retryAfterSeconds(failure.data) ?? 60) })
                : errorText(failure)}
            </Alert>
          )}
          <Button variant="outlined" onClick={() => request.mutate({ login })} disabled={request.isPending}>
            {request.isPending ? t('auth:signIn.linkSending') : t('auth:signIn.linkButton')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
