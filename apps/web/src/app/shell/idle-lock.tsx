import { LIMITS, type Me } from '@high5/contract';
import { useCallback, useEffect } from 'react';
import { onLocked } from '../../lib/api-client';
import { useLockCache, useLockSession } from './api';
import { clearIdleLock, IDLE_LOCK_KEY, readIdleLock, setIdleLock } from './idle-lock-state';

/** What counts as activity (docs/rules/shell.md#shell); `load` is the mount itself. */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'click', 'scroll', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Locks the screen after 300 s without activity, on the server too (docs/decisions/0160): the
 * session then answers 423 to everything but the lock screen's own calls, in every tab, until
 * the password lifts it. The page drops everything it had fetched. The timer is one timeout
 * that, when it fires, checks the time of the last activity, so a moving mouse costs nothing
 * but a timestamp. Whether the session is locked is `me.locked` (from the server at load).
 */
export function useIdleLock(me: Me) {
  const { setLocked, forgetAnswers, refreshMe } = useLockCache();
  const { mutate: lockOnServer } = useLockSession();
  const locked = me.locked;
  const userId = me.id;
  const limit = LIMITS.idleLockSeconds * 1000;

  /** Shows the lock here and forgets every answer the page holds (journals, moods, names). */
  const lockHere = useCallback(() => {
    forgetAnswers();
    setLocked(true);
  }, [forgetAnswers, setLocked]);

  const lockEverywhere = useCallback(() => {
    setIdleLock(userId);
    lockHere();
    // Offline, the server's own idle limit (30 minutes) still ends the session.
    lockOnServer();
  }, [userId, lockHere, lockOnServer]);

  // A tab that was locked when it last ran (and could not tell the server) locks again.
  useEffect(() => {
    if (!locked && readIdleLock() === userId) lockEverywhere();
  }, [locked, userId, lockEverywhere]);

  useEffect(() => {
    if (locked) return;
    let last = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const idle = Date.now() - last;
      if (idle >= limit) lockEverywhere();
      else timer = setTimeout(check, limit - idle);
    };
    const onActivity = () => {
      last = Date.now();
    };
    timer = setTimeout(check, limit);
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { passive: true, capture: true }));
    return () => {
      clearTimeout(timer);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity, { capture: true }));
    };
  }, [locked, limit, lockEverywhere]);

  // Another tab of this browser locked or unlocked; or the server said the session is locked.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== IDLE_LOCK_KEY && event.key !== null) return;
      if (readIdleLock() === userId) lockHere();
      else refreshMe();
    };
    window.addEventListener('storage', onStorage);
    const stop = onLocked(lockHere);
    return () => {
      window.removeEventListener('storage', onStorage);
      stop();
    };
  }, [userId, lockHere, refreshMe]);

  const unlock = () => {
    clearIdleLock();
    setLocked(false);
  };
  return { locked, unlock };
}
