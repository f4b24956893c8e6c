import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showDateTime } from '../../lib/dates';
import { AlertTrail } from '../alerts/alert-dialog';
import { useStudentAlerts } from '../alerts/api';

/**
 * The student's alert history, with each alert's trail. Only for those the server allows
 * (decision 0420): for anyone else it answers 403 and the section is not shown at all.
 */
export function AlertHistory({ studentId }: { studentId: string }) {
  const { t } = useTranslation('classroom');
  const headingId = useId();
  const alerts = useStudentAlerts(studentId, true);
  if (!alerts.data) return null;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="alert-history">
      <Typography id={headingId} variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {t('alerts.ui.history')}
      </Typography>
      {alerts.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('alerts.ui.historyNone')}
        </Typography>
      ) : (
        alerts.data.map((alert) => (
          <Accordion key={alert.id} disableGutters variant="outlined" slotProps={{ heading: { component: 'h5' } }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography variant="body2" sx={{ fontWeight: alert.open ? 700 : 400 }}>
                {[
                  t('alerts.ui.opened', { at: showDateTime(alert.openedAt) }),
                  alert.open ? (alert.firstAcknowledgedAt ? t('alerts.ui.answered') : t('alerts.ui.unanswered')) : t('alerts.ui.closed'),
                  alert.escalated ? t('alerts.ui.escalated') : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <AlertTrail alert={alert} />
            </AccordionDetails>
          </Accordion>
        ))
      )}
    </Box>
  );
}
