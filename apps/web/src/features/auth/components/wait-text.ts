import { useTranslation } from 'react-i18next';

/** "30 seconds", "2 minutes", "15 minutes": how long a throttled user waits, rounded up. */
export function useWaitText() {
  const { t } = useTranslation();
  return (seconds: number) => {
    if (seconds < 60) return t('auth:wait.seconds', { count: Math.max(1, Math.ceil(seconds)) });
    return t('auth:wait.minutes', { count: Math.ceil(seconds / 60) });
  };
}
