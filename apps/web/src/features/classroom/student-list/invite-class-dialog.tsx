import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/use-error-text';
import { useTeacherClasses } from '../teacher-classes/api';
import { useInviteClass } from './api';

/**
 * "Invite a class" (decision 0554): the admin picks a class, confirms, and reads what happened to
 * each of its teachers and students (sent, no e-mail address, already signed in, just invited).
 */
export function InviteClassDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('classroom');
  const errorText = useErrorText('classroom');
  const classes = useTeacherClasses();
  const invite = useInviteClass();
  const [classId, setClassId] = useState('');
  const close = () => {
    invite.reset();
    setClassId('');
    onClose();
  };
  const result = invite.data;
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="invite-class-title">
      <DialogTitle id="invite-class-title">{t('studentList.classInviteTitle')}</DialogTitle>
      <DialogContent>
        {result ? (
          <>
            <Typography role="status" sx={{ mb: 1 }}>
              {t('studentList.classInviteSent', { count: result.people.filter((p) => p.outcome === 'sent').length })}
            </Typography>
            <List dense data-testid="class-invite-result">
              {result.people.map((p) => (
                <ListItem key={p.id} disableGutters>
                  <ListItemText primary={p.name} secondary={`${t(`studentList.role.${p.role}`)} · ${t(`studentList.outcome.${p.outcome}`)}`} />
                </ListItem>
              ))}
            </List>
          </>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>{t('studentList.classInviteHelp')}</Typography>
            {invite.error && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {errorText(invite.error)}
              </Alert>
            )}
            <TextField select fullWidth label={t('studentList.classInvitePick')} value={classId} onChange={(e) => setClassId(e.target.value)}>
              {(classes.data ?? []).map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{result ? t('studentList.classInviteDone') : t('common:cancel')}</Button>
        {!result && (
          <Button variant="contained" disabled={!classId || invite.isPending} onClick={() => invite.mutate(classId)}>
            {t('studentList.classInviteSend')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
