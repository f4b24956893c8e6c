import { Alert, Box, Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../lib/use-error-text';
import { useTestConnection } from './api';

/**
 * "Test connection" (docs/decisions/0480): asks the district's SIS with the stored credentials and
 * says what it answered, or why it failed, in the user's language.
 */
export function TestConnection({ districtId, beside }: { districtId: string; beside?: ReactNode }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const check = useTestConnection(districtId);
  const result = check.data;
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <Button
          variant="outlined"
          onClick={() => check.mutate()}
          disabled={check.isPending}
          startIcon={check.isPending ? <CircularProgress size={16} /> : undefined}
        >
          {t('roster.testConnection')}
        </Button>
        {beside}
      </Box>
      <Box role="status" aria-live="polite" sx={{ mt: result || check.isError ? 1.5 : 0 }}>
        {check.isPending ? null : check.isError ? (
          <Alert severity="error">{errorText(check.error)}</Alert>
        ) : result?.ok ? (
          <>
            <Alert severity="success" sx={{ overflowWrap: 'anywhere' }}>
              {t('roster.connectionOk', { description: result.description ?? '' })}
            </Alert>
            {/* What the SIS will not share (a Clever app kept on API v3.0: no 504 plans). */}
            {result.warnings.map((w) => (
              <Alert key={w.code} severity="warning" sx={{ mt: 1 }}>
                {t(`roster.sourceWarning.${w.code}`, w.values)}
              </Alert>
            ))}
          </>
        ) : result ? (
          <Alert severity="error">{t(`errors:roster.${result.errorCode ?? 'roster_failed'}`)}</Alert>
        ) : null}
      </Box>
    </Box>
  );
}
