import { type SchoolConfiguration as Configuration } from '@high5/contract';
import AddIcon from '@mui/icons-material/Add';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { TimeField } from '@mui/x-date-pickers/TimeField';
import { format, isValid, parse } from 'date-fns';
import { useEffect, useId, useState } from 'react';
import { Controller, useController, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { DatePickersProvider } from '../../../components/ui/date-range-picker';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText, useFieldErrorText } from '../../../lib/use-error-text';
import { TimeZonePicker } from '../components/time-zone-picker';
import { FIELD_MESSAGES } from '../lib/form-messages';
import { useNotificationEmails, useSendMoodReport, useUpdateConfiguration } from './api';
import { notificationEmailFormSchema, triggerFormSchema } from './configuration-forms';
import { NotificationEmailList } from './notification-email-list';
import { Section } from './section';
import { showDate, showDateTime } from '../../../lib/dates';

/** The daily mood meter report: its recipients, when it is sent, and a manual send. */
export function MoodReportBlock({ config }: { config: Configuration }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const [adding, setAdding] = useState(false);
  // The manual send is not the daily report: say when it went, under the daily report's line.
  const [sentAt, setSentAt] = useState<{ at: Date; count: number } | null>(null);
  const emails = useNotificationEmails();
  const send = useSendMoodReport();
  const change = (update: { add?: string[]; remove?: string[] }) =>
    emails.mutate(update, {
      onSuccess: () => {
        notify('success', t(update.add ? 'config.emailAdded' : 'config.emailRemoved'));
        setAdding(false);
      },
      onError: (error) => notify('error', errorText(error)),
    });

  return (
    <Section title={t('config.moodReportTitle')} help={t('config.moodReportHelp')}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('config.emails')}
      </Typography>
      {config.notificationEmails.length === 0 ? (
        <Typography color="text.secondary" sx={{ my: 1 }}>
          {t('config.noEmails')}
        </Typography>
      ) : (
        <NotificationEmailList states={config.notificationEmailStates} busy={emails.isPending} onRemove={(email) => change({ remove: [email] })} />
      )}
      <Button startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ mt: 1 }}>
        {t('config.addEmail')}
      </Button>

      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 3, mb: 1.5 }}>
        {t('config.triggerTitle')}
      </Typography>
      <TriggerForm config={config} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {config.lastMoodReportSentOn ? t('config.lastSent', { date: showDate(config.lastMoodReportSentOn) }) : t('config.neverSent')}
      </Typography>
      {config.moodReportHeldOn && (
        <Alert severity="warning" sx={{ mt: 1, maxWidth: 560 }}>
          {t('config.heldUnconfirmed', { date: showDate(config.moodReportHeldOn) })}
        </Alert>
      )}
      {sentAt && (
        <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
          {t('config.sentNow', { count: sentAt.count, when: showDateTime(sentAt.at) })}
        </Typography>
      )}

      <Box sx={{ mt: 3 }}>
        <Button
          variant="outlined"
          startIcon={<SendIcon />}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: (result) => {
                setSentAt({ at: new Date(), count: result.recipients });
                notify('success', t('config.emailSent'));
              },
              onError: (error) => notify('error', errorText(error)),
            })
          }
          disabled={send.isPending}
        >
          {t('config.generate')}
        </Button>
      </Box>
      <AddEmailDialog
        open={adding}
        busy={emails.isPending}
        existing={config.notificationEmails}
        onAdd={(email) => change({ add: [email] })}
        onClose={() => setAdding(false)}
      />
    </Section>
  );
}

/** The send time (24-hour) and the time zone; Update once either differs from the saved ones. */
function TriggerForm({ config }: { config: Configuration }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  // `values` follows the saved configuration, so a save (or another tab's) leaves the form clean.
  const form = useContractForm(triggerFormSchema, { values: { triggerTime: config.triggerTime, timeZone: config.timeZone } });
  const update = useUpdateConfiguration();
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => notify('success', t('config.timeSaved')),
      onError: (error) => notify('error', errorText(error)),
    }),
  );
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      <TriggerTimeField control={form.control} />
      <Box sx={{ width: { xs: '100%', sm: 340 } }}>
        <Controller
          control={form.control}
          name="timeZone"
          render={({ field }) => <TimeZonePicker value={field.value} onChange={field.onChange} size="small" />}
        />
      </Box>
      <Button type="submit" variant="contained" disabled={!form.formState.isDirty || update.isPending} sx={{ minHeight: 40 }}>
        {t('actions.update')}
      </Button>
    </Box>
  );
}

/** 24-hour `HH:mm` (docs/rules/administration.md#school-configuration); an unfinished time is '' and fails the contract's rule. */
function TriggerTimeField({ control }: { control: Control<z.input<typeof triggerFormSchema>, unknown, z.output<typeof triggerFormSchema>> }) {
  const { t } = useTranslation('admin');
  const errorText = useFieldErrorText('admin');
  const { field, fieldState } = useController({ control, name: 'triggerTime' });
  const date = parse(field.value, 'HH:mm', new Date());
  return (
    <DatePickersProvider>
      <TimeField
        label={t('config.triggerTime')}
        value={isValid(date) ? date : null}
        onChange={(next) => field.onChange(next && isValid(next) ? format(next, 'HH:mm') : '')}
        onBlur={field.onBlur}
        inputRef={field.ref}
        format="HH:mm"
        ampm={false}
        size="small"
        error={!!fieldState.error}
        helperText={errorText(fieldState.error?.message) ?? t('config.triggerHelp')}
        sx={{ width: { xs: '100%', sm: 160 } }}
      />
    </DatePickersProvider>
  );
}

function AddEmailDialog({
  open,
  busy,
  existing,
  onAdd,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  existing: string[];
  onAdd: (email: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const form = useContractForm(notificationEmailFormSchema, { defaultValues: { email: '' } });
  const email = useWatch({ control: form.control, name: 'email' });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ email: '' });
  }, [open, reset]);
  const submit = form.handleSubmit((values) => {
    // Only this screen knows the list; the server would just keep the address once.
    if (existing.includes(values.email)) form.setError('email', { message: 'admin:config.emailExists' }, { shouldFocus: true });
    else onAdd(values.email);
  });
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('config.addEmailTitle')}</DialogTitle>
        <DialogContent>
          <FormTextField
            control={form.control}
            name="email"
            area="admin"
            messages={FIELD_MESSAGES}
            label={t('config.email')}
            type="email"
            helperText=" "
            autoFocus
            fullWidth
            required
            slotProps={{ htmlInput: { maxLength: 254 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !email.trim()}>
            {t('actions.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
