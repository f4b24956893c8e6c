import { ConfigUrlsSchema, type ConfigurationUpdate, type SchoolConfiguration as Configuration } from '@high5/contract';
import { Alert, Box, Button, FormControlLabel, Skeleton, Stack, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { useConfiguration } from '../api';
import { useUpdateConfiguration } from './api';
import { notYetFormSchema } from './configuration-forms';
import { DataSettingsBlock } from './data-settings-block';
import { MoodMessagesDialog } from './mood-messages-dialog';
import { MoodReportBlock } from './mood-report-block';
import { Section } from './section';

/** The school configuration (docs/rules/administration.md#school-configuration). Each block saves on its own. */
export function SchoolConfiguration() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const config = useConfiguration();
  if (config.isError) return <Alert severity="error">{errorText(config.error)}</Alert>;
  if (!config.data) return <Skeleton variant="rounded" height={480} aria-label={t('common:loading')} />;
  return (
    <Box>
      <MoodReportBlock config={config.data} />
      <MoodPromptBlock config={config.data} />
      <SwitchesBlock config={config.data} />
      <UrlsBlock config={config.data} />
      <NotYetBlock config={config.data} />
      <DataSettingsBlock />
    </Box>
  );
}

/** Saves part of the configuration, saying so (or what went wrong). */
function useUpdate(success: string) {
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const update = useUpdateConfiguration();
  return {
    isPending: update.isPending,
    mutate: (change: ConfigurationUpdate) =>
      update.mutate(change, { onSuccess: () => notify('success', success), onError: (error) => notify('error', errorText(error)) }),
  };
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
          <FormControlLabel
            control={<Switch checked={config.high5Vibes} onChange={(e) => update.mutate({ high5Vibes: e.target.checked })} disabled={update.isPending} />}
            label={t('config.high5Vibes')}
          />
          <Typography variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
            {t('config.high5VibesHelp')}
          </Typography>
        </Box>
        <Box>
          <FormControlLabel
            control={
              <Switch checked={config.high5NotifyEmail} onChange={(e) => update.mutate({ high5NotifyEmail: e.target.checked })} disabled={update.isPending} />
            }
            label={t('config.high5NotifyEmail')}
          />
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
  // `values` follows the saved links, so a save leaves the form clean (Update off until the next edit).
  const form = useContractForm(ConfigUrlsSchema, { values: config.urls });
  const submit = form.handleSubmit((urls) => update.mutate({ urls }));
  return (
    <Section title={t('config.urlsTitle')} help={t('config.urlsHelp')}>
      <Alert severity={config.paid ? 'info' : 'warning'} sx={{ mb: 2 }}>
        {t(config.paid ? 'config.urlsWherePaid' : 'config.urlsWhereFree')}
      </Alert>
      <Box
        component="form"
        onSubmit={(event) => void submit(event)}
        noValidate
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5 }}
      >
        {URL_FIELDS.map((name) => (
          <FormTextField
            key={name}
            control={form.control}
            name={name}
            area="admin"
            label={t(`config.urls.${name}`)}
            type="url"
            placeholder="https://"
            helperText=" "
            slotProps={{ htmlInput: { maxLength: 500 } }}
            size="small"
            fullWidth
          />
        ))}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" disabled={!form.formState.isDirty || update.isPending}>
            {t('actions.update')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}

/** How far back teachers' "not yet" lists look, in school days (docs/decisions/0565). */
function NotYetBlock({ config }: { config: Configuration }) {
  const { t } = useTranslation('admin');
  const update = useUpdate(t('configuration.notYet.saved'));
  const form = useContractForm(notYetFormSchema, { values: { notYetDays: config.notYetDays } });
  const submit = form.handleSubmit(({ notYetDays }) => update.mutate({ notYetDays }));
  return (
    <Section title={t('configuration.notYet.title')}>
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <FormTextField
          control={form.control}
          name="notYetDays"
          area="admin"
          label={t('configuration.notYet.days')}
          helperText={t('configuration.notYet.help')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
          size="small"
          sx={{ maxWidth: 420, width: '100%' }}
        />
        <Button type="submit" variant="contained" disabled={!form.formState.isDirty || update.isPending}>
          {t('actions.update')}
        </Button>
      </Box>
    </Section>
  );
}
