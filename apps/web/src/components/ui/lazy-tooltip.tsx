import { Box, type TooltipProps } from '@mui/material';
import { lazy, Suspense, useRef, useState, type ReactElement } from 'react';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * MUI's Tooltip for an icon button, fetched when the mouse or the keyboard focus first reaches the
 * button (Tooltip brings Popper, about 11 KB, to every screen otherwise; decision 0329). The button
 * keeps its own accessible name (aria-label) and is never re-mounted: the tooltip is anchored to it
 * from beside it. It shows on hover and on keyboard focus, stays while the pointer moves onto it,
 * and Escape closes it (MUI's own handling).
 */
export function LazyTooltip({ title, children }: { title: TooltipProps['title']; children: ReactElement }) {
  const [anchor, setAnchor] = useState<Element | null>(null);
  const [open, setOpen] = useState(false);
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = (wrapper: HTMLElement) => {
    clearTimeout(closing.current);
    setAnchor(wrapper.firstElementChild);
    setOpen(true);
  };
  // A moment's grace, so the pointer can move onto the tooltip (WCAG 1.4.13).
  const hide = () => {
    clearTimeout(closing.current);
    closing.current = setTimeout(() => setOpen(false), 100);
  };
  return (
    // `display: contents`: the wrapper adds no box; the button stays its container's flex item.
    <Box
      component="span"
      sx={{ display: 'contents' }}
      onPointerEnter={(e) => e.pointerType === 'mouse' && show(e.currentTarget)}
      onPointerLeave={hide}
      onFocus={(e) => e.target.matches(':focus-visible') && show(e.currentTarget)}
      onBlur={() => setOpen(false)}
      onClick={() => setOpen(false)}
    >
      {children}
      {anchor && (
        <Suspense fallback={null}>
          <Tooltip
            title={title}
            open={open}
            onClose={() => setOpen(false)}
            disableHoverListener
            disableFocusListener
            disableTouchListener
            slotProps={{ popper: { anchorEl: anchor, onPointerEnter: () => clearTimeout(closing.current), onPointerLeave: hide } }}
          >
            <span hidden />
          </Tooltip>
        </Suspense>
      )}
    </Box>
  );
}
