import { type DistrictSummary, type SuperSchool } from '@high5/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Stack } from '@mui/material';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useSaveOutcome } from '../../../components/form/save-outcome';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { TimeZonePicker } from '../components/time-zone-picker';
import { FIELD_MESSAGES } from '../lib/form-messages';
import { useDeleteDistrict, useUpdateSchool } from './api';
import { DistrictDialog } from './district-dialog';
import { schoolFormSchema } from './forms';

/** Edit and delete buttons of one district row. A district is deleted only once it has no schools. */
export function DistrictActions({ district }: { district: DistrictSummary }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteDistrict(district.id);
  const hasSchools = district.schoolCount > 0;
  return (
    <>
      <IconButton size="small" onClick={() => setEditing(true)} aria-label={t('districtEdit.editFor', { name: district.name })}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" onClick={() => setDeleting(true)} aria-label={t('districtEdit.deleteFor', { name: district.name })}>
        <DeleteIcon fontSize="small" />
      </IconButton>
      {editing && <DistrictDialog district={district} onClose={() => setEditing(false)} />}
      {hasSchools ? (
        <Dialog open={deleting} onClose={() => setDeleting(false)} aria-labelledby={`del-${district.id}`} maxWidth="xs" fullWidth>
          <DialogTitle id={`del-${district.id}`}>{t('districtEdit.deleteTitle', { name: district.name })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('districtEdit.hasSchools', { count: district.schoolCount })}</DialogContentText>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setDeleting(false)} autoFocus>
              {t('actions.close')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : (
        <ConfirmDialog
          open={deleting}
          title={t('districtEdit.deleteTitle', { name: district.name })}
          message={t('districtEdit.deleteBody')}
          confirmLabel={t('districtEdit.delete')}
          destructive
          busy={remove.isPending}
          onCancel={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                notify('success', t('districtEdit.deleted', { name: district.name }));
                setDeleting(false);
              },
              onError: (error) => notify('error', errorText(error)),
            })
          }
        />
      )}
    </>
  );
}

/** Edit and delete buttons of one school row: rename, change its time zone, or delete it (two confirmations). */
export function SchoolDialog({ school, onClose }: { school: SuperSchool; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const form = useContractForm(schoolFormSchema, { defaultValues: { name: school.name, timeZone: school.timeZone } });
  const save = useUpdateSchool(school.id);
  const outcome = useSaveOutcome(form, 'admin');
  const submit = form.handleSubmit((body) =>
    save.mutate(body, outcome({ saved: (saved) => t('districtEdit.schoolSaved', { name: saved.name }), done: onClose })),
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={`${id}-title`}>{t('districtEdit.schoolTitle', { name: school.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField
              control={form.control}
              name="name"
              area="admin"
              messages={FIELD_MESSAGES}
              label={t('district.schoolName')}
              required
              helperText=" "
              slotProps={{ htmlInput: { maxLength: 120 } }}
              fullWidth
            />
            <Controller control={form.control} name="timeZone" render={({ field }) => <TimeZonePicker value={field.value} onChange={field.onChange} />} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
