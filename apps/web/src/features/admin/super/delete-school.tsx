import { DeleteSchoolSchema, type Backup, type SuperSchool } from '@high5/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useContractForm } from '../../../components/form/contract-form';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormTextField } from '../../../components/form/form-text-field';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { useDeleteSchool } from './api';

type DeleteControl = Control<z.input<typeof DeleteSchoolSchema>, unknown, z.output<typeof DeleteSchoolSchema>>;
const START = { confirmName: '', backup: true, includeJournals: false };

/**
 * Deleting a school takes two confirmations: what goes (with a backup offered first), then the
 * school's name typed again; the server checks the name too (SCHOOL_NAME_MISMATCH).
 */
export function DeleteSchoolFlow({
  school,
  open,
  onClose,
  onDeleted,
}: {
  school: SuperSchool | null;
  open: boolean;
  onClose: () => void;
  onDeleted?: (backup: Backup | null) => void;
}) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const [step, setStep] = useState<1 | 2>(1);
  const form = useContractForm(DeleteSchoolSchema, { defaultValues: START });
  const remove = useDeleteSchool();
  if (!school) return null;
  const cancel = () => {
    setStep(1);
    onClose();
  };
  const submit = form.handleSubmit((body) =>
    remove.mutate(
      { schoolId: school.id, body },
      {
        onSuccess: (result) => {
          notify('success', t('settingsScreen.deleteSuccess', { school: school.name }));
          setStep(1);
          onDeleted?.(result.backup);
          onClose();
        },
        onError: (error) => notify('error', `${t('settingsScreen.deleteFailed')} ${errorText(error)}`),
      },
    ),
  );
  return (
    <>
      <Dialog open={open && step === 1} onClose={cancel} aria-labelledby="delete-1-title" aria-describedby="delete-1-body" maxWidth="xs" fullWidth>
        <DialogTitle id="delete-1-title">{t('settingsScreen.confirm1Title', { school: school.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-1-body">{t('settingsScreen.confirm1Body', { school: school.name, district: school.districtName })}</DialogContentText>
          <FormCheckbox control={form.control} name="backup" label={t('settingsScreen.backupFirst')} sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={cancel} autoFocus>
            {t('actions.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={() => setStep(2)}>
            {t('settingsScreen.continue')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmByName
        open={open && step === 2}
        school={school}
        control={form.control}
        busy={remove.isPending}
        onCancel={cancel}
        onSubmit={(event) => void submit(event)}
        onExited={() => form.reset(START)}
      />
    </>
  );
}

/** The second confirmation: the school's name typed again (the server checks it too). */
function ConfirmByName({
  open,
  school,
  control,
  busy,
  onCancel,
  onSubmit,
  onExited,
}: {
  open: boolean;
  school: SuperSchool;
  control: DeleteControl;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (event: FormEvent) => void;
  onExited: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const typed = useWatch({ control, name: 'confirmName' });
  const matches = typed.trim().toLocaleLowerCase() === school.name.trim().toLocaleLowerCase();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited } }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          if (matches) onSubmit(event);
          else event.preventDefault();
        }}
      >
        <DialogTitle id={`${id}-title`}>{t('settingsScreen.confirm2Title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-body`} sx={{ mb: 2 }}>
            {t('settingsScreen.confirm2Body', { school: school.name })}
          </DialogContentText>
          <FormTextField control={control} name="confirmName" area="admin" label={t('settingsScreen.typeName')} autoFocus fullWidth autoComplete="off" />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={!matches || busy}>
            {t('settingsScreen.deleteForever')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
