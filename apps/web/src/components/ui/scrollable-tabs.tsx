import { Tabs, type TabsProps } from '@mui/material';

/**
 * A tab strip that scrolls sideways when its tabs do not fit (phones). The scroll buttons are
 * always mounted (invisible while disabled): buttons that appear only after the first scroll
 * shrink the strip while MUI's animated scroll to the selected tab is still running, and the
 * selected tab ends up half outside the strip (seen at 360 px).
 */
export function ScrollableTabs(props: Omit<TabsProps, 'variant' | 'scrollButtons' | 'allowScrollButtonsMobile'>) {
  return <Tabs {...props} variant="scrollable" scrollButtons allowScrollButtonsMobile />;
}
