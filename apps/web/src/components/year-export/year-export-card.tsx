import { schoolYearLabel } from '@high5/contract';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Checkbox, FormControlLabel, MenuItem, Skeleton, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/use-error-text';
import { useNotify } from '../ui/notifications';
import { useDownloadYear, useYearExportOptions } from './api';

/**
 * Download a school year (docs/decisions/0575): a parent for their child, a student for
 * themself (from the school's grade), as a ZIP with a printable PDF keepsake. The journal choice
 * shows only to the student; the server enforces every rule shown here.
 */
export function YearExportCard({ studentId, name, self }: { studentId: string; name: string; self: boolean }) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const notify = useNotify();
  const options = useYearExportOptions(studentId);
  const download = useDownloadYear();
  const [picked, setPicked] = useState<number | null>(null);
  const [journal, setJournal] = useState(false);

  if (options.isError) return <Alert severity="error">{errorText(options.error)}</Alert>;
  if (!options.data) return <Skeleton variant="rounded" height={96} aria-label={t('loading')} />;
  const { allowed, minGrade, years } = options.data;
  if (!allowed) {
    return (
      <Typography variant="body2" color="text.secondary">
        {minGrade !== null && minGrade <= 12 ? t('yearExport.fromGrade', { grade: minGrade }) : t('yearExport.notStudents')}
      </Typography>
    );
  }
  const startYear = picked ?? years[0]?.startYear ?? 0;
  const withJournal = options.data.journal && journal;
  const start = () =>
    download.mutate(
      { studentId, startYear, journal: withJournal },
      { onSuccess: () => notify('success', t('yearExport.done')), onError: (error) => notify('error', errorText(error)) },
    );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {self ? t('yearExport.introSelf') : t('yearExport.intro', { name })}
      </Typography>
      <TextField
        select
        size="small"
        label={t('yearExport.year')}
        value={startYear}
        onChange={(event) => setPicked(Number(event.target.value))}
        sx={{ maxWidth: 240 }}
      >
        {years.map((y) => (
          <MenuItem key={y.startYear} value={y.startYear}>
            {schoolYearLabel(y.startYear)}
          </MenuItem>
        ))}
      </TextField>
      {options.data.journal && (
        <Box>
          <FormControlLabel control={<Checkbox checked={journal} onChange={(event) => setJournal(event.target.checked)} />} label={t('yearExport.journal')} />
          <Typography variant="body2" color="text.secondary">
            {t('yearExport.journalHelp')}
          </Typography>
        </Box>
      )}
      <Box>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          onClick={start}
          disabled={download.isPending || years.length === 0}
          aria-label={self ? undefined : t('yearExport.downloadNamed', { name, year: schoolYearLabel(startYear) })}
        >
          {download.isPending ? t('yearExport.preparing') : t('yearExport.download')}
        </Button>
      </Box>
    </Box>
  );
}
