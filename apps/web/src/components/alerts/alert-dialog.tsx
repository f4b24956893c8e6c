import { ALERT_LIMITS, AlertActionBodySchema, AlertFormActionSchema, moodInfo, type AlertDetail } from '@high5/contract';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  List,
  ListItem,
  ListItemText,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showDateTime } from '../../lib/dates';
import { useErrorText } from '../../lib/use-error-text';
import { useContractForm } from '../form/contract-form';
import { FormCheckbox } from '../form/form-checkbox';
import { FormTextField } from '../form/form-text-field';
import { useNotify } from '../ui/notifications';
import { useState } from 'react';
import { useSignedInMe } from '../../app/session';
import { useAlert, useAlertAction, useAlertCorrection, useAlertReopen } from './api';

/** The trail of one alert: check-ins, the adults it reached, and what each adult did. */
export function AlertTrail({ alert, onCorrect }: { alert: AlertDetail; onCorrect?: (entryId: string) => void }) {
  const me = useSignedInMe().id;
  const { t } = useTranslation('classroom');
  const feeling = (mood: string) => t(`feelings.${moodInfo(mood)?.feeling ?? 'sad'}`);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box>
        <Typography component="h3" variant="subtitle2">
          {t('alerts.ui.checkIns')}
        </Typography>
        <List dense disablePadding>
          {alert.checkIns.map((c) => (
            <ListItem key={c.at} disableGutters>
              <ListItemText
                primary={`${moodInfo(c.mood)?.emoji ?? ''} ${feeling(c.mood)} · ${t(`alerts.ui.priority.${c.priority}`)}`}
                secondary={[
                  showDateTime(c.at),
                  c.talkTo ? t('alerts.ui.wantsToTalkTo', { name: c.talkTo.name }) : c.talkToAny ? t('alerts.ui.wantsToTalkToAny') : '',
                  c.afterHours ? t('alerts.ui.afterHours') : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </Box>
      <Box>
        <Typography component="h3" variant="subtitle2">
          {t('alerts.ui.reached')}
        </Typography>
        <Typography variant="body2">
          {alert.recipients.map((r) => `${r.name} (${r.tier > 0 ? t('alerts.ui.tier', { tier: r.tier }) : t(`alerts.ui.reason.${r.reason}`)})`).join(', ') ||
            t('alerts.ui.waiting')}
        </Typography>
      </Box>
      <Box>
        <Typography component="h3" variant="subtitle2">
          {t('alerts.ui.trail')}
        </Typography>
        {alert.actions.length === 0 ? (
          <Typography variant="body2">{t('alerts.ui.noAction')}</Typography>
        ) : (
          <List dense disablePadding data-testid="alert-trail">
            {alert.actions.map((a) => (
              <ListItem
                key={a.id}
                disableGutters
                secondaryAction={
                  onCorrect && a.actor?.id === me && !a.correctedBy && a.action !== 'reopened' ? (
                    <Button size="small" onClick={() => onCorrect(a.id)}>
                      {t('alerts.ui.correct')}
                    </Button>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={`${a.actor?.name ?? t('alerts.ui.formerAdult')}: ${a.corrects ? `${t('alerts.ui.correction')} ` : ''}${t(`alerts.ui.trailAction.${a.action}`)}${a.closed ? ` · ${t('alerts.ui.closed')}` : ''}`}
                  secondary={[showDateTime(a.at), a.note, a.correctedBy ? t('alerts.ui.corrected') : ''].filter(Boolean).join(' · ')}
                  slotProps={{ primary: { sx: a.correctedBy ? { textDecoration: 'line-through' } : {} } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}

/** One alert with its trail and the form an adult answers it with (what they did, close or keep open). */
export function AlertDialog({ alertId, onClose }: { alertId: string | null; onClose: () => void }) {
  const { t } = useTranslation('classroom');
  const errorText = useErrorText();
  const notify = useNotify();
  const alert = useAlert(alertId);
  const act = useAlertAction(alertId ?? '');
  const correct = useAlertCorrection(alertId ?? '');
  const reopen = useAlertReopen(alertId ?? '');
  const [correcting, setCorrecting] = useState<string | null>(null);
  // Nothing is pre-selected and closing is unticked: a Record click claims only what the adult chose.
  const form = useContractForm(AlertActionBodySchema, { defaultValues: { note: '', close: false } });
  const action = useWatch({ control: form.control, name: 'action' });
  const done = () => {
    notify('success', t('alerts.ui.recorded'));
    form.reset({ note: '', close: false });
    setCorrecting(null);
  };
  const submit = form.handleSubmit((body) =>
    correcting
      ? correct.mutate({ actionId: correcting, body: { action: body.action, note: body.note } }, { onSuccess: done })
      : act.mutate(body, { onSuccess: done }),
  );
  const failed = act.error ?? correct.error ?? reopen.error;
  const data = alert.data;
  return (
    <Dialog open={!!alertId} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="alert-dialog-title">
      <DialogTitle id="alert-dialog-title">{data ? t('alerts.ui.titleFor', { name: data.studentName }) : t('alerts.ui.title')}</DialogTitle>
      <DialogContent dividers>
        {alert.error && <Alert severity="error">{errorText(alert.error)}</Alert>}
        {data && (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="body2">
              {t('alerts.ui.opened', { at: showDateTime(data.openedAt) })}
              {data.escalated ? ` · ${t('alerts.ui.escalated')}` : ''}
              {data.waitingUntil ? ` · ${t('alerts.ui.waitingUntil', { at: showDateTime(data.waitingUntil) })}` : ''}
            </Typography>
            <AlertTrail alert={data} onCorrect={setCorrecting} />
            {!data.open && !correcting && (
              <Button
                variant="outlined"
                disabled={reopen.isPending}
                onClick={() => reopen.mutate({ note: '' }, { onSuccess: () => notify('success', t('alerts.ui.reopened')) })}
              >
                {t('alerts.ui.reopen')}
              </Button>
            )}
            {(data.open || correcting) && (
              <Box component="form" noValidate onSubmit={(ev) => void submit(ev)} sx={{ display: 'grid', gap: 1 }}>
                <Controller
                  control={form.control}
                  name="action"
                  render={({ field, fieldState }) => (
                    <FormControl error={!!fieldState.error}>
                      <FormLabel id="alert-action-label">{correcting ? t('alerts.ui.whatReallyHappened') : t('alerts.ui.whatDidYouDo')}</FormLabel>
                      <RadioGroup
                        aria-labelledby="alert-action-label"
                        name={field.name}
                        value={field.value ?? ''}
                        onChange={(ev) => field.onChange(ev.target.value)}
                      >
                        {AlertFormActionSchema.options.map((a) => (
                          <FormControlLabel key={a} value={a} control={<Radio />} label={t(`alerts.ui.action.${a}`)} />
                        ))}
                      </RadioGroup>
                      {fieldState.error && <FormHelperText role="alert">{t('alerts.ui.chooseAction')}</FormHelperText>}
                    </FormControl>
                  )}
                />
                <FormTextField
                  control={form.control}
                  name="note"
                  area="classroom"
                  messages={{ note_required: 'classroom:alerts.ui.noteRequired' }}
                  label={t('alerts.ui.note')}
                  multiline
                  minRows={2}
                  required={action === 'other'}
                  slotProps={{ htmlInput: { maxLength: ALERT_LIMITS.noteMax } }}
                />
                {!correcting && <FormCheckbox control={form.control} name="close" label={t('alerts.ui.closeIt')} />}
                {failed && <Alert severity="error">{errorText(failed)}</Alert>}
                <Button type="submit" variant="contained" disabled={act.isPending || correct.isPending}>
                  {correcting ? t('alerts.ui.recordCorrection') : t('alerts.ui.record')}
                </Button>
                {correcting && <Button onClick={() => setCorrecting(null)}>{t('common:confirm.cancel')}</Button>}
              </Box>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('alerts.ui.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}
