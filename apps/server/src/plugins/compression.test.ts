import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../test/factories.js';

/** A Chromebook on school Wi-Fi got every file and answer uncompressed (decision 0530). */
let t: TestApp;
let web: string;
let admin: string;
const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
const page = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<p>x</p>'.repeat(300)}</body></html>`;

/** A built web app as `vite build` leaves it: each file with its `.br` and `.gz` beside it. */
function writeBuild(dir: string) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  for (const [name, text] of [
    ['index.html', page],
    ['assets/index-abc123.js', script],
  ] as const) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
}

beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'high5-web-'));
  writeBuild(web);
  t = await buildTestApp({}, { webRoot: web });
  const school = await buildSchool(t.app);
  const teacher = await buildUser(t.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
  // Enough students for a report page well above the 1 KB threshold.
  for (let i = 0; i < 15; i++) await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: `Student${i}` });
  admin = await sessionFor(t.app, teacher.id, school.id);
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const decode = (encoding: unknown, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('the built web app', () => {
  it('sends a hashed asset as the build compressed it, by Accept-Encoding, cached for good', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const res = await get('/assets/index-abc123.js', { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length']), accept).toBeLessThan(script.length / 10);
      expect(decode(res.headers['content-encoding'], res.rawPayload), accept).toBe(script);
    }
  });

  it('sends an asset with the headers a script needs, without those only a document uses', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'referrer-policy']) expect(res.headers[name], name).toBeUndefined();
    // A missing asset is an error answer: it keeps them all.
    const missing = await get('/assets/gone-123.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('sends the file itself to a client that asks for no encoding, still saying the answer varies', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(script);
  });

  it('sends the page compressed and revalidated, at / and at any screen, with its security headers', async () => {
    for (const url of ['/', '/dashboard']) {
      const res = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(decode('br', res.rawPayload), url).toBe(page);
    }
  });
});

describe('API answers', () => {
  const report = '/v1/admin/reports/group?role=student&range=2026-10-01_2026-10-15&pageSize=100';

  it('compresses a report over 1 KB with brotli, or gzip for a client without it, keeping no-store', async () => {
    const plain = await get(report, { cookie: admin });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get(report, { cookie: admin, 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accept).toBe('no-store');
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(encoding, res.rawPayload)), accept).toEqual(plain.json());
    }
  });

  it('compresses the OpenAPI document and leaves a short answer as it is', async () => {
    const openapi = await get('/v1/openapi.json', { 'accept-encoding': 'br' });
    expect(openapi.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode('br', openapi.rawPayload)).openapi).toBe('3.1.0');
    const health = await get('/v1/health', { 'accept-encoding': 'br' });
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('sends a stored image as it is: it is compressed already', async () => {
    const local = t.app.services.localStorage!;
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4000, 7)]);
    await local.put('photos/compression-test.png', png);
    const link = new URL(await local.signedUrl('photos/compression-test.png', 60), 'http://localhost');
    const res = await get(link.pathname + link.search, { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('never inflates a compressed request body: a small upload cannot grow behind the body limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ login: 'someone@example.test', password: 'x'.repeat(20) })),
    });
    expect(res.statusCode).toBe(400);
  });
});
