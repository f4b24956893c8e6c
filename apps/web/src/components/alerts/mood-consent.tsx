import { Alert, Box, Button, Chip, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { showDateTime } from '../../lib/dates';
import { useErrorText } from '../../lib/use-error-text';
import { useNotify } from '../ui/notifications';
import { useMoodConsents, useSetMoodConsent } from './api';

/**
 * The parent's mood meter permission for each child (docs/decisions/0422): give or refuse, with who
 * and when; a parent the school has not confirmed yet sees it but cannot answer (0540).
 */
export function MoodConsents() {
  const { t } = useTranslation('classroom');
  const errorText = useErrorText('classroom');
  const notify = useNotify();
  const consents = useMoodConsents();
  const set = useSetMoodConsent();
  const choose = (studentId: string, status: 'given' | 'refused') =>
    set.mutate(
      { studentId, status },
      { onSuccess: () => notify('success', t('alerts.ui.consentSaved')), onError: (error) => notify('error', errorText(error)) },
    );
  if (consents.isError) return <Alert severity="error">{errorText(consents.error)}</Alert>;
  if (!consents.data?.length) return null;
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, p: 2, mt: 3 }} component="section" aria-labelledby="mood-consent-title">
      <Typography id="mood-consent-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('alerts.ui.consentTitle')}
      </Typography>
      {consents.data.map((c) => (
        <Box key={c.studentId} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 1 }} data-testid="mood-consent">
          <Typography variant="body2">{t(c.required ? 'alerts.ui.consentRequired' : 'alerts.ui.consentNotRequired', { name: c.studentName })}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Chip
              label={t(`alerts.ui.consentStatus.${c.status}`)}
              color={c.status === 'given' ? 'success' : c.status === 'refused' ? 'default' : 'warning'}
              variant="outlined"
            />
            {c.changedAt && (
              <Typography variant="caption">{t('alerts.ui.consentChanged', { by: c.changedBy ?? '—', at: showDateTime(c.changedAt) })}</Typography>
            )}
          </Box>
          {!c.confirmed && (
            <Alert severity="info" data-testid="mood-consent-unconfirmed">
              {t('alerts.ui.consentUnconfirmed', { name: c.studentName })}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant={c.status === 'given' ? 'contained' : 'outlined'}
              disabled={set.isPending || !c.confirmed || c.status === 'given'}
              onClick={() => choose(c.studentId, 'given')}
              aria-label={`${t('alerts.ui.consentGive')}: ${c.studentName}`}
            >
              {t('alerts.ui.consentGive')}
            </Button>
            <Button
              variant={c.status === 'refused' ? 'contained' : 'outlined'}
              color="inherit"
              disabled={set.isPending || !c.confirmed || c.status === 'refused'}
              onClick={() => choose(c.studentId, 'refused')}
              aria-label={`${t('alerts.ui.consentRefuse')}: ${c.studentName}`}
            >
              {t('alerts.ui.consentRefuse')}
            </Button>
          </Box>
        </Box>
      ))}
    </Paper>
  );
}
