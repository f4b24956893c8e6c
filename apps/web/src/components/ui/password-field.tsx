import { Visibility, VisibilityOff } from '@mui/icons-material';
import { IconButton, InputAdornment } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from './text-input';

/** A password input with a show/hide toggle that keyboard and screen-reader users can reach. */
export function PasswordField(props: Omit<TextInputProps, 'type'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const { slotProps, ...rest } = props;
  return (
    <TextInput
      {...rest}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        htmlInput: { maxLength: 128, spellCheck: false, autoCapitalize: 'none', ...(slotProps?.htmlInput as object) },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setShown((s) => !s)}
                onMouseDown={(e) => e.preventDefault()}
                edge="end"
                aria-label={shown ? t('password.hide') : t('password.show')}
                aria-pressed={shown}
                title={shown ? t('password.hide') : t('password.show')}
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
