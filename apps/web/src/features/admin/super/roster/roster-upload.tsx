import { ONEROSTER_UPLOAD_MAX_BYTES } from '@high5/contract';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../components/ui/notifications';
import { useErrorText } from '../../../../lib/use-error-text';
import { useRosterUpload } from './api';

/**
 * A OneRoster 1.1 CSV zip for a run to read: the super admin's for a district, or a school
 * admin's for their own school (`districtId` absent).
 */
export function RosterUpload({ districtId }: { districtId?: string }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const tooBig = !!file && file.size > ONEROSTER_UPLOAD_MAX_BYTES;
  const upload = useRosterUpload(districtId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || tooBig) return;
    upload.mutate(file, {
      onSuccess: () => {
        notify('success', t('roster.uploaded'));
        setFile(null);
        if (input.current) input.current.value = '';
      },
    });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('roster.uploadTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('roster.uploadHelp')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Box>
          <Typography component="label" htmlFor={`${id}-file`} variant="body2" sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}>
            {t('roster.uploadFile')}
          </Typography>
          <input id={`${id}-file`} ref={input} type="file" accept=".zip,application/zip" onChange={(e) => (setFile(e.target.files?.[0] ?? null), upload.reset())} style={{ maxWidth: '100%' }} />
        </Box>
        <Button type="submit" variant="outlined" startIcon={<UploadFileIcon />} disabled={!file || tooBig || upload.isPending}>
          {t('roster.upload')}
        </Button>
      </Box>
      {(tooBig || upload.isError) && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {tooBig ? t('errors:PAYLOAD_TOO_LARGE') : errorText(upload.error)}
        </Alert>
      )}
    </Box>
  );
}
