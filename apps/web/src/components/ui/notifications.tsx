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

/** The notification every screen uses: top right, 5000 ms (spec 000 section 8). */
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
        autoHideDuration={LIMITS.notificationMs}
        onClose={(_event, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
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
