import { Alert, Box, Paper, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isOpenRun, useSchoolRosterRuns } from './api';
import { RosterUpload } from './roster-upload';
import { RunList } from './run-list';
import { RunReport } from './run-report';

/** The school admin's OneRoster upload for their own school, the latest upload's report and the list of uploads. */
export function SchoolRoster() {
  const { t } = useTranslation('admin');
  const runs = useSchoolRosterRuns();
  const latest = runs.data && (runs.data.find(isOpenRun) ?? runs.data[0]);
  return (
    <Box component="section" aria-labelledby="school-roster-title" sx={{ mt: 4 }}>
      <Typography id="school-roster-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('roster.schoolUploadTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('roster.schoolUploadIntro')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 2 }}>
        <RosterUpload />
        {latest && (
          <Box sx={{ mt: 2 }}>
            {isOpenRun(latest) ? <Alert severity="info">{t(`roster.status.${latest.status}`)}</Alert> : <RunReport run={latest} approvable={false} />}
          </Box>
        )}
      </Paper>
      {runs.isError ? (
        <Alert severity="error">{t('errors:INTERNAL')}</Alert>
      ) : !runs.data ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        runs.data.length > 0 && <RunList runs={runs.data} title={t('roster.schoolRunsTitle')} approvable={false} />
      )}
    </Box>
  );
}
