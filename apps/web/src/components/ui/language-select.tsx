import { Translate } from '@mui/icons-material';
import { Button } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from './languages';

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(loadMenu);

/**
 * English/Español switch: a button showing the current language that opens a two-item menu. The
 * menu's code is fetched when the pointer or the focus reaches the button, so it is there by the click.
 */
export function LanguageSelect({
  value,
  onChange,
  color = 'inherit',
  compact = false,
}: {
  value: LanguageCode;
  onChange: (lang: LanguageCode) => void;
  color?: 'inherit' | 'primary';
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so the menu's closing transition still plays.
  const [used, setUsed] = useState(false);
  const menuId = useId();
  return (
    <>
      <Button
        color={color}
        startIcon={<Translate />}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={(e) => {
          setUsed(true);
          setAnchor(e.currentTarget);
        }}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`${t('language.label')}: ${t(`language.${value}`)}`}
        data-testid="language-select"
        sx={{ fontWeight: 600, minWidth: 0 }}
      >
        <span lang={value}>{compact ? value.toUpperCase() : t(`language.${value}`)}</span>
      </Button>
      {used && (
        <Suspense fallback={null}>
          <LanguageMenu id={menuId} anchor={anchor} value={value} onClose={() => setAnchor(null)} onChange={onChange} />
        </Suspense>
      )}
    </>
  );
}
