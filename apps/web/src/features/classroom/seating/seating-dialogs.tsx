import { CLASSROOM_LIMITS, SeatingChartInputSchema, type SeatingStudent } from '@high5/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormGroup } from '@mui/material';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractForm } from '../../../components/form/contract-form';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormTextField, upTo } from '../../../components/form/form-text-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { useAcknowledgeMood } from './api';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';

/** The chart's name as the contract takes it, or blank: the screen then gives it the default name. */
const titleSchema = z.object({
  name: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), SeatingChartInputSchema.shape.name])),
});

export function TitleDialog({
  open,
  mode,
  initial,
  busy,
  onSave,
  onCancel,
}: {
  open: boolean;
  mode: 'new' | 'update';
  initial: string;
  busy: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('classroom');
  const titleId = useId();
  const form = useContractForm(titleSchema, { defaultValues: { name: initial } });
  useEffect(() => {
    if (open) form.reset({ name: initial });
  }, [open, initial, form]);
  const submit = form.handleSubmit(({ name }) => onSave(name));
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t(mode === 'new' ? 'seating.saveAsNewTitle' : 'seating.updateTitle')}</DialogTitle>
        <DialogContent>
          <FormTextField
            control={form.control}
            name="name"
            area="classroom"
            parse={upTo(CLASSROOM_LIMITS.seatingNameMax)}
            autoFocus
            fullWidth
            margin="dense"
            label={t('seating.chartTitle')}
            helperText={t('seating.chartTitleHelp')}
          />
        </DialogContent>
        <FormDialogActions cancelLabel={t('common:confirm.cancel')} onCancel={onCancel} submitLabel={t('seating.saveButton')} busy={busy} />
      </form>
    </Dialog>
  );
}

export function ModifiedDialog({
  open,
  busy,
  onSave,
  onDiscard,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onCancel: () => void;
}) {
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
/** The image's options: not sent anywhere, drawn in the browser. */
const imageOptionsSchema = z.object({ showFlags: z.boolean(), showMoods: z.boolean() });

/** The same two options before an image export or a print (docs/decisions/0594-seating-chart-print-view.md). */
export function ExportImageDialog({
  open,
  busy,
  purpose = 'image',
  onExport,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  purpose?: 'image' | 'print';
  onExport: (options: ImageOptions) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('classroom');
  const titleId = useId();
  const form = useContractForm(imageOptionsSchema, { defaultValues: { showFlags: false, showMoods: false } });
  useEffect(() => {
    if (open) form.reset();
  }, [open, form]);
  const submit = form.handleSubmit(onExport);
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t(purpose === 'print' ? 'seating.print.title' : 'seating.imageTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t(purpose === 'print' ? 'seating.print.help' : 'seating.imageHelp')}</DialogContentText>
        <FormGroup>
          <FormCheckbox control={form.control} name="showFlags" label={t('seating.imageFlags')} />
          <FormCheckbox control={form.control} name="showMoods" label={t('seating.imageMoods')} />
        </FormGroup>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('common:confirm.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {t(purpose === 'print' ? 'seating.print.button' : 'seating.imageDownload')}
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
  const acknowledge = useAcknowledgeMood(classId);
  const acknowledgeStudent = (who: SeatingStudent) =>
    acknowledge.mutate(who.id, {
      onSuccess: () => {
        notify('info', t('seating.acknowledged', { name: who.name }));
        onClose();
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
      onConfirm={() => student && acknowledgeStudent(student)}
      onCancel={onClose}
    />
  );
}
