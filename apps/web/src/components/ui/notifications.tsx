import { Alert, Portal, Snackbar, type AlertColor } from '@mui/material';
import { LIMITS } from '@high5/contract';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Notice {
  id: number;
  severity: AlertColor;
  message: string;
  /** A dialog was open when it came: shown at the top, clear of the dialog's buttons. */
  overDialog: boolean;
}

type Notify = (severity: AlertColor, message: string) => void;
const NotifyContext = createContext<Notify>(() => {});
/** How long good news stays; errors and warnings stay LIMITS.notificationMs. */
const SUCCESS_MS = 3500;

/**
 * The notification every screen uses (top right for 5000 ms, docs/rules/shell.md#notices-and-the-footer-count): at the
 * bottom, so it never covers the header's language switch and menus, and shorter for good news
 * (3500 ms) than for errors, which take longer to read (docs/decisions/0318-admin-screens-issue-8.md).
 * While a dialog is open it shows at the top, below the header, so that on a phone it never covers
 * the dialog's buttons nor anywhere the school's name, and it is mounted at the end of the page, outside what the open dialog hides from
 * screen readers (decision 0319).
 */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((severity, message) => {
    setNotice({ id: Date.now(), severity, message, overDialog: document.querySelector('[role="dialog"]') !== null });
    setOpen(true);
  }, []);
  const close = () => setOpen(false);
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {notice && (
        <Portal>
          <Snackbar
            key={notice.id}
            open={open}
            autoHideDuration={notice.severity === 'error' || notice.severity === 'warning' ? LIMITS.notificationMs : SUCCESS_MS}
            onClose={(_event, reason) => reason !== 'clickaway' && close()}
            anchorOrigin={{ vertical: notice.overDialog ? 'top' : 'bottom', horizontal: 'center' }}
            // At the top, below the header: never over the school's name and role (header 60 / 68 px high).
            sx={notice.overDialog ? { top: { xs: 68, sm: 76 } } : undefined}
            slotProps={{ transition: { onExited: () => setNotice(null) } }}
          >
            <Alert
              severity={notice.severity}
              variant="filled"
              onClose={close}
              slotProps={{ closeButton: { title: t('notice.close'), 'aria-label': t('notice.close') } }}
              sx={{ minWidth: 280 }}
            >
              {notice.message}
            </Alert>
          </Snackbar>
        </Portal>
      )}
    </NotifyContext.Provider>
  );
}

export const useNotify = () => useContext(NotifyContext);
