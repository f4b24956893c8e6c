/**
 * What a Chromebook on school Wi-Fi waits for: Chromium (playwright-core) on a throttled
 * profile, 1.6 Mbps down, 750 kbps up, 150 ms round trip, CPU 4x slower, a cold cache for every run,
 * through CDP (Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate).
 *
 * Per run: the sign-in page's bytes on the wire and the time until its form is usable (the login
 * field drawn and enabled, counted from the navigation's start); then, after pressing Sign in, the
 * time until the student's dashboard shows its counts and the bytes that cost. The median of the
 * runs is reported. Bytes are CDP's `encodedDataLength`: headers and bodies as they crossed the wire.
 */
import { chromium, type CDPSession, type Page } from 'playwright-core';

export interface PageLoadRun {
  signInBytes: number;
  signInUsableMs: number;
  dashboardBytes: number;
  dashboardShownMs: number;
}

const PROFILE = { latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9, cpuRate: 4 };

/** Sums the bytes received from now on; `take()` returns them and starts again from zero. */
async function wireCounter(cdp: CDPSession, verbose: boolean) {
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => void (bytes += event.encodedDataLength));
  if (verbose) waterfall(cdp);
  await cdp.send('Network.enable');
  return {
    take() {
      const taken = bytes;
      bytes = 0;
      return taken;
    },
  };
}

/** `--verbose`: each request's start and end (ms from the first request) and its bytes, in order. */
function waterfall(cdp: CDPSession) {
  let t0: number | undefined;
  const urls = new Map<string, { url: string; start: number }>();
  const ms = (t: number) => Math.round((t - (t0 ??= t)) * 1000);
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; timestamp: number; request: { url: string } }) => {
    urls.set(e.requestId, { url: e.request.url.replace(/^https?:\/\/[^/]+/, ''), start: ms(e.timestamp) });
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
    const r = urls.get(e.requestId);
    if (r)
      process.stdout.write(
        `  ${String(r.start).padStart(6)} → ${String(ms(e.timestamp)).padStart(6)} ms  ${(e.encodedDataLength / 1024).toFixed(1).padStart(6)} KB  ${r.url}\n`,
      );
  });
}

async function throttle(page: Page, verbose: boolean) {
  const cdp = await page.context().newCDPSession(page);
  const counter = await wireCounter(cdp, verbose);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latency,
    downloadThroughput: PROFILE.downloadThroughput,
    uploadThroughput: PROFILE.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuRate });
  return counter;
}

async function oneRun(page: Page, baseUrl: string, login: string, password: string, verbose: boolean): Promise<PageLoadRun> {
  const counter = await throttle(page, verbose);
  const loginField = page.locator('input[autocomplete="username"]');
  const started = Date.now();
  await page.goto(baseUrl + '/', { waitUntil: 'commit' });
  await loginField.waitFor({ state: 'visible', timeout: 120_000 });
  // A string: this script is typed without the DOM's types.
  await page.waitForFunction(`document.querySelector('input[autocomplete="username"]')?.disabled === false`);
  const signInUsableMs = Date.now() - started;
  if (verbose) process.stdout.write(`  -- sign-in form usable at ${signInUsableMs} ms (wall clock from goto)\n`);
  // Everything the sign-in page fetches on its own (catalogs, the session check) before typing.
  await page.waitForLoadState('load');
  await page.locator('form button[type="submit"]').waitFor({ state: 'visible' });
  const signInBytes = counter.take();
  await loginField.fill(login);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  const pressed = Date.now();
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('count').first().waitFor({ state: 'visible', timeout: 120_000 });
  const dashboardShownMs = Date.now() - pressed;
  if (verbose) process.stdout.write(`  -- dashboard shown ${dashboardShownMs} ms after Sign in\n`);
  return { signInBytes, signInUsableMs, dashboardBytes: counter.take(), dashboardShownMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `runs` cold-cache sign-ins of `login` against the server at `baseUrl`; the median of each figure. */
export async function measurePageLoad(
  baseUrl: string,
  login: string,
  password: string,
  runs = 3,
  verbose = false,
  noSplash = false,
): Promise<{ median: PageLoadRun; runs: PageLoadRun[] }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'],
  });
  const all: PageLoadRun[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      // A new context each run: no cache, no cookies, no service worker left from the last.
      const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 768 } });
      // `--no-splash`: as on a second visit in the same browser session (the splash plays once, decision 0054).
      if (noSplash) await context.addInitScript(`sessionStorage.setItem('high5.splashShown', '1')`);
      try {
        all.push(await oneRun(await context.newPage(), baseUrl, login, password, verbose));
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  const pick = (key: keyof PageLoadRun) => median(all.map((r) => r[key]));
  return {
    median: {
      signInBytes: pick('signInBytes'),
      signInUsableMs: pick('signInUsableMs'),
      dashboardBytes: pick('dashboardBytes'),
      dashboardShownMs: pick('dashboardShownMs'),
    },
    runs: all,
  };
}

export function pageLoadTable(result: { median: PageLoadRun; runs: PageLoadRun[] }) {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
  const row = (label: string, r: PageLoadRun) =>
    `${label.padEnd(8)}  ${kb(r.signInBytes).padStart(9)}  ${s(r.signInUsableMs).padStart(8)}  ${kb(r.dashboardBytes).padStart(9)}  ${s(r.dashboardShownMs).padStart(8)}`;
  return [
    `Throttled page load (1.6 Mbps, 150 ms RTT, CPU 4x, cold cache), ${result.runs.length} runs; goals: sign-in <= 215 KB and usable <= 3 s, dashboard <= 70 KB more and shown <= 2.5 s after Sign in`,
    'run       sign-in KB  usable    dash. KB   shown',
    ...result.runs.map((r, i) => row(`#${i + 1}`, r)),
    row('median', result.median),
  ].join('\n');
}
