import { adminApi, ConfigUrlsSchema, isKnownTimeZone, formatDate, formatDateTime, TriggerTimeSchema, type ConfigurationUpdate, type ConfigUrls, type SchoolConfiguration as Configuration } from '@high5/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { TimeField } from '@mui/x-date-pickers/TimeField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format, isValid, parse } from 'date-fns';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { meKey } from '../../../app/session';
import { DatePickersProvider } from '../../../components/ui/date-range-picker';
import { EmailText } from '../../../components/ui/email-text';
import { useNotify } from '../../../components/ui/notifications';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { configurationQuery } from '../api';
import { MoodMessagesDialog } from './mood-messages-dialog';
import { TimeZonePicker } from '../components/time-zone-picker';
import { Section } from './section';

/** The school configuration (spec 003 section 2.11). Each block saves on its own. */
export function SchoolConfiguration() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const config = useQuery(configurationQuery);
  if (config.isError) return <Alert severity="error">{errorText(config.error)}</Alert>;
  if (!config.data) return <Skeleton variant="rounded" height={480} aria-label={t('common:loading')} />;
  return (
    <Box>
      <MoodReportBlock config={config.data} />
      <MoodPromptBlock config={config.data} />
      <SwitchesBlock config={config.data} />
      <UrlsBlock config={config.data} />
    </Box>
  );
}

/** Saves part of the configuration and refreshes the cached copy. */
function useUpdate(success: string) {
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ConfigurationUpdate) => api(adminApi.updateConfiguration, { body: update }),
    onSuccess: (data, update) => {
      queryClient.setQueryData(configurationQuery.queryKey, data);
      // The sidebar offers "received" screens only when the school shows them.
      if (update.high5Vibes !== undefined) void queryClient.invalidateQueries({ queryKey: meKey });
      notify('success', success);
    },
    onError: (error) => notify('error', errorText(error)),
  });
}

function MoodReportBlock({ config }: { config: Configuration }) {
  const { t, i18n } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  // The manual send is not the daily report: say when it went, under the daily report's line.
  const [sentAt, setSentAt] = useState<{ at: Date; count: number } | null>(null);
  const [time, setTime] = useState(config.triggerTime);
  const [timeZone, setTimeZone] = useState(config.timeZone);
  useEffect(() => {
    setTime(config.triggerTime);
    setTimeZone(config.timeZone);
  }, [config.triggerTime, config.timeZone]);

  const emails = useMutation({
    mutationFn: (change: { add?: string[]; remove?: string[] }) => api(adminApi.updateNotificationEmails, { body: change }),
    onSuccess: (list, change) => {
      queryClient.setQueryData(configurationQuery.queryKey, (old: Configuration | undefined) => (old ? { ...old, notificationEmails: list } : old));
      notify('success', t(change.add ? 'config.emailAdded' : 'config.emailRemoved'));
      setAdding(false);
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const update = useUpdate(t('config.timeSaved'));
  const send = useMutation({
    mutationFn: () => api(adminApi.sendMoodReport, { body: {} }),
    onSuccess: (result) => {
      setSentAt({ at: new Date(), count: result.recipients });
      notify('success', t('config.emailSent'));
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const timeOk = TriggerTimeSchema.safeParse(time).success;
  const zoneOk = isKnownTimeZone(timeZone);

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
        <List dense aria-label={t('config.emails')} sx={{ maxWidth: 560 }}>
          {config.notificationEmails.map((email) => (
            <ListItem
              key={email}
              divider
              secondaryAction={
                <IconButton edge="end" aria-label={t('config.removeEmail', { email })} onClick={() => emails.mutate({ remove: [email] })} disabled={emails.isPending}>
                  <DeleteOutlinedIcon />
                </IconButton>
              }
            >
              <ListItemText primary={<EmailText email={email} />} slotProps={{ primary: { sx: { overflowWrap: 'break-word' } } }} />
            </ListItem>
          ))}
        </List>
      )}
      <Button startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ mt: 1 }}>
        {t('config.addEmail')}
      </Button>

      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 3, mb: 1.5 }}>
        {t('config.triggerTitle')}
      </Typography>
      <Box
        component="form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (timeOk && zoneOk) update.mutate({ triggerTime: time, timeZone });
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
      >
        <TriggerTimeField value={time} onChange={setTime} />
        <Box sx={{ width: { xs: '100%', sm: 340 } }}>
          <TimeZonePicker value={timeZone} onChange={setTimeZone} size="small" />
        </Box>
        <Button type="submit" variant="contained" disabled={!timeOk || !zoneOk || update.isPending || (time === config.triggerTime && timeZone === config.timeZone)} sx={{ minHeight: 40 }}>
          {t('actions.update')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {config.lastMoodReportSentOn ? t('config.lastSent', { date: formatDate(config.lastMoodReportSentOn, i18n.language) }) : t('config.neverSent')}
      </Typography>
      {sentAt && (
        <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
          {t('config.sentNow', { count: sentAt.count, when: formatDateTime(sentAt.at, i18n.language) })}
        </Typography>
      )}

      <Box sx={{ mt: 3 }}>
        <Button variant="outlined" startIcon={<SendIcon />} onClick={() => send.mutate()} disabled={send.isPending}>
          {t('config.generate')}
        </Button>
      </Box>
      <AddEmailDialog open={adding} busy={emails.isPending} existing={config.notificationEmails} onAdd={(email) => emails.mutate({ add: [email] })} onClose={() => setAdding(false)} />
    </Section>
  );
}

