import { type Backup } from '@high5/contract';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  LinearProgress,
  Paper,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FileField } from '../../../components/form/file-field';
import { useNotify } from '../../../components/ui/notifications';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { SchoolPicker } from '../components/pickers';
import { useLatestRestore, useRestoreTargets, useStartRestore } from './api';
import { restoreFormSchema } from './forms';
import { showDateTime } from '../../../lib/dates';

/**
 * Restores a backup into an empty school: one of the list's backups, or a file downloaded from
 * this or another High5 (docs/decisions/0183). The server does the work in the background.
 */
export function RestoreDialog({ open, backup, onClose }: { open: boolean; backup: Backup | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const id = useId();
  const targets = useRestoreTargets(open);
  const form = useContractForm(restoreFormSchema, { defaultValues: { targetSchoolId: '', file: null } });
  const [targetSchoolId, file] = useWatch({ control: form.control, name: ['targetSchoolId', 'file'] });
  const start = useStartRestore();
  const submit = form.handleSubmit((values) =>
    start.mutate(
      { backupId: backup?.id ?? null, targetSchoolId: values.targetSchoolId, file: values.file },
      {
        onSuccess: (restore) => {
          notify('success', t('restore.started', { school: restore.targetSchoolName ?? '' }));
          onClose();
        },
      },
    ),
  );
  const ready = !!targetSchoolId && (!!backup || !!file) && !start.isPending;
  const when = backup ? showDateTime(backup.createdAt) : '';
  return (
    <Dialog
      open={open}
      onClose={start.isPending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: () => (form.reset(), start.reset()) } }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={`${id}-title`}>{t('restore.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-body`} sx={{ mb: 2 }}>
            {backup ? t('restore.fromBackup', { school: backup.schoolName, date: when }) : t('restore.fromFile')} {t('restore.passwords')}
          </DialogContentText>
          {!backup && (
            <Box sx={{ mb: 2.5 }}>
              <Controller
                control={form.control}
                name="file"
                render={({ field }) => (
                  <FileField
                    label={t('restore.file')}
                    accept=".gz,application/gzip"
                    file={field.value}
                    buttonRef={field.ref}
                    onChange={(file) => (field.onChange(file), start.reset())}
                  />
                )}
              />
            </Box>
          )}
          <Controller
            control={form.control}
            name="targetSchoolId"
            render={({ field }) => (
              <SchoolPicker
                schools={targets}
                value={targets.data?.find((s) => s.id === field.value) ?? null}
                onChange={(school) => (field.onChange(school?.id ?? ''), start.reset())}
                label={t('restore.target')}
                noOptionsText={t('restore.noTargets')}
              />
            )}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('restore.targetHelp')}
          </Typography>
          {start.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorText(start.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={start.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!ready}>
            {t('restore.start')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The latest restore with its progress bar, refreshed every second while it runs. */
export function RestoreProgress() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const id = useId();
  // A finished restore stays on the screen for a day.
  const { latest, hide } = useLatestRestore();
  if (!latest) return null;
  const percent = latest.rowsTotal > 0 ? Math.round((latest.rowsDone / latest.rowsTotal) * 100) : 0;
  const determinate = latest.status === 'restoring' || latest.status === 'done';
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 3, maxWidth: 760 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
        <Typography id={`${id}-title`} component="h2" variant="h6" sx={{ fontWeight: 700, overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>
          {t('restore.progressTitle', { source: latest.sourceName, school: latest.targetSchoolName ?? '—' })}
        </Typography>
        {/* An ended restore (done or refused) can be put away; one under way stays. */}
        {(latest.status === 'done' || latest.status === 'failed') && (
          <IconButton size="small" onClick={() => hide(latest)} aria-label={t('restore.hide')}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      {latest.status !== 'failed' && (
        <LinearProgress
          variant={determinate ? 'determinate' : 'indeterminate'}
          value={determinate ? (latest.status === 'done' ? 100 : percent) : undefined}
          aria-labelledby={`${id}-title`}
          sx={{ height: 10, borderRadius: 5, mb: 1.5 }}
        />
      )}
      <Box role="status" aria-live="polite">
        {latest.status === 'done' ? (
          <Alert severity="success">
            {t('restore.done', { school: latest.targetSchoolName ?? '', count: latest.rowsTotal })} {t('restore.passwords')}
          </Alert>
        ) : latest.status === 'failed' ? (
          <Alert severity="error">{errorText(new ApiError(0, latest.errorCode ?? 'RESTORE_FAILED'))}</Alert>
        ) : (
          <Typography variant="body2">
            {latest.status === 'restoring'
              ? t('restore.restoring', { done: latest.rowsDone, total: latest.rowsTotal, percent })
              : t(`restore.${latest.status}`)}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
