import { CLASSROOM_LIMITS } from '@high5/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The create-class and rename-class dialog: one name field, required, at most 80 characters.
 * `error` is the server's refusal of the name (a duplicate), shown on the field until it changes.
 */
export function ClassNameDialog({
  open,
  mode,
  initialName = '',
  busy,
  error,
  onSubmit,
  onClose,
  onEdit,
}: {
  open: boolean;
  mode: 'create' | 'rename';
  initialName?: string;
  busy: boolean;
  error?: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
  onEdit?: () => void;
}) {
  const { t } = useTranslation('classroom');
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initialName);
      setTouched(false);
    }
  }, [open, initialName]);
  const blank = name.trim() === '';
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!blank) onSubmit(name.trim());
        }}
      >
        <DialogTitle id={titleId}>{t(mode === 'create' ? 'classes.createTitle' : 'classes.renameTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            required
            margin="dense"
            label={t('classes.name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value.slice(0, CLASSROOM_LIMITS.classNameMax));
              onEdit?.();
            }}
            error={(touched && blank) || !!error}
            helperText={touched && blank ? t('classes.nameRequired') : error || t('classes.nameHint', { max: CLASSROOM_LIMITS.classNameMax })}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('common:confirm.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t(mode === 'create' ? 'classes.create' : 'classes.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
