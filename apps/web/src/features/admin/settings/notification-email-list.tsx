import type { NotificationEmailState } from '@high5/contract';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Button, IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EmailText } from '../../../components/ui/email-text';
import { useNotify } from '../../../components/ui/notifications';
import { showDateTime } from '../../../lib/dates';
import { useErrorText } from '../../../lib/use-error-text';
import { useResendConfirmation } from './api';

/**
 * The report's addresses, each confirmed or waiting for its owner to open the link, with a way to
 * send the link again (docs/decisions/0590): only confirmed ones get the report.
 */
export function NotificationEmailList({ states, busy, onRemove }: { states: NotificationEmailState[]; busy: boolean; onRemove: (email: string) => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const resend = useResendConfirmation();
  return (
    <>
      <List dense aria-label={t('config.emails')} sx={{ maxWidth: 560 }}>
        {states.map((state) => (
          <ListItem
            key={state.email}
            divider
            secondaryAction={
              <IconButton edge="end" aria-label={t('config.removeEmail', { email: state.email })} onClick={() => onRemove(state.email)} disabled={busy}>
                <DeleteOutlinedIcon />
              </IconButton>
            }
          >
            <ListItemText
              primary={<EmailText email={state.email} />}
              slotProps={{ primary: { sx: { overflowWrap: 'break-word' } }, secondary: { component: 'div' } }}
              secondary={
                state.confirmedAt ? (
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'success.dark' }}>
                    <CheckCircleOutlineIcon fontSize="small" aria-hidden />
                    {t('config.emailConfirmed')}
                  </Box>
                ) : (
                  <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.primary' }}>
                      <ScheduleIcon fontSize="small" aria-hidden />
                      {state.linkSentAt ? t('config.emailWaitingSince', { when: showDateTime(state.linkSentAt) }) : t('config.emailWaiting')}
                    </Box>
                    <Button
                      size="small"
                      aria-label={t('config.resendLinkFor', { email: state.email })}
                      disabled={resend.isPending}
                      onClick={() =>
                        resend.mutate(state.email, {
                          onSuccess: () => notify('success', t('config.linkResent', { email: state.email })),
                          onError: (error) => notify('error', errorText(error)),
                        })
                      }
                      sx={{ px: 0.5, minWidth: 0 }}
                    >
                      {t('config.resendLink')}
                    </Button>
                  </Box>
                )
              }
            />
          </ListItem>
        ))}
      </List>
      {states.some((s) => !s.confirmedAt) && (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 560 }}>
          {t('config.unconfirmedHelp')}
        </Typography>
      )}
    </>
  );
}
