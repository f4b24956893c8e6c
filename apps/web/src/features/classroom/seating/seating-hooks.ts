import { PointerSensor, type PointerSensorProps } from '@dnd-kit/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { fitCardSize, type Fit } from './seating-state';

interface Remembered {
  classId?: string;
  charts?: Record<string, string>;
}

/** The selected class and chart, kept in local storage per user (docs/rules/classroom.md#seating-chart). */
export function useRemembered(userId: string) {
  const key = `high5.seating.${userId}`;
  const read = useCallback((): Remembered => {
    try {
      return (JSON.parse(localStorage.getItem(key) ?? '{}') as Remembered) ?? {};
    } catch {
      return {};
    }
  }, [key]);
  const write = useCallback((patch: (r: Remembered) => Remembered) => localStorage.setItem(key, JSON.stringify(patch(read()))), [key, read]);
  return useMemo(() => ({ read, write }), [read, write]);
}

/**
 * The seat card's size from the room the grid really has (decision 0210): the width of the
 * grid's box, and the window's height below the grid's top less what must stay in view under
 * it (the strip of students without a seat).
 */
export function useFittedCardSize(box: RefObject<HTMLElement | null>, fit: Omit<Fit, 'width' | 'height'> & { below: number }) {
  const [room, setRoom] = useState<{ width: number; height: number } | null>(null);
  const measure = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top + window.scrollY;
    // A grid that starts low (controls stacked above it on a narrow screen) is seen after
    // scrolling: it may then take the window's height less the header.
    const from = top > window.innerHeight / 2 ? 80 : top;
    const next = { width: el.clientWidth, height: Math.max(0, window.innerHeight - from - fit.below) };
    setRoom((r) => (r && r.width === next.width && r.height === next.height ? r : next));
  }, [box, fit.below]);
  // Every render: the controls above may have wrapped differently (cheap, and only sets on change).
  useLayoutEffect(measure);
  useEffect(() => {
    const el = box.current;
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' || !el ? null : new ResizeObserver(measure);
    if (el) observer?.observe(el);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [box, measure]);
  return room ? fitCardSize({ ...fit, ...room }) : null;
}

/**
 * Unsaved changes are never lost without a word: leaving by a link of the app is
 * blocked until the teacher answers Save / Don't save / Cancel; reloading or closing the tab
 * gets the browser's own prompt.
 */
export function useLeaveGuard(modified: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => modified && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!modified) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [modified]);
  return blocker;
}

/**
 * dnd-kit's pointer sensor swallows every click on the page for 50 ms after a drop, so the
 * dropped card does not open the profile. That also swallowed a click on Save as new made right
 * after a drag (the browser test's flake). Here only clicks on a student card are swallowed.
 */
export class CardPointerSensor extends PointerSensor {
  constructor(props: PointerSensorProps) {
    super(props);
    const listeners = (
      this as unknown as { documentListeners: { add: (name: string, handler: (event: Event) => void, options?: AddEventListenerOptions) => void } }
    ).documentListeners;
    const add = listeners.add.bind(listeners);
    listeners.add = (name, handler, options) =>
      add(
        name,
        name === 'click'
          ? (event) => {
              if (event.target instanceof Element && event.target.closest('[data-student]')) handler(event);
            }
          : handler,
        options,
      );
  }
}

const NOT_YET_KEY = 'high5.seating.notYetMarker';

/** The "not yet" marker's switch: off by default, remembered by this browser (docs/decisions/0599-seating-not-yet-marker.md). */
export function useNotYetMarker() {
  const [on, setOn] = useState(() => localStorage.getItem(NOT_YET_KEY) === 'on');
  const toggle = useCallback((next: boolean) => {
    localStorage.setItem(NOT_YET_KEY, next ? 'on' : 'off');
    setOn(next);
  }, []);
  return [on, toggle] as const;
}
