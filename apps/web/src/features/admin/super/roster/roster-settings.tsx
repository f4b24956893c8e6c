import { isIsoDate, type RosterSettings } from '@high5/contract';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../../components/form/contract-form';
import { FormSwitch } from '../../../../components/form/form-switch';
import { FormTextField } from '../../../../components/form/form-text-field';
import { useSaveOutcome } from '../../../../components/form/save-outcome';
import { DateField } from '../../../../components/ui/date-field';
import { useFieldErrorText } from '../../../../lib/use-error-text';
import { TimeZonePicker } from '../../components/time-zone-picker';
import { rosterSettingsFormSchema } from '../forms';
import { useSaveRosterSettings } from './api';

/**
 * A district's roster settings: test mode (on by default: runs only preview), the nightly sync's
 * time and zone, the summer pause and the hold threshold. Saved together.
 */
export function RosterSettingsForm({ districtId, settings }: { districtId: string; settings: RosterSettings }) {
  const { t } = useTranslation('admin');
  const sis = settings.kind === 'aeries' || settings.kind === 'clever';
  const form = useContractForm(rosterSettingsFormSchema, {
    mode: 'onChange',
    defaultValues: {
      testMode: settings.testMode,
      syncTime: settings.syncTime,
      timeZone: settings.timeZone,
      holdPercent: String(settings.holdPercent),
      pauseFrom: settings.summerPauseFrom ?? '',
      pauseUntil: settings.summerPauseUntil ?? '',
      iepColumn: settings.flagColumns.iep ?? '',
      plan504Column: settings.flagColumns.plan504 ?? '',
      englishLearnerColumn: settings.flagColumns.englishLearner ?? '',
    },
  });
  const from = useWatch({ control: form.control, name: 'pauseFrom' });
  const save = useSaveRosterSettings(districtId);
  const outcome = useSaveOutcome(form, 'admin');
  const submit = form.handleSubmit((body) => save.mutate(body, outcome({ saved: () => t('roster.settingsSaved') })));
  const fieldText = useFieldErrorText('admin');
  const pauseDate = (name: 'pauseFrom' | 'pauseUntil') => (
    <Controller
      control={form.control}
      name={name}
      // Both dates or neither, From not after Until: a change of From checks Until again.
      rules={{ deps: name === 'pauseFrom' ? ['pauseUntil'] : [] }}
      render={({ field, fieldState }) => (
        <DateField
          label={t(name === 'pauseFrom' ? 'roster.pauseFrom' : 'roster.pauseUntil')}
          name={field.name}
          value={field.value}
          onChange={(date) => field.onChange(date ?? 'invalid')}
          onBlur={field.onBlur}
          clearable
          {...(name === 'pauseUntil' && isIsoDate(from) ? { minDate: from } : {})}
          error={!!fieldState.error}
          helperText={fieldText(fieldState.error?.message)}
          sx={{ minWidth: 200, flex: '1 1 200px' }}
        />
      )}
    />
  );
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('roster.settingsTitle')}>
      <Stack spacing={2}>
        <Typography variant="body2">
          {t('roster.source')}: <strong>{sis ? t(`district.${settings.kind}`) : t('roster.sourceOneRoster')}</strong>
        </Typography>
        <FormSwitch control={form.control} name="testMode" label={t('roster.testMode')} />
        {sis && (
          <>
            <FormTextField
              control={form.control}
              name="syncTime"
              area="admin"
              messages={{ invalid_time: 'admin:roster.syncTimeInvalid' }}
              type="time"
              label={t('roster.syncTime')}
              helperText=" "
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
              // Wide enough for the whole Spanish label ("Hora de la sincronización nocturna").
              sx={{ width: '100%', maxWidth: 340 }}
            />
            <Controller control={form.control} name="timeZone" render={({ field }) => <TimeZonePicker value={field.value} onChange={field.onChange} />} />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="body2" sx={{ fontWeight: 700, mb: 1 }}>
                {t('roster.summerPause')}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
                {pauseDate('pauseFrom')}
                {pauseDate('pauseUntil')}
              </Box>
            </Box>
          </>
        )}
        <FormTextField
          control={form.control}
          name="holdPercent"
          area="admin"
          messages={HOLD_MESSAGES}
          parse={(typed) => typed.trim()}
          label={t('roster.holdPercent')}
          helperText={t('roster.holdHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          sx={{ maxWidth: 420 }}
        />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
            {t('roster.flagColumnsTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('roster.flagColumnsHelp')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {FLAG_FIELDS.map(([name, flag]) => (
              <FormTextField
                key={name}
                control={form.control}
                name={name}
                area="admin"
                messages={{ invalid_metadata_column: 'admin:roster.flagColumnInvalid' }}
                label={t(`roster.flagColumn.${flag}`)}
                helperText=" "
                placeholder="metadata.…"
                slotProps={{ htmlInput: { maxLength: 80, spellCheck: false, autoCapitalize: 'off' } }}
                sx={{ minWidth: 200, flex: '1 1 200px' }}
              />
            ))}
          </Box>
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('actions.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

const FLAG_FIELDS = [
  ['iepColumn', 'iep'],
  ['plan504Column', 'plan504'],
  ['englishLearnerColumn', 'englishLearner'],
] as const;

/** Whatever is wrong with the threshold, one sentence says what it takes. */
const HOLD_MESSAGES = Object.fromEntries(['required', 'too_small', 'too_big', 'invalid'].map((kind) => [`errors:field.${kind}`, 'admin:roster.holdInvalid']));
