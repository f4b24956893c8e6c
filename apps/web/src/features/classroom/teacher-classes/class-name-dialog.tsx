import { CLASSROOM_LIMITS, ClassNameBodySchema } from '@high5/contract';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormTextField, upTo } from '../../../components/form/form-text-field';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';

/**
 * The create-class and rename-class dialog: one name field, required, at most 80 characters.
 * `error` is the code of the server's refusal of the name (CLASS_NAME_TAKEN), shown on the field
 * until it changes; the caller clears it before each submit.
 */
export function ClassNameDialog({
  open,
  mode,
  initialName = '',
  busy,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  mode: 'create' | 'rename';
  initialName?: string;
  busy: boolean;
  error?: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('classroom');
  const titleId = useId();
  const form = useContractForm(ClassNameBodySchema, { defaultValues: { name: initialName } });
  useEffect(() => {
    if (open) form.reset({ name: initialName });
  }, [open, initialName, form]);
  useEffect(() => {
    if (error) form.setError('name', { type: 'server', message: error }, { shouldFocus: true });
  }, [error, form]);
  const submit = form.handleSubmit(({ name }) => onSubmit(name));
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t(mode === 'create' ? 'classes.createTitle' : 'classes.renameTitle')}</DialogTitle>
        <DialogContent>
          <FormTextField
            control={form.control}
            name="name"
            area="classroom"
            messages={{ 'errors:field.required': 'classroom:classes.nameRequired' }}
            parse={upTo(CLASSROOM_LIMITS.classNameMax)}
            autoFocus
            fullWidth
            required
            margin="dense"
            label={t('classes.name')}
            helperText={t('classes.nameHint', { max: CLASSROOM_LIMITS.classNameMax })}
          />
        </DialogContent>
        <FormDialogActions cancelLabel={t('common:confirm.cancel')} onCancel={onClose} submitLabel={t(mode === 'create' ? 'classes.create' : 'classes.save')} busy={busy} />
      </form>
    </Dialog>
  );
}
