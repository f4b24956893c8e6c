/**
 * Whether the idle lock is on, kept in localStorage so that reloading the page or opening
 * another tab of the same browser does not lift it (classroom computers are shared).
 * The value is the id of the locked user: another account signing in is not locked.
 */
const KEY = 'high5.idleLock';

export function readIdleLock(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setIdleLock(userId: string) {
  try {
    localStorage.setItem(KEY, userId);
  } catch {
    /* storage unavailable: the lock still holds in this tab */
  }
}

export function clearIdleLock() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* nothing to clear */
  }
}

export const IDLE_LOCK_KEY = KEY;
