import type { MenuProps } from '@mui/material';
import { lazy, Suspense, useState } from 'react';

const loadMenu = () => import('@mui/material/Menu');
const Menu = lazy(loadMenu);

/** Spread on a LazyMenu's button: the pointer or the focus reaching it fetches the menu's code, so it is there by the click. */
export const menuButtonPreload = { onPointerEnter: () => void loadMenu(), onFocus: () => void loadMenu() };

/**
 * MUI's Menu, fetched at its first opening: Menu brings Popover, Modal and the focus trap, which a
 * screen does not need until a menu opens (decision 0329). Mounted from then on, so closing animates.
 */
export function LazyMenu(props: MenuProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  );
}
