import { ALERT_LIMITS, DEFAULT_AFTER_HOURS_MESSAGE, MOODS, type AlertAdult, type AlertSettings } from '@high5/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Controller, get, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormSwitch } from '../../../components/form/form-switch';
import { FormTextField } from '../../../components/form/form-text-field';
import { useSaveOutcome } from '../../../components/form/save-outcome';
import { useErrorText } from '../../../lib/use-error-text';
import { useAlertAdults, useAlertSettings } from '../api';
import { Section } from '../settings/section';
import { FeelingsField } from '../components/feelings-field';
import { AdultsPicker } from './adults-picker';
import { useSaveAlertSettings } from './api';
import { alertErrorKey, alertSettingsFormSchema, toForm, type AlertSettingsForm } from './settings-form';

const LOW_MOODS = MOODS.filter((m) => m.low).map((m) => m.key);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** A weekday's name in `language` (ISO 1 = Monday; 2024-01-01 was a Monday). */
const weekdayName = (day: number, language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, day)));

/**
 * The school's well-being alert settings (decision 0461): what raises an alert, who gets
 * the first notice, the escalation chain, school hours, the after-hours message and consent.
 * Checked with the contract's schema before it is sent; saved as a whole.
 */
export function AlertSettingsEditor() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const settings = useAlertSettings();
  const adults = useAlertAdults();
  if (settings.isError || adults.isError) return <Alert severity="error">{errorText(settings.error ?? adults.error)}</Alert>;
  if (!settings.data || !adults.data) return <Skeleton variant="rounded" height={480} aria-label={t('common:loading')} />;
  return <SettingsForm saved={settings.data} adults={adults.data} />;
}

