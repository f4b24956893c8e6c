import { InviteStaffSchema, type Language } from '@high5/contract';
import { Dialog, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { useSaveOutcome } from '../../../components/form/save-outcome';
import { useNotify } from '../../../components/ui/notifications';
import { ApiError } from '../../../lib/api-client';
import { FIELD_MESSAGES } from '../lib/form-messages';
import { useInviteStaff } from './api';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';

/** Invites a staff member (docs/rules/administration.md#staff-invitation): first name, last name, e-mail, and the e-mail's language. */
export function InviteStaffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const notify = useNotify();
  const titleId = useId();
  const empty = { firstName: '', lastName: '', email: '', language: (i18n.language.startsWith('es') ? 'es' : 'en') as Language };
  const form = useContractForm(InviteStaffSchema, { defaultValues: empty });
  const invite = useInviteStaff();
  const outcome = useSaveOutcome(form, 'admin');

  const submit = form.handleSubmit(
    (body) =>
      invite.mutate(
        body,
        outcome({
          saved: () => t('invite.success', { email: body.email }),
          done: () => {
            form.reset(empty);
            onClose();
          },
          failure: (error, text) => (error instanceof ApiError && error.code === 'INVITE_STAFF_FAILED' ? t('errors.INVITE_STAFF_FAILED') : text),
        }),
      ),
    () => {
      const values = form.getValues();
      const blank = (['firstName', 'lastName', 'email'] as const).some((f) => !values[f].trim());
      notify('info', blank ? t('invite.required') : t('invite.checkEmail'));
    },
  );

  const field = (name: 'firstName' | 'lastName' | 'email', type = 'text') => (
    <FormTextField
      control={form.control}
      name={name}
      area="admin"
      messages={FIELD_MESSAGES}
      label={t(`invite.${name}`)}
      type={type}
      autoComplete="off"
      required
      helperText=" "
      slotProps={{ htmlInput: { maxLength: name === 'email' ? 254 : 60 } }}
      fullWidth
    />
  );

  return (
    <Dialog open={open} onClose={invite.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('invite.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('invite.intro')}</DialogContentText>
          <Stack spacing={0.5}>
            {field('firstName')}
            {field('lastName')}
            {field('email', 'email')}
            <FormSelectField control={form.control} name="language" label={t('invite.language')} fullWidth>
              <MenuItem value="en">{t('common:language.en')}</MenuItem>
              <MenuItem value="es">{t('common:language.es')}</MenuItem>
            </FormSelectField>
          </Stack>
        </DialogContent>
        <FormDialogActions cancelLabel={t('actions.cancel')} onCancel={onClose} submitLabel={t('invite.send')} busy={invite.isPending} />
      </form>
    </Dialog>
  );
}
