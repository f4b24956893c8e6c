import { adminApi, InviteStaffSchema, type Language } from '@high5/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/ui/notifications';
import { ApiError, api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';

type Field = 'firstName' | 'lastName' | 'email';

/** Invites a staff member (spec 003 section 2.10): first name, last name, e-mail, and the e-mail's language. */
export function InviteStaffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const titleId = useId();
  const empty = { firstName: '', lastName: '', email: '', language: (i18n.language.startsWith('es') ? 'es' : 'en') as Language };
  const [form, setForm] = useState(empty);
  const [invalid, setInvalid] = useState<Set<Field>>(new Set());

  const invite = useMutation({
    mutationFn: () => api(adminApi.inviteStaff, { body: form }),
    onSuccess: () => {
      notify('success', t('invite.success', { email: form.email.trim() }));
      setForm(empty);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        setInvalid(new Set(error.issues.map((i) => i.path.split('.')[1] as Field)));
      }
      notify('error', error instanceof ApiError && error.code === 'INVITE_STAFF_FAILED' ? t('errors.INVITE_STAFF_FAILED') : errorText(error));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = InviteStaffSchema.safeParse(form);
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((i) => String(i.path[0]) as Field));
      setInvalid(fields);
      const blank = (['firstName', 'lastName', 'email'] as const).some((f) => !form[f].trim());
      notify('info', blank ? t('invite.required') : t('invite.checkEmail'));
      return;
    }
    setInvalid(new Set());
    invite.mutate();
  };

  const field = (name: Field, type = 'text', autoComplete = 'off') => (
    <TextField
      label={t(`invite.${name}`)}
      value={form[name]}
      type={type}
      autoComplete={autoComplete}
      required
      error={invalid.has(name)}
      helperText={invalid.has(name) ? t(name === 'email' && form.email.trim() ? 'invite.emailInvalid' : 'invite.fieldRequired') : ' '}
      onChange={(e) => {
        setForm((f) => ({ ...f, [name]: e.target.value }));
        setInvalid((s) => {
          const next = new Set(s);
          next.delete(name);
          return next;
        });
      }}
      slotProps={{ htmlInput: { maxLength: name === 'email' ? 254 : 60 } }}
      fullWidth
    />
  );

  return (
    <Dialog open={open} onClose={invite.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('invite.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('invite.intro')}</DialogContentText>
          <Stack spacing={0.5}>
            {field('firstName')}
            {field('lastName')}
            {field('email', 'email')}
            <TextField select label={t('invite.language')} value={form.language} onChange={(e) => setForm((f) => ({ ...f, language: e.target.value as Language }))} fullWidth>
              <MenuItem value="en">{t('common:language.en')}</MenuItem>
              <MenuItem value="es">{t('common:language.es')}</MenuItem>
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={invite.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {t('invite.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
