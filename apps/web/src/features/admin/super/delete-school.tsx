import { adminApi, type Backup, type SuperSchool } from '@high5/contract';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/ui/notifications';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { adminKeys } from '../api';

/**
 * Deleting a school takes two confirmations: what goes (with a backup offered first), then the
 * school's name typed again; the server checks the name too (SCHOOL_NAME_MISMATCH).
 */
export function DeleteSchoolFlow({ school, open, onClose, onDeleted }: { school: SuperSchool | null; open: boolean; onClose: () => void; onDeleted?: (backup: Backup | null) => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<1 | 2>(1);
  const [withBackup, setWithBackup] = useState(true);
  const remove = useMutation({
    mutationFn: ({ s, confirmName }: { s: SuperSchool; confirmName: string }) => api(adminApi.deleteSchool, { params: { schoolId: s.id }, body: { confirmName, backup: withBackup } }),
    onSuccess: (result, { s }) => {
      notify('success', t('settingsScreen.deleteSuccess', { school: s.name }));
      setStep(1);
      onDeleted?.(result.backup);
      onClose();
      void queryClient.invalidateQueries({ queryKey: adminKeys.superSchools });
      void queryClient.invalidateQueries({ queryKey: adminKeys.districts });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'backups'] });
    },
    onError: (error) => notify('error', `${t('settingsScreen.deleteFailed')} ${errorText(error)}`),
  });
  if (!school) return null;
  const cancel = () => {
    setStep(1);
    onClose();
  };
  return (
    <>
      <Dialog open={open && step === 1} onClose={cancel} aria-labelledby="delete-1-title" aria-describedby="delete-1-body" maxWidth="xs" fullWidth>
        <DialogTitle id="delete-1-title">{t('settingsScreen.confirm1Title', { school: school.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-1-body">{t('settingsScreen.confirm1Body', { school: school.name, district: school.districtName })}</DialogContentText>
          <FormControlLabel control={<Checkbox checked={withBackup} onChange={(e) => setWithBackup(e.target.checked)} />} label={t('settingsScreen.backupFirst')} sx={{ mt: 1 }} />
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
      <ConfirmByName open={open && step === 2} school={school} busy={remove.isPending} onCancel={cancel} onConfirm={(confirmName) => remove.mutate({ s: school, confirmName })} />
    </>
  );
}

/** The second confirmation: the school's name typed again (the server checks it too). */
function ConfirmByName({ open, school, busy, onCancel, onConfirm }: { open: boolean; school: SuperSchool; busy: boolean; onCancel: () => void; onConfirm: (name: string) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLocaleLowerCase() === school.name.trim().toLocaleLowerCase();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`} maxWidth="xs" fullWidth slotProps={{ transition: { onExited: () => setTyped('') } }}>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (matches) onConfirm(typed);
        }}
      >
        <DialogTitle id={`${id}-title`}>{t('settingsScreen.confirm2Title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-body`} sx={{ mb: 2 }}>
            {t('settingsScreen.confirm2Body', { school: school.name })}
          </DialogContentText>
          <TextField label={t('settingsScreen.typeName')} value={typed} onChange={(e) => setTyped(e.target.value)} autoFocus fullWidth autoComplete="off" />
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
