import { LIMITS } from '@high5/contract';
import { useEffect, useState } from 'react';

/*
 * The logo splash is drawn by index.html from the first paint, when the first-paint script chose
 * to show it (html[data-splash], vite.config.ts `firstPaint`), so its 3500 ms run while the app
 * downloads (docs/decisions/0614). The sign-in screen takes it over: it renders under it and fades
 * in as the splash fades out, when its 3500 ms from the first paint are over. Any other first
 * screen (a signed-in user, an error) ends it at once.
 */

const page = document.documentElement;
const FADE_MS = 600;

/** What is left of the page's splash, 0 when this visit shows none. */
function splashLeftMs() {
  if (page.dataset.splash !== 'on') return 0;
  return Math.max(0, LIMITS.splashMs - (performance.now() - Number(page.dataset.splashAt)));
}

/** Fades the page's splash out and takes it away. */
export function endSplash() {
  if (page.dataset.splash !== 'on') return;
  page.dataset.splash = 'out';
  setTimeout(() => delete page.dataset.splash, FADE_MS);
}

/** Whether the page's splash still covers the screen; when `wanted` is false it ends at once. */
export function useSplash(wanted: boolean): boolean {
  const [playing, setPlaying] = useState(() => splashLeftMs() > 0);
  const show = wanted && playing;
  useEffect(() => {
    if (!show) return endSplash();
    const timer = setTimeout(() => setPlaying(false), splashLeftMs());
    return () => clearTimeout(timer);
  }, [show]);
  return show;
}
