import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Typography } from '@mui/material';
import { useId, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A file field in the user's language: a labelled button over a hidden input and the chosen file's
 * name (a native input says "Choose File" in the browser's language, whatever the account's).
 */
export function FileField({
  label,
  accept,
  file,
  onChange,
  buttonRef,
  disabled,
}: {
  label: string;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  buttonRef?: Ref<HTMLButtonElement>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box>
      <Typography id={`${id}-label`} variant="body2" sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}>
        {label}
      </Typography>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={label}
        onChange={(e) => {
          onChange(e.target.files?.[0] ?? null);
          // The field holds the file; an empty input lets the same file be chosen again after a reset.
          e.target.value = '';
        }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Button
          id={`${id}-button`}
          ref={buttonRef}
          variant="outlined"
          size="small"
          startIcon={<UploadFileIcon />}
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={`${id}-name`}
        >
          {t('file.choose')}
        </Button>
        <Typography id={`${id}-name`} variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {file ? file.name : t('file.none')}
        </Typography>
      </Box>
    </Box>
  );
}
