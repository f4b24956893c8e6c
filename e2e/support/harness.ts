import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { expect, onTestFailed } from 'vitest';
import { buildTestApp, type TestApp } from '../../apps/server/src/test/build-test-app.js';
import { sessionFor } from '../../apps/server/src/test/factories.js';
import { farTimeZone } from './calendar.js';

const TRACE = Boolean(process.env.E2E_TRACE);
const FLAGS = [
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
const WEBGL_FLAGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

export interface Harness extends TestApp {
  baseUrl: string;
  browser: Browser;
  /**
   * A new browser context (its own cookies) in `locale`, at `width` px, in `timeZone` (by default one on
   * another date than the test schools, `farTimeZone()`: screens must take today from the school).
   */
  newPage(options?: {
    locale?: 'en-US' | 'es-ES';
    width?: number;
    height?: number;
    reducedMotion?: boolean;
    timeZone?: string;
  }): Promise<{ context: BrowserContext; page: Page }>;
  /** Signs `context` in as `userId` without the sign-in screen (tests of other screens). */
  signInAs(context: BrowserContext, userId: string, schoolId?: string): Promise<void>;
}

/**
 * The real server on a fresh database, listening on a free port and serving the built
 * web app, and Debian's Chromium. Tests arrange their data with the server's factories.
 */
export async function startHarness(options: { webgl?: boolean; env?: Record<string, string>; port?: number } = {}): Promise<Harness> {
  const t = await buildTestApp(options.env);
  // A fixed `port` lets a test give the server its own PUBLIC_URL (e-mail links, Google's redirect).
  await t.app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: options.webgl ? [...FLAGS.filter((f) => f !== '--disable-gpu'), ...WEBGL_FLAGS] : FLAGS,
  });
  return {
    ...t,
    baseUrl,
    browser,
    async newPage({ locale = 'en-US', width = 1280, height = 800, reducedMotion = true, timeZone = farTimeZone() } = {}) {
      const context = await browser.newContext({
        locale,
        timezoneId: timeZone,
        viewport: { width, height },
        baseURL: baseUrl,
        reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
      });
      // E2E_TRACE=1: DOM snapshots of every action, kept when the test fails (off by default: they cost time on every action).
      if (TRACE) await context.tracing.start({ snapshots: true });
      const page = await context.newPage();
      countApiRequests(page);
      keepScreenshotOnFailure(page);
      return { context, page };
    },
    async signInAs(context, userId, schoolId) {
      const cookie = await sessionFor(t.app, userId, schoolId ?? null);
      await context.addCookies([{ name: 'high5_session', value: cookie.split('=')[1]!, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    },
    async close() {
      await browser.close();
      await t.close();
    },
  };
}

const pending = new WeakMap<Page, Set<unknown>>();

/** Keeps the API requests `page` has in flight, for `apiSettled`. */
function countApiRequests(page: Page) {
  const inFlight = new Set<unknown>();
  pending.set(page, inFlight);
  const api = (url: string) => new URL(url).pathname.startsWith('/v1/');
  page.on('request', (r) => api(r.url()) && inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
}

/**
 * Waits until the page has no API request in flight: what a screen shows once its data came (in
 * place of Playwright's `networkidle`, which waits half a second more and counts every file).
 * After an action that starts a request, wait for that response first.
 */
export async function apiSettled(page: Page) {
  await expect.poll(() => pending.get(page)?.size ?? 0).toBe(0);
}

/** WCAG 2.0, 2.1 and 2.2 A/AA (2.2 adds target size, 2.5.8) and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe's violations on the page as it is now, one line each. */
async function axeViolations(page: Page) {
  // A dialog fading in has not reached its real colours yet.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}

/**
 * Fails the test when axe still finds a violation after 10 s: checked again until clean, so a menu or
 * tooltip that has not started fading in yet when it is called does not make the test flaky.
 */
export async function expectNoAxeViolations(page: Page) {
  await expect.poll(() => axeViolations(page), { timeout: 10_000, interval: 250 }).toEqual([]);
}

/**
 * On a failed test, the page as it was goes to .tmp/e2e-failures/<test>.png (beside the test reports) and, with E2E_TRACE=1, the trace of its
 * context to <test>.zip (`npx playwright-core show-trace <zip>`); the run's log says where.
 */
const FAILURES = new URL('../../.tmp/e2e-failures', import.meta.url).pathname;

function keepScreenshotOnFailure(page: Page) {
  try {
    onTestFailed(async ({ task }) => {
      if (page.isClosed()) return;
      mkdirSync(FAILURES, { recursive: true });
      const base = `${FAILURES}/${task.name.replace(/\W+/g, '-').slice(0, 80)}-${Date.now()}`;
      await page.screenshot({ path: `${base}.png`, fullPage: true }).catch(() => undefined);
      if (TRACE)
        await page
          .context()
          .tracing.stop({ path: `${base}.zip` })
          .catch(() => undefined);
      console.error(`Screenshot of the failed test: ${base}.png${TRACE ? `, its trace: ${base}.zip` : ' (E2E_TRACE=1 keeps a trace too)'}`);
    });
  } catch {
    // Opened outside a test (beforeAll): nothing to attach the hook to.
  }
}
