import { ONEROSTER_UPLOAD_MAX_BYTES } from '@high5/contract';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractForm } from '../../../../components/form/contract-form';
import { FileField } from '../../../../components/form/file-field';
import { useNotify } from '../../../../components/ui/notifications';
import { useErrorText, useFieldErrorText } from '../../../../lib/use-error-text';
import { useRosterUpload } from './api';

/** The zip to send: none yet, or a file no larger than the server takes (it answers PAYLOAD_TOO_LARGE). */
const uploadForm = z.object({
  file: z
    .instanceof(File)
    .nullable()
    .refine((file) => !file || file.size <= ONEROSTER_UPLOAD_MAX_BYTES, 'PAYLOAD_TOO_LARGE'),
});

/**
 * A OneRoster 1.1 CSV zip for a run to read: the super admin's for a district, or a school
 * admin's for their own school (`districtId` absent).
 */
export function RosterUpload({ districtId }: { districtId?: string }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const fieldText = useFieldErrorText('admin');
  const notify = useNotify();
  const id = useId();
  const form = useContractForm(uploadForm, { mode: 'onChange', defaultValues: { file: null } });
  const { field, fieldState } = useController({ control: form.control, name: 'file' });
  const upload = useRosterUpload(districtId);
  const submit = form.handleSubmit(({ file }) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        notify('success', t('roster.uploaded'));
        form.reset({ file: null });
      },
    });
  });
  const fileProblem = fieldText(fieldState.error?.message);
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('roster.uploadTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('roster.uploadHelp')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <FileField
          label={t('roster.uploadFile')}
          accept=".zip,application/zip"
          file={field.value}
          buttonRef={field.ref}
          onChange={(file) => (field.onChange(file), upload.reset())}
        />
        <Button type="submit" variant="outlined" startIcon={<UploadFileIcon />} disabled={!field.value || !!fileProblem || upload.isPending}>
          {t('roster.upload')}
        </Button>
      </Box>
      {(fileProblem || upload.isError) && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {fileProblem ?? errorText(upload.error)}
        </Alert>
      )}
    </Box>
  );
}
