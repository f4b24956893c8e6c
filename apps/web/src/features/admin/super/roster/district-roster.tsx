import type { RosterRun } from '@high5/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SyncIcon from '@mui/icons-material/Sync';
import { Alert, Box, Button, LinearProgress, Paper, Skeleton, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNotify } from '../../../../components/ui/notifications';
import { PageTitle } from '../../../../components/ui/page-title';
import { paths } from '../../../../app/paths';
import { showDateTime } from '../../../../lib/dates';
import { useErrorText } from '../../../../lib/use-error-text';
import { useDistricts } from '../../api';
import { isOpenRun, useDistrictRoster, useSyncNow } from './api';
import { RosterSettingsForm } from './roster-settings';
import { RosterUpload } from './roster-upload';
import { RunList } from './run-list';
import { RunReport } from './run-report';
import { TestConnection } from './test-connection';

const card = { p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 3 } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={card}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * A district's roster page: its SIS connection and "Sync now" with a progress bar, the
 * settings, a OneRoster upload, the latest run's report (the preview in test mode, who a held run
 * would deactivate, with Approve) and the last runs.
 */
export function DistrictRoster({ districtId }: { districtId: string }) {
  const { t } = useTranslation('admin');
  const districts = useDistricts();
  const roster = useDistrictRoster(districtId);
  const district = districts.data?.find((d) => d.id === districtId);
  // The run that waits or works is the one to follow; else the newest.
  const latest = roster.data && (roster.data.runs.find(isOpenRun) ?? roster.data.runs[0]);
  const running = latest && isOpenRun(latest) ? latest.id : null;
  const back = (
    <Button component={RouterLink} to={paths.addDistrict} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      {t('roster.back')}
    </Button>
  );
  if (districts.data && !district) {
    return (
      <Box>
        {back}
        <Alert severity="warning">{t('roster.notFound')}</Alert>
      </Box>
    );
  }
  const sis = district?.kind === 'aeries' || district?.kind === 'clever';
  // The newest run that ended says whether the district needs the super admin.
  const ended = roster.data?.runs.find((r) => !isOpenRun(r));
  const settings = roster.data?.settings;
  return (
    <Box sx={{ maxWidth: 1100 }}>
      {back}
      <PageTitle>{district ? t('roster.title', { name: district.name }) : t('roster.titlePlain')}</PageTitle>
      {ended?.status === 'held' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('roster.bannerHeld')}
        </Alert>
      )}
      {ended?.status === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('roster.bannerFailed')}
        </Alert>
      )}
      {roster.isError ? (
        <Alert severity="error">{t('errors:INTERNAL')}</Alert>
      ) : !roster.data || !district ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <>
          <Section title={t('roster.syncTitle')}>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {roster.data.settings.testMode ? t('roster.testModeOn') : t('roster.testModeOff')}
            </Typography>
            {settings?.nextRunAt && (
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {t('roster.nextRun', { when: showDateTime(settings.nextRunAt, settings.timeZone), zone: settings.timeZone })}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('roster.timesIn', { zone: roster.data.settings.timeZone })}
            </Typography>
            {sis && (
              <Box sx={{ mb: 2 }}>
                <TestConnection districtId={districtId} beside={<SyncNow districtId={districtId} busy={!!running} />} />
              </Box>
            )}
            {latest && isOpenRun(latest) && <RunProgress run={latest} />}
            {latest && !isOpenRun(latest) && <RunReport run={latest} timeZone={roster.data.settings.timeZone} />}
          </Section>
          <Section title={t('roster.settingsTitle')}>
            <RosterSettingsForm key={JSON.stringify(roster.data.settings)} districtId={districtId} settings={roster.data.settings} />
          </Section>
          <Section title={t('roster.oneRosterTitle')}>
            <RosterUpload districtId={districtId} />
          </Section>
          <Box component="section" aria-labelledby="roster-runs">
            <Typography id="roster-runs" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
              {t('roster.runsTitle')}
            </Typography>
            <RunList runs={roster.data.runs} title={t('roster.runsTitle')} timeZone={roster.data.settings.timeZone} />
          </Box>
        </>
      )}
    </Box>
  );
}

function SyncNow({ districtId, busy }: { districtId: string; busy: boolean }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const sync = useSyncNow(districtId);
  const blocked = busy || sync.isPending;
  const start = () => {
    if (blocked) return;
    sync.mutate(undefined, { onSuccess: () => notify('info', t('roster.syncStarted')), onError: (error) => notify('error', errorText(error)) });
  };
  // aria-disabled, not disabled, while the run works: a disabled button drops the keyboard focus to the page.
  return (
    <Button variant="contained" startIcon={<SyncIcon />} onClick={start} aria-disabled={blocked} className={blocked ? 'Mui-disabled' : undefined}>
      {t('roster.syncNow')}
    </Button>
  );
}

/** The run that waits or works: a moving bar and what it is doing, announced politely. */
function RunProgress({ run }: { run: RosterRun }) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <Box>
      <Typography id={id} variant="body2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('roster.progressLabel')}
      </Typography>
      <LinearProgress aria-labelledby={id} sx={{ height: 10, borderRadius: 5, mb: 1 }} />
      <Typography role="status" aria-live="polite" variant="body2">
        {t(`roster.status.${run.status}`)}
      </Typography>
    </Box>
  );
}