function SettingsForm({ saved, adults }: { saved: AlertSettings; adults: AlertAdult[] }) {
  const { t, i18n } = useTranslation('admin');
  // `values` follows the saved settings, so a save leaves the form as saved.
  const form = useContractForm(alertSettingsFormSchema, { values: toForm(saved) });
  const { control } = form;
  const errors: FieldErrors<AlertSettingsForm> = form.formState.errors;
  const save = useSaveAlertSettings();
  /** A field's error in words (`escalationTiers.0` for a tier), or undefined. */
  const message = (path: string) => {
    const error = get(errors, path) as { message?: string } | undefined;
    return error?.message === undefined
      ? undefined
      : t(`alerts.errors.${alertErrorKey(path, error.message)}`, { min: ALERT_LIMITS.escalationMinutesMin, max: ALERT_LIMITS.escalationMinutesMax });
  };
  const outcome = useSaveOutcome(form, 'admin');
  const submit = form.handleSubmit((settings) => save.mutate(settings, outcome({ saved: () => t('alerts.saved') })));
  const feeling = (key: string) => `${MOODS.find((m) => m.key === key)?.emoji ?? ''} ${t(`moods.${key}`, { defaultValue: key })}`;
  const toggle = (
    key:
      'alertOnNotToday' | 'notifyTrustedAdults' | 'notifyClassTeachers' | 'notifyCounsellors' | 'notifyAfterHours' | 'requireMoodConsent' | 'parentsSeeMoods',
    help?: string,
  ) => (
    <Box>
      <FormSwitch control={control} name={key} label={t(`alerts.fields.${key}`)} />
      {help && (
        <Typography variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
          {help}
        </Typography>
      )}
    </Box>
  );
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('alerts.formLabel')}>
      <Section title={t('alerts.raiseTitle')} help={t('alerts.raiseHelp')}>
        <Stack spacing={2}>
          {toggle('alertOnNotToday')}
          <FeelingsField
            control={control}
            name="alertMoods"
            options={LOW_MOODS}
            optionLabel={feeling}
            label={t('alerts.fields.alertMoods')}
            helperText={t('alerts.alertMoodsHelp')}
            sx={{ maxWidth: 640 }}
          />
        </Stack>
      </Section>

      <Section title={t('alerts.whoTitle')} help={t('alerts.whoHelp')}>
        <Stack spacing={1.5}>
          {toggle('notifyTrustedAdults')}
          {toggle('notifyClassTeachers')}
          {toggle('notifyCounsellors')}
          <Controller
            control={control}
            name="counsellorIds"
            render={({ field }) => (
              <AdultsPicker
                adults={adults}
                value={field.value}
                onChange={field.onChange}
                label={t('alerts.fields.counsellorIds')}
                error={message('counsellorIds')}
                helperText={t('alerts.counsellorsHelp')}
              />
            )}
          />
        </Stack>
      </Section>

      <Section title={t('alerts.escalationTitle')} help={t('alerts.escalationHelp')}>
        <Controller
          control={control}
          name="escalationMinutes"
          render={({ field }) => (
            <TextField
              label={t('alerts.fields.escalationMinutes')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              size="small"
              error={!!errors.escalationMinutes}
              helperText={
                message('escalationMinutes') ?? t('alerts.minutesHelp', { min: ALERT_LIMITS.escalationMinutesMin, max: ALERT_LIMITS.escalationMinutesMax })
              }
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
              sx={{ width: { xs: '100%', sm: 320 }, mb: 2 }}
            />
          )}
        />
        <Controller
          control={control}
          name="escalationTiers"
          render={({ field: { value: tiers, onChange } }) => (
            <>
              {tiers.length === 0 && (
                <Typography variant="body2" sx={{ mb: 1.5 }}>
                  {t('alerts.noTiers')}
                </Typography>
              )}
              <Stack spacing={1}>
                {tiers.map((tier, index) => (
                  <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                    <AdultsPicker
                      adults={adults}
                      value={tier}
                      onChange={(ids) => onChange(tiers.map((old, i) => (i === index ? ids : old)))}
                      label={t('alerts.tier', { tier: index + 1 })}
                      error={message(`escalationTiers.${index}`)}
                    />
                    <IconButton
                      aria-label={t('alerts.removeTier', { tier: index + 1 })}
                      onClick={() => onChange(tiers.filter((_, i) => i !== index))}
                      sx={{ mt: 0.25 }}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  </Box>
                ))}
              </Stack>
              <Button startIcon={<AddIcon />} onClick={() => onChange([...tiers, []])} disabled={tiers.length >= ALERT_LIMITS.tiersMax}>
                {t('alerts.addTier')}
              </Button>
            </>
          )}
        />
      </Section>

      <Section title={t('alerts.hoursTitle')} help={t('alerts.hoursHelp')}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 1 }}>
          {(['schoolDayStart', 'schoolDayEnd'] as const).map((key) => (
            <Controller
              key={key}
              control={control}
              name={key}
              render={({ field }) => (
                <TextField
                  label={t(`alerts.fields.${key}`)}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  placeholder="08:00"
                  size="small"
                  error={!!errors[key]}
                  helperText={message(key) ?? t('alerts.timeHelp')}
                  slotProps={{ htmlInput: { maxLength: 5 } }}
                  sx={{ width: { xs: '100%', sm: 220 } }}
                />
              )}
            />
          ))}
        </Box>
        <Controller
          control={control}
          name="schoolDays"
          render={({ field: { value: days, onChange } }) => (
            <FormControl component="fieldset" error={!!errors.schoolDays} sx={{ mb: 1.5 }}>
              <FormLabel component="legend">{t('alerts.fields.schoolDays')}</FormLabel>
              <FormGroup row>
                {WEEKDAYS.map((day) => (
                  <FormControlLabel
                    key={day}
                    control={
                      <Checkbox
                        checked={days.includes(day)}
                        onChange={(e) => onChange(e.target.checked ? [...days, day].sort((a, b) => a - b) : days.filter((d) => d !== day))}
                      />
                    }
                    label={weekdayName(day, i18n.language)}
                  />
                ))}
              </FormGroup>
              {errors.schoolDays && <FormHelperText>{message('schoolDays')}</FormHelperText>}
            </FormControl>
          )}
        />
        {toggle('notifyAfterHours', t('alerts.notifyAfterHoursHelp'))}
      </Section>

      <Section title={t('alerts.messageTitle')} help={t('alerts.messageHelp')}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          {(['en', 'es'] as const).map((lang) => (
            <Box key={lang}>
              <FormTextField
                control={control}
                name={`afterHoursMessage.${lang}`}
                area="admin"
                label={t(`alerts.fields.message_${lang}`)}
                multiline
                minRows={3}
                fullWidth
                slotProps={{ htmlInput: { maxLength: ALERT_LIMITS.afterHoursMessageMax, lang } }}
                helperText={t('alerts.messageEmpty')}
              />
              <Typography variant="body2" color="text.secondary" lang={lang} sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
                {DEFAULT_AFTER_HOURS_MESSAGE[lang]}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>

      <Section title={t('alerts.consentTitle')}>
        <Stack spacing={1.5}>
          {toggle('requireMoodConsent', t('alerts.requireMoodConsentHelp'))}
          {toggle('parentsSeeMoods', t('alerts.parentsSeeMoodsHelp'))}
        </Stack>
      </Section>

      {hasErrors && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('alerts.checkFields')}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ minHeight: 44, width: { xs: '100%', sm: 'auto' } }}>
        {t('alerts.save')}
      </Button>
    </Box>
  );
}
