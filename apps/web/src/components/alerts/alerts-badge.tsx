import type { Me } from '@high5/contract';
import { Box } from '@mui/material';
import { Suspense } from 'react';
import { lazyWithNamespaces } from '../../lib/i18n';
import { useMyAlerts } from './api';

// Only teachers and staff see the badge: its menu and the classroom catalog it is worded from load
// for them, beside the shell (which never waits for them: an empty space of the button's size
// holds its place until they are in, so the header does not shift).
const AlertsMenu = lazyWithNamespaces(() => import('./alerts-menu'), ['classroom']);

/** The shell's alert badge and list, on every screen, for the adults alerts go to (teachers and staff). */
export function AlertsBadge({ me }: { me: Me }) {
  const enabled = (me.role === 'teacher' || me.role === 'staff') && me.school?.status === 'active';
  // Asked at once, so the count is there when the menu's code is.
  useMyAlerts(enabled);
  if (!enabled) return null;
  return (
    <Suspense fallback={<Box aria-hidden sx={{ width: 40, height: 40, flexShrink: 0 }} />}>
      <AlertsMenu />
    </Suspense>
  );
}