/** 24-hour `HH:mm` (spec 003 section 5). */
function TriggerTimeField({ value, onChange }: { value: string; onChange: (time: string) => void }) {
  const { t } = useTranslation('admin');
  const date = parse(value, 'HH:mm', new Date());
  return (
    <DatePickersProvider>
      <TimeField
        label={t('config.triggerTime')}
        value={isValid(date) ? date : null}
        onChange={(next) => onChange(next && isValid(next) ? format(next, 'HH:mm') : '')}
        format="HH:mm"
        ampm={false}
        size="small"
        helperText={t('config.triggerHelp')}
        sx={{ width: { xs: '100%', sm: 160 } }}
      />
    </DatePickersProvider>
  );
}

function AddEmailDialog({ open, busy, existing, onAdd, onClose }: { open: boolean; busy: boolean; existing: string[]; onAdd: (email: string) => void; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<false | 'invalid' | 'duplicate'>(false);
  useEffect(() => {
    if (open) {
      setEmail('');
      setError(false);
    }
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      setError('invalid');
      return;
    }
    if (existing.includes(value.toLowerCase())) {
      setError('duplicate');
      return;
    }
    onAdd(value);
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('config.addEmailTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('config.email')}
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(false);
            }}
            error={!!error}
            helperText={error === 'duplicate' ? t('config.emailExists') : error ? t('invite.emailInvalid') : ' '}
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

function MoodPromptBlock({ config }: { config: Configuration }) {
  const { t } = useTranslation('admin');
  const update = useUpdate(t('config.saved'));
  const [editing, setEditing] = useState(false);
  return (
    <Section title={t('config.moodTitle')} help={t('config.moodHelp')}>
      <FormControlLabel
        control={<Switch checked={config.promptMoodmeter} onChange={(e) => update.mutate({ promptMoodmeter: e.target.checked })} disabled={update.isPending} />}
        label={config.promptMoodmeter ? t('config.promptOn') : t('config.promptOff')}
      />
      <Box sx={{ mt: 1.5 }}>
        <Button variant="outlined" onClick={() => setEditing(true)}>
          {t('config.editMessages')}
        </Button>
      </Box>
      {editing && <MoodMessagesDialog config={config} onClose={() => setEditing(false)} />}
    </Section>
  );
}

function SwitchesBlock({ config }: { config: Configuration }) {
  const { t } = useTranslation('admin');
  const update = useUpdate(t('config.saved'));
  return (
    <Section title={t('config.high5Title')}>
      <Stack spacing={1.5}>
        <Box>
          <FormControlLabel control={<Switch checked={config.high5Vibes} onChange={(e) => update.mutate({ high5Vibes: e.target.checked })} disabled={update.isPending} />} label={t('config.high5Vibes')} />
          <Typography variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
            {t('config.high5VibesHelp')}
          </Typography>
        </Box>
        <Box>
          <FormControlLabel control={<Switch checked={config.high5NotifyEmail} onChange={(e) => update.mutate({ high5NotifyEmail: e.target.checked })} disabled={update.isPending} />} label={t('config.high5NotifyEmail')} />
          <Typography variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
            {t('config.high5NotifyEmailHelp')}
          </Typography>
        </Box>
      </Stack>
    </Section>
  );
}

const URL_FIELDS = ['programIep', 'program504', 'language', 'studentDocument'] as const;

function UrlsBlock({ config }: { config: Configuration }) {
  const { t } = useTranslation('admin');
  const update = useUpdate(t('config.urlsSaved'));
  const [urls, setUrls] = useState<ConfigUrls>(config.urls);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  useEffect(() => setUrls(config.urls), [config.urls]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ConfigUrlsSchema.safeParse(urls);
    if (!parsed.success) {
      setInvalid(new Set(parsed.error.issues.map((i) => String(i.path[0]))));
      return;
    }
    setInvalid(new Set());
    update.mutate({ urls: parsed.data });
  };
  const changed = URL_FIELDS.some((f) => urls[f] !== config.urls[f]);
  return (
    <Section title={t('config.urlsTitle')} help={t('config.urlsHelp')}>
      <Alert severity={config.paid ? 'info' : 'warning'} sx={{ mb: 2 }}>
        {t(config.paid ? 'config.urlsWherePaid' : 'config.urlsWhereFree')}
      </Alert>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5 }}>
        {URL_FIELDS.map((name) => (
          <TextField
            key={name}
            label={t(`config.urls.${name}`)}
            value={urls[name]}
            type="url"
            placeholder="https://"
            onChange={(e) => {
              setUrls((u) => ({ ...u, [name]: e.target.value }));
              setInvalid((s) => {
                const next = new Set(s);
                next.delete(name);
                return next;
              });
            }}
            error={invalid.has(name)}
            helperText={invalid.has(name) ? t('config.urlInvalid') : ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            size="small"
            fullWidth
          />
        ))}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" disabled={!changed || update.isPending}>
            {t('actions.update')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}
