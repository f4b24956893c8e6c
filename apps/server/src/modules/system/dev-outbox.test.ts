import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { buildUser } from '../../test/factories.js';
import { outbox } from '../auth/test-factories.js';

/**
 * The attack: on the default embedded server without SMTP, anyone asked for a child's
 * password reset and read the code at /dev/outbox. Now the outbox exists only in a demo asked
 * for explicitly, on loopback, for callers on this machine (docs/decisions/0150).
 */
describe('the dev outbox', () => {
  let plain: TestApp;
  let demo: TestApp;
  beforeAll(async () => {
    // DEMO unset, as `node main.ts` on the embedded database without SMTP (the old default demo).
    plain = await buildTestApp({ DEMO: undefined as unknown as string });
    demo = await buildTestApp({ DEMO: 'true', HOST: '127.0.0.1' });
  });
  afterAll(async () => {
    await plain.close();
    await demo.close();
  });

  it('is not served by an embedded server without SMTP unless the demo was asked for: the reset code stays unread', async () => {
    const child = await buildUser(plain.app, { role: 'student', email: 'child@example.test' });
    expect((await plain.call('POST', '/v1/auth/forgot-password', { body: { email: child.email } })).status).toBe(200);
    // The mail exists (the transport keeps it) but no HTTP caller can read it.
    const mails = await outbox(plain.app, 'child@example.test');
    expect(mails.length).toBe(1);
    const code = /\b\d{6}\b/.exec(mails[0]!.bodyText)![0];
    for (const remoteAddress of ['127.0.0.1', '203.0.113.7']) {
      const res = await plain.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress, headers: { host: '127.0.0.1:3000' } });
      // No outbox route: a 404, or the web app's page when a built web app is served.
      expect(res.statusCode === 404 || String(res.headers['content-type']).startsWith('text/html')).toBe(true);
      expect(res.body).not.toContain('Dev outbox');
      expect(res.body).not.toContain('child@example.test');
      expect(res.body).not.toContain(code);
    }
  });

  it('in the demo, answers only a caller on this machine that names it and came through no proxy', async () => {
    await buildUser(demo.app, { role: 'student', email: 'kid@example.test' });
    await demo.call('POST', '/v1/auth/forgot-password', { body: { email: 'kid@example.test' } });
    await outbox(demo.app, 'kid@example.test');
    const get = (remoteAddress: string, headers: Record<string, string>) => demo.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress, headers });

    const mine = await get('127.0.0.1', { host: '127.0.0.1:3000' });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('kid@example.test');
    expect(mine.headers['cache-control']).toBe('no-store');
    expect((await get('::1', { host: 'localhost:3000' })).statusCode).toBe(200);

    const refused = [
      get('203.0.113.7', { host: '127.0.0.1:3000' }), // another machine
      get('10.1.2.3', { host: 'localhost' }),
      get('127.0.0.1', { host: '127.0.0.1:3000', 'x-forwarded-for': '203.0.113.7' }), // a proxy on this machine
      get('127.0.0.1', { host: '127.0.0.1:3000', forwarded: 'for=203.0.113.7' }),
      get('127.0.0.1', { host: 'evil.example:3000' }), // DNS rebinding: a page of another site on 127.0.0.1
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('kid@example.test');
    }
  });

  it('the demo is only what was asked for, and a demo on a non-loopback HOST or behind a proxy refuses to start with one line', () => {
    expect(loadConfig({}).demo).toBe(false);
    expect(loadConfig({}).devOutbox).toBe(false);
    expect(loadConfig({ DEMO: 'true' }).devOutbox).toBe(true);
    expect(loadConfig({ DEMO: 'true', SMTP_URL: 'smtp://mail.example.test' }).devOutbox).toBe(false);
    expect(loadConfig({ DEMO: 'true', HOST: '::1' }).demo).toBe(true);
    expect(loadConfig({ DEMO: 'false', HOST: '0.0.0.0' }).demo).toBe(false);
    for (const env of [
      { DEMO: 'true', HOST: '0.0.0.0' },
      { DEMO: 'true', HOST: '192.168.1.20' },
      { DEMO: 'true', HOST: '::' },
      { DEMO: 'true', TRUST_PROXY: '1' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(/^DEMO is invalid: the demo and its dev outbox serve only this machine/);
    }
  });
});
