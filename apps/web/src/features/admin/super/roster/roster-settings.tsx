import { rosteringApi, type RosterSettings } from '@high5/contract';
import { Box, Button, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/ui/date-field';
import { useNotify } from '../../../../components/ui/notifications';
import { api } from '../../../../lib/api-client';
import { useErrorText } from '../../../../lib/use-error-text';
import { TimeZonePicker } from '../../components/time-zone-picker';
import { adminKeys } from '../../api';
import { rosterKeys } from './api';

/**
 * A district's roster settings: test mode (on by default: runs only preview), the nightly sync's
 * time and zone, the summer pause and the hold threshold. Saved together.
 */
export function RosterSettingsForm({ districtId, settings }: { districtId: string; settings: RosterSettings }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const sis = settings.kind === 'aeries' || settings.kind === 'clever';
  const [testMode, setTestMode] = useState(settings.testMode);
  const [syncTime, setSyncTime] = useState(settings.syncTime);
  const [timeZone, setTimeZone] = useState(settings.timeZone);
  const [from, setFrom] = useState<string | null>(settings.summerPauseFrom ?? '');
  const [until, setUntil] = useState<string | null>(settings.summerPauseUntil ?? '');
  const [hold, setHold] = useState(String(settings.holdPercent));
  const holdValue = Number(hold);
  const holdBad = !/^\d{1,3}$/.test(hold) || holdValue < 1 || holdValue > 100;
  const timeBad = !/^([01]\d|2[0-3]):[0-5]\d$/.test(syncTime);
  const pauseIncomplete = from === null || until === null || (from === '') !== (until === '');
  const pauseBackwards = !!from && !!until && from > until;
  const save = useMutation({
    mutationFn: () =>
      api(rosteringApi.rosterSettings, {
        params: { districtId },
        body: { testMode, syncTime, timeZone, holdPercent: holdValue, summerPause: from && until ? { from, until } : null },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(rosterKeys.district(districtId), (old: { settings: RosterSettings } | undefined) => (old ? { ...old, settings: saved } : old));
      void queryClient.invalidateQueries({ queryKey: adminKeys.districts });
      notify('success', t('roster.settingsSaved'));
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (holdBad || timeBad || pauseIncomplete || pauseBackwards) return;
    save.mutate();
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('roster.settingsTitle')}>
      <Stack spacing={2}>
        <Typography variant="body2">
          {t('roster.source')}: <strong>{sis ? t(`district.${settings.kind}`) : t('roster.sourceOneRoster')}</strong>
        </Typography>
        <FormControlLabel control={<Switch checked={testMode} onChange={(e) => setTestMode(e.target.checked)} />} label={t('roster.testMode')} />
        {sis && (
          <>
            <TextField
              type="time"
              label={t('roster.syncTime')}
              value={syncTime}
              onChange={(e) => setSyncTime(e.target.value)}
              error={timeBad}
              helperText={timeBad ? t('roster.syncTimeInvalid') : ' '}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
              sx={{ maxWidth: 220 }}
            />
            <TimeZonePicker value={timeZone} onChange={setTimeZone} />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="body2" sx={{ fontWeight: 700, mb: 1 }}>
                {t('roster.summerPause')}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
                <DateField label={t('roster.pauseFrom')} value={from ?? 'invalid'} onChange={setFrom} clearable error={pauseBackwards} sx={{ minWidth: 200, flex: '1 1 200px' }} />
                <DateField
                  label={t('roster.pauseUntil')}
                  value={until ?? 'invalid'}
                  onChange={setUntil}
                  clearable
                  {...(from ? { minDate: from } : {})}
                  error={pauseBackwards || (!!from && until === '')}
                  helperText={pauseBackwards ? t('roster.pauseRange') : !!from !== !!until ? t('roster.pauseBoth') : undefined}
                  sx={{ minWidth: 200, flex: '1 1 200px' }}
                />
              </Box>
            </Box>
          </>
        )}
        <TextField
          label={t('roster.holdPercent')}
          value={hold}
          onChange={(e) => setHold(e.target.value.trim())}
          error={holdBad}
          helperText={holdBad ? t('roster.holdInvalid') : t('roster.holdHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          sx={{ maxWidth: 420 }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('actions.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
