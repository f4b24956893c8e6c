import { Button, DialogActions } from '@mui/material';
import type { ReactNode } from 'react';

/** A form dialog's buttons: Cancel, then the submit; both are off while the form is being sent. */
export function FormDialogActions({
  cancelLabel,
  onCancel,
  submitLabel,
  busy,
}: {
  cancelLabel: ReactNode;
  onCancel(): void;
  submitLabel: ReactNode;
  busy: boolean;
}) {
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant="contained" disabled={busy}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
