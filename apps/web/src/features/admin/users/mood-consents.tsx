import type { SchoolMoodConsent } from '@high5/contract';
import { Alert, Box, Chip, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { showDateTime } from '../../../lib/dates';
import { useErrorText } from '../../../lib/use-error-text';
import { useSchoolMoodConsents } from './api';

/**
 * The parents' answers about the mood meter and who gave each (docs/decisions/0540): an answer
 * counts only from a parent whose link the school confirmed, in the family links above.
 */
export function MoodConsentList() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const consents = useSchoolMoodConsents();
  const columns: DataColumn<SchoolMoodConsent>[] = [
    { id: 'student', header: t('moodConsents.student'), cell: (c) => c.studentName, value: (c) => c.studentName },
    { id: 'answer', header: t('moodConsents.answer'), cell: (c) => t(`moodConsents.status.${c.status}`), value: (c) => c.status },
    {
      id: 'by',
      header: t('moodConsents.by'),
      long: true,
      value: (c) => `${c.changedByName ?? ''} ${c.changedByEmail ?? ''}`,
      cell: (c) => (
        <>
          {c.changedByName ?? t('moodConsents.deleted')}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {c.changedByEmail}
          </Typography>
        </>
      ),
    },
    { id: 'when', header: t('moodConsents.when'), cell: (c) => showDateTime(c.changedAt), value: (c) => c.changedAt, date: true, wide: true },
    {
      id: 'counts',
      header: t('moodConsents.counts'),
      value: (c) => (c.counts ? 1 : 0),
      // The label wraps: "does not count" is long in Spanish on a phone.
      cell: (c) => (
        <Chip
          size="small"
          color={c.counts ? 'success' : 'warning'}
          variant="outlined"
          label={t(c.counts ? 'moodConsents.countsYes' : 'moodConsents.countsNo')}
          sx={{ height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } }}
        />
      ),
    },
  ];
  return (
    <Box component="section" aria-labelledby="mood-consents-title" sx={{ mt: 4 }}>
      <Typography id="mood-consents-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('moodConsents.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('moodConsents.intro')}
      </Typography>
      {consents.isError ? (
        <Alert severity="error">{errorText(consents.error)}</Alert>
      ) : consents.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <DataTable rows={consents.data} columns={columns} rowKey={(c) => c.studentId} caption={t('moodConsents.title')} empty={t('moodConsents.empty')} />
      )}
    </Box>
  );
}
