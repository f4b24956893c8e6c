import { Translate } from '@mui/icons-material';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { Check } from '@mui/icons-material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type LanguageCode = 'en' | 'es';
const LANGUAGES: LanguageCode[] = ['en', 'es'];

/** English/Español switch: a button showing the current language that opens a two-item menu. */
export function LanguageSelect({ value, onChange, color = 'inherit', compact = false }: { value: LanguageCode; onChange: (lang: LanguageCode) => void; color?: 'inherit' | 'primary'; compact?: boolean }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        color={color}
        startIcon={<Translate />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`${t('language.label')}: ${t(`language.${value}`)}`}
        data-testid="language-select"
        sx={{ fontWeight: 600, minWidth: 0 }}
      >
        <span lang={value}>{compact ? value.toUpperCase() : t(`language.${value}`)}</span>
      </Button>
      <Menu disablePortal id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        {LANGUAGES.map((lang) => (
          <MenuItem
            key={lang}
            lang={lang}
            selected={lang === value}
            onClick={() => {
              setAnchor(null);
              if (lang !== value) onChange(lang);
            }}
          >
            <ListItemIcon>{lang === value ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{t(`language.${lang}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
