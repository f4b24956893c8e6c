import { moodInfo } from '@high5/contract';
import { NotificationsActiveOutlined } from '@mui/icons-material';
import { Badge, IconButton, ListItemText, MenuItem, Typography } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyMenu, menuButtonPreload } from '../ui/lazy-menu';
import { LazyTooltip } from '../ui/lazy-tooltip';
import { showDateTime } from '../../lib/dates';
import { useMyAlerts } from './api';

// Opened by a click only: its form (and the contract's schemas it uses) load then, not with the shell.
const AlertDialog = lazy(() => import('./alert-dialog').then((m) => ({ default: m.AlertDialog })));

/** The alert badge's button and list, rendered by AlertsBadge (alerts-badge.tsx) for the adults alerts go to. */
export default function AlertsMenu() {
  const { t } = useTranslation('classroom');
  const alerts = useMyAlerts(true);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // An alert e-mail links to /?alert=<id>: the bell opens that alert.
  const [openId, setOpenId] = useState<string | null>(() => new URLSearchParams(window.location.search).get('alert'));
  const menuId = useId();
  const open = alerts.data?.open ?? 0;
  const items = alerts.data?.items ?? [];
  const label = t('alerts.ui.badge', { count: open });
  return (
    <>
      <LazyTooltip title={label}>
        <IconButton
          onClick={(ev) => setAnchor(ev.currentTarget)}
          aria-label={label}
          {...menuButtonPreload}
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          aria-controls={anchor ? menuId : undefined}
          data-testid="alerts-badge"
        >
          <Badge badgeContent={open} color="error" max={99}>
            <NotificationsActiveOutlined />
          </Badge>
        </IconButton>
      </LazyTooltip>
      <LazyMenu disablePortal id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxWidth: 360 } } }}>
        {items.length === 0 && (
          <MenuItem disabled>
            <Typography variant="body2">{t('alerts.ui.none')}</Typography>
          </MenuItem>
        )}
        {items.map((a) => (
          <MenuItem
            key={a.id}
            onClick={() => {
              setAnchor(null);
              setOpenId(a.id);
            }}
            data-testid="alert-item"
          >
            <ListItemText
              primary={`${moodInfo(a.latestMood)?.emoji ?? ''} ${a.studentName}${a.askedForMe ? ` · ${t('alerts.ui.askedForYou')}` : ''}`}
              secondary={`${showDateTime(a.openedAt)} · ${a.open ? (a.unanswered ? t('alerts.ui.unanswered') : t('alerts.ui.answered')) : t('alerts.ui.closed')}${a.waitingUntil ? ` · ${t('alerts.ui.waitingUntil', { at: showDateTime(a.waitingUntil) })}` : ''}${a.escalated ? ` · ${t('alerts.ui.escalated')}` : ''}`}
              slotProps={{ primary: { sx: { fontWeight: a.open ? 700 : 400, whiteSpace: 'normal' } }, secondary: { sx: { whiteSpace: 'normal' } } }}
            />
          </MenuItem>
        ))}
      </LazyMenu>
      {openId && (
        <Suspense fallback={null}>
          <AlertDialog alertId={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </>
  );
}
