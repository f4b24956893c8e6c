import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CertifyDialogProps {
  open: boolean;
  /** Sends the High 5 or Vibe; resolves when done (the dialog shows progress meanwhile). */
  onSend: () => Promise<void>;
  /** Back to the comment, nothing sent. */
  onBack: () => void;
  /** True when a comment was written: the giver then certifies the comment, else what they send. */
  withComment: boolean;
}

/**
 * Shown before a High 5 or Positive Vibe is sent (docs/rules/recognition.md#give, certify dialog): the giver
 * certifies their comment is meant to spread positivity, then sends, or goes back to
 * correct it.
 */
export function CertifyDialog({ open, onSend, onBack, withComment }: CertifyDialogProps) {
  const { t } = useTranslation('recognition');
  const titleId = useId();
  const textId = useId();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await onSend();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onBack} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <VerifiedOutlinedIcon color="primary" aria-hidden />
        {t('certify.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ color: 'text.primary', fontSize: 17 }}>
          {t(withComment ? 'certify.text' : 'certify.textNoComment')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexDirection: { xs: 'column-reverse', sm: 'row' }, alignItems: 'stretch' }}>
        <Button onClick={onBack} disabled={busy} sx={{ textAlign: 'left', m: '0 !important' }}>
          {t(withComment ? 'certify.back' : 'certify.backNoComment')}
        </Button>
        <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
        <Button
          onClick={() => void send()}
          variant="contained"
          disabled={busy}
          autoFocus
          sx={{ minWidth: 120, m: '0 !important' }}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {busy ? t('certify.sending') : t('certify.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
