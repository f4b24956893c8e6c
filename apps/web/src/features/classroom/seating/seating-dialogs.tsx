import { CLASSROOM_LIMITS, type SeatingStudent } from '@high5/contract';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, FormGroup, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { api, classroomKeys, e } from '../api';
import { alertKeys } from '../../../components/alerts/api';

export function TitleDialog({ open, mode, initial, busy, onSave, onCancel }: { open: boolean; mode: 'new' | 'update'; initial: string; busy: boolean; onSave: (name: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('classroom');
  const titleId = useId();
  const [name, setName] = useState(initial);
  useEffect(() => {
    if (open) setName(initial);
  }, [open, initial]);
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave(name);
        }}
      >
        <DialogTitle id={titleId}>{t(mode === 'new' ? 'seating.saveAsNewTitle' : 'seating.updateTitle')}</DialogTitle>
        <DialogContent>
          <TextField autoFocus fullWidth margin="dense" label={t('seating.chartTitle')} value={name} onChange={(event) => setName(event.target.value.slice(0, CLASSROOM_LIMITS.seatingNameMax))} helperText={t('seating.chartTitleHelp')} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel} disabled={busy}>
            {t('common:confirm.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('seating.saveButton')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function ModifiedDialog({ open, busy, onSave, onDiscard, onCancel }: { open: boolean; busy: boolean; onSave: () => void; onDiscard: () => void; onCancel: () => void }) {
  const { t } = useTranslation('classroom');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('seating.modifiedTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('seating.modifiedMessage')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('common:confirm.cancel')}
        </Button>
        <Button color="error" onClick={onDiscard} disabled={busy}>
          {t('seating.discard')}
        </Button>
        <Button variant="contained" onClick={onSave} disabled={busy} autoFocus>
          {t('seating.saveChanges')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface ImageOptions {
  showFlags: boolean;
  showMoods: boolean;
}

/**
 * What the exported PNG shows (decision 0211): the seats and names always; the IEP, 504 and
 * language badges and today's moods only when asked, off by default, since a printed chart is
 * often left for a substitute.
 */
export function ExportImageDialog({ open, busy, onExport, onCancel }: { open: boolean; busy: boolean; onExport: (options: ImageOptions) => void; onCancel: () => void }) {
  const { t } = useTranslation('classroom');
  const titleId = useId();
  const [options, setOptions] = useState<ImageOptions>({ showFlags: false, showMoods: false });
  useEffect(() => {
    if (open) setOptions({ showFlags: false, showMoods: false });
  }, [open]);
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('seating.imageTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('seating.imageHelp')}</DialogContentText>
        <FormGroup>
          <FormControlLabel control={<Checkbox checked={options.showFlags} onChange={(event) => setOptions((o) => ({ ...o, showFlags: event.target.checked }))} />} label={t('seating.imageFlags')} />
          <FormControlLabel control={<Checkbox checked={options.showMoods} onChange={(event) => setOptions((o) => ({ ...o, showMoods: event.target.checked }))} />} label={t('seating.imageMoods')} />
        </FormGroup>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('common:confirm.cancel')}
        </Button>
        <Button variant="contained" onClick={() => onExport(options)} disabled={busy}>
          {t('seating.imageDownload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The question behind a glowing emoji: has the teacher checked in with the student today? */
export function EmergencyDialog({ classId, student, onClose }: { classId: string | null; student: SeatingStudent | null; onClose: () => void }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const queryClient = useQueryClient();
  const acknowledge = useMutation({
    mutationFn: (who: SeatingStudent) => api(e.moodAcknowledge, { params: { studentId: who.id }, body: {} }),
    onSuccess: async (_mood, who) => {
      notify('info', t('seating.acknowledged', { name: who.name }));
      onClose();
      // It answered the student's open alert too (decision 0460): the shell's alert list shows it.
      void queryClient.invalidateQueries({ queryKey: alertKeys.mine() });
      if (classId) await queryClient.invalidateQueries({ queryKey: classroomKeys.seatingMoods(classId) });
    },
    onError: (error) => {
      onClose();
      notify('error', t('seating.acknowledgeFailed', { reason: errorText(error) }));
    },
  });
  return (
    <ConfirmDialog
      open={!!student}
      title={t('seating.emergencyTitle', { name: student?.name ?? '' })}
      message={t('seating.emergencyMessage', { name: student?.name ?? '' })}
      confirmLabel={t('seating.emergencyYes')}
      cancelLabel={t('seating.emergencyNo')}
      busy={acknowledge.isPending}
      onConfirm={() => student && acknowledge.mutate(student)}
      onCancel={onClose}
    />
  );
}
