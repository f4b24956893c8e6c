import { CLASSROOM_LIMITS, ClassNameBodySchema } from '@high5/contract';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormTextField, upTo } from '../../../components/form/form-text-field';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { useNotify } from '../../../components/ui/notifications';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';

/**
 * The create-class and rename-class dialog: one name field, required, at most 80 characters.
 * `onSubmit` saves the name; the server's refusal of it (CLASS_NAME_TAKEN) is shown on the field,
 * any other failure as a notice.
 */
export function ClassNameDialog({
  open,
  mode,
  initialName = '',
  busy,
  onSubmit,
  onClose,
}: {
  open: boolean;
  mode: 'create' | 'rename';
  initialName?: string;
  busy: boolean;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const titleId = useId();
  const form = useContractForm(ClassNameBodySchema, { defaultValues: { name: initialName } });
  useEffect(() => {
    if (open) form.reset({ name: initialName });
  }, [open, initialName, form]);
  const submit = form.handleSubmit(({ name }) =>
    onSubmit(name).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'CLASS_NAME_TAKEN') form.setError('name', { type: 'server', message: error.code }, { shouldFocus: true });
      else notify('error', errorText(error));
    }),
  );
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
        <FormDialogActions
          cancelLabel={t('common:confirm.cancel')}
          onCancel={onClose}
          submitLabel={t(mode === 'create' ? 'classes.create' : 'classes.save')}
          busy={busy}
        />
      </form>
    </Dialog>
  );
}
