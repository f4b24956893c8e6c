import { Tooltip } from '@mui/material';
import type { ReactElement } from 'react';
import { shortLabel } from './labels';

/**
 * Around a category tile that shows the short label (cut at 15 characters, docs/rules/recognition.md#give): the full
 * name in a tooltip that opens on hover, on keyboard focus and at once on touch (touch
 * screens never showed the old `title`). The tile keeps its own accessible name.
 */
export function CategoryTileTooltip({ name, children }: { name: string; children: ReactElement }) {
  if (shortLabel(name) === name) return children;
  return (
    <Tooltip title={name} enterTouchDelay={0} leaveTouchDelay={4000} arrow placement="top">
      {children}
    </Tooltip>
  );
}
