import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Tooltip, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/ui/notifications';
import { showDateTime } from '../components/dates';

export type Reset = { name: string; login: string; expiresAt: string } & ({ delivery: 'email' } | { delivery: 'link'; link: string });

/**
 * After a reset (docs/decisions/0162): either "we e-mailed the student a link", or, for a
 * student without an e-mail, the one-time link to hand over, shown once. Never a password.
 */
export function ResetLinkDialog({ reset, onClose }: { reset: Reset | null; onClose: () => void }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const titleId = useId();
  const link = reset?.delivery === 'link' ? reset.link : null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link!);
      notify('success', t('studentList.copied'));
    } catch {
      notify('error', t('classes.codeCopyFailed'));
    }
  };
  return (
    <Dialog open={!!reset} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('studentList.linkTitle', { name: reset?.name ?? '' })}</DialogTitle>
      <DialogContent>
        {reset?.delivery === 'email' ? (
          <DialogContentText data-testid="reset-emailed">{t('studentList.linkEmailed', { login: reset.login })}</DialogContentText>
        ) : (
          <>
            <DialogContentText sx={{ mb: 2 }}>{t('studentList.linkHelp')}</DialogContentText>
            <Typography variant="body2" color="text.secondary">
              {t('studentList.login')}
            </Typography>
            <Typography sx={{ fontWeight: 600, mb: 1.5, wordBreak: 'break-all' }}>{reset?.login}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('studentList.link')}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography data-testid="reset-link" sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 14, wordBreak: 'break-all' }}>
                {link}
              </Typography>
              <Tooltip title={t('studentList.copy')}>
                <IconButton aria-label={t('studentList.copy')} onClick={() => void copy()}>
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </Box>
          </>
        )}
        {reset && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('studentList.linkExpires', { date: showDateTime(reset.expiresAt) })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('studentList.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
