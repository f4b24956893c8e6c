import { Alert, Snackbar, type AlertColor } from '@mui/material';
import { LIMITS } from '@high5/contract';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Notice {
  id: number;
  severity: AlertColor;
  message: string;
}

type Notify = (severity: AlertColor, message: string) => void;
const NotifyContext = createContext<Notify>(() => {});
/** How long good news stays; errors and warnings stay LIMITS.notificationMs. */
const SUCCESS_MS = 3500;

/**
 * The notification every screen uses (spec 000 section 8 placed it top right for 5000 ms): at the
 * bottom, so it never covers the header's language switch and menus, and shorter for good news
 * (3500 ms) than for errors, which take longer to read (docs/decisions/0318-admin-screens-issue-8.md).
 */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const notify = useCallback<Notify>((severity, message) => setNotice({ id: Date.now(), severity, message }), []);
  const close = () => setNotice(null);
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <Snackbar
        key={notice?.id}
        open={notice !== null}
        autoHideDuration={notice?.severity === 'error' || notice?.severity === 'warning' ? LIMITS.notificationMs : SUCCESS_MS}
        onClose={(_event, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {notice ? (
          <Alert severity={notice.severity} variant="filled" onClose={close} slotProps={{ closeButton: { title: t('notice.close'), 'aria-label': t('notice.close') } }} sx={{ minWidth: 280 }}>
            {notice.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </NotifyContext.Provider>
  );
}

export const useNotify = () => useContext(NotifyContext);
