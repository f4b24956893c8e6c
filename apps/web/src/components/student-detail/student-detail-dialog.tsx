import CloseIcon from '@mui/icons-material/Close';
import { Box, CircularProgress, Dialog, DialogContent, DialogTitle, IconButton, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../ui/notifications';
import { useStudentDetails } from './api';
import { useProfileErrorText } from './use-profile-error-text';

// Opened by a click: its body (photo, flags, give, notes, history tables) loads with the first opening.
const DetailsBody = lazy(() => import('./student-detail-body'));

export interface StudentDetailDialogProps {
  studentId: string;
  open: boolean;
  onClose(): void;
}
/**
 * The student detail dialog (docs/rules/recognition.md#student-detail), opened from student lists by the student's
 * teachers, the school's admins and the student's trusted adults (the server decides,
 * and records every opening).
 */
export function StudentDetailDialog({ studentId, open, onClose }: StudentDetailDialogProps) {
  const { t } = useTranslation('profile');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const notify = useNotify();
  const errorText = useProfileErrorText();
  const details = useStudentDetails(studentId, open);

  // docs/rules/recognition.md#student-detail: a failed load shows its message and the dialog closes.
  useEffect(() => {
    if (open && details.isError) {
      notify('error', errorText(details.error));
      onClose();
    }
  }, [open, details.isError]);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth fullScreen={fullScreen} scroll="paper">
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1.5 }}>
        <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
          {t('studentDetail.title')}
        </Box>
        <IconButton onClick={onClose} aria-label={t('studentDetail.close')} title={t('studentDetail.close')}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: { xs: 2, sm: 3 } }}>
        {details.data ? (
          <Suspense fallback={<Loading />}>
            <DetailsBody details={details.data} />
          </Suspense>
        ) : (
          <Loading />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={t('common:loading')} />
    </Box>
  );
}
