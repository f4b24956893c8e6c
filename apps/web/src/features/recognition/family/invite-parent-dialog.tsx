import { InviteParentSchema } from '@high5/contract';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerIssues, useContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../components/ui/notifications';
import { useProfileErrorText } from '../../../components/student-detail/use-profile-error-text';
import { useInviteParent, useMyParents } from './api';

/** The profile's own words for the generic keys. */
const MESSAGES = { 'errors:field.required': 'profile:invalid.required', 'errors:field.email': 'profile:invalid.email' };

export interface InviteParentDialogProps {
  open: boolean;
  /** 'success' when the parent was invited or linked; 'error' when it failed (docs/rules/recognition.md#parent-invitation). */
  onClose(result?: 'success' | 'error'): void;
}

/**
 * A student invites a parent (docs/rules/recognition.md#parent-invitation): e-mail, first and last name, all required
 * (INVITE_STUDENT_ATTRIBUTES_REQUIRED). The server creates the parent account and e-mails
 * a temporary password; an account that exists already is asked, and linked once it accepts.
 */
export function InviteParentDialog({ open, onClose }: InviteParentDialogProps) {
  const { t } = useTranslation('profile');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const descriptionId = useId();
  const notify = useNotify();
  const errorText = useProfileErrorText();
  const parents = useMyParents(open);
  const form = useContractForm(InviteParentSchema, { defaultValues: { email: '', firstName: '', lastName: '' } });
  const invite = useInviteParent();

  const close = (result?: 'success' | 'error') => {
    form.reset();
    invite.reset();
    onClose(result);
  };

  const submit = form.handleSubmit(
    async (body) => {
      try {
        const result = await invite.mutateAsync(body);
        notify(
          'success',
          t(
            result.status === 'linked'
              ? 'notices.INVITE_PARENT_LINKED'
              : result.status === 'requested'
                ? 'notices.INVITE_PARENT_REQUESTED'
                : 'notices.INVITE_PARENT_SUCCESS',
          ),
        );
        close('success');
      } catch (error) {
        // A reason the student can act on is shown in the dialog; anything else closes it with 'error'.
        if (
          showServerIssues(form, error) ||
          (error instanceof ApiError && ['INVITE_PARENT_NOT_POSSIBLE', 'INVITE_PARENT_TOO_MANY', 'VALIDATION_FAILED'].includes(error.code))
        )
          return;
        notify('error', t('notices.INVITE_PARENT_FAILED'));
        close('error');
      }
    },
    (errors) => {
      if (Object.values(errors).some((e) => e?.message === 'errors:field.required')) notify('error', t('notices.INVITE_STUDENT_ATTRIBUTES_REQUIRED'));
    },
  );

  const field = (name: 'email' | 'firstName' | 'lastName', type: 'email' | 'text') => (
    <FormTextField
      control={form.control}
      name={name}
      messages={MESSAGES}
      label={t(`family.${name}`)}
      type={type}
      required
      fullWidth
      autoComplete="off"
      helperText=" "
      slotProps={{ htmlInput: { maxLength: name === 'email' ? 254 : 60 } }}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={invite.isPending ? undefined : () => close()}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{t('family.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
            {t('family.intro')}
          </DialogContentText>
          {invite.isError && invite.error instanceof ApiError && invite.error.code !== 'VALIDATION_FAILED' && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorText(invite.error)}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
            {field('email', 'email')}
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              {field('firstName', 'text')}
              {field('lastName', 'text')}
            </Box>
          </Box>
          {parents.data && parents.data.length > 0 && (
            <Box sx={{ mt: 1 }}>
              <Typography variant="subtitle2" component="h3">
                {t('family.linked')}
              </Typography>
              <List dense disablePadding>
                {parents.data.map((p) => (
                  <ListItem key={p.id} disableGutters>
                    <ListItemText primary={p.name} secondary={p.status === 'requested' ? `${p.email ?? ''} · ${t('family.waiting')}` : p.email} />
                  </ListItem>
                ))}
              </List>
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => close()} disabled={invite.isPending}>
            {t('family.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={invite.isPending}
            startIcon={invite.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {invite.isPending ? t('family.sending') : t('family.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
