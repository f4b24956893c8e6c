import { Check } from '@mui/icons-material';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type LanguageCode } from './languages';

/** LanguageSelect's two-item menu, in a chunk of its own: Menu brings Popover and Modal, which no screen needs until it opens. */
export default function LanguageMenu({
  id,
  anchor,
  value,
  onClose,
  onChange,
}: {
  id: string;
  anchor: HTMLElement | null;
  value: LanguageCode;
  onClose: () => void;
  onChange: (lang: LanguageCode) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu
      disablePortal
      id={id}
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {LANGUAGES.map((lang) => (
        <MenuItem
          key={lang}
          lang={lang}
          selected={lang === value}
          onClick={() => {
            onClose();
            if (lang !== value) onChange(lang);
          }}
        >
          <ListItemIcon>{lang === value ? <Check fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{t(`language.${lang}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
