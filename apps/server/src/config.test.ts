import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, in every environment', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
  });

  it('takes a hop count or a list of addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 10.0.0.0/8 ,::1, fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('stops the server with one line naming it for anything else', () => {
    for (const value of ['true', '*', '0', '11', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/2', '300.1.1.1', '10.0.0.1,,nope']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/^TRUST_PROXY is invalid: /);
    }
  });
});

describe('REDIS_URL', () => {
  it('is optional, and must be a redis:// or rediss:// address', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(loadConfig({ REDIS_URL: 'rediss://user:secret@cache.example.com:6380' }).redisUrl).toBe('rediss://user:secret@cache.example.com:6380');
    for (const value of ['127.0.0.1:6379', 'http://cache', 'redis://'])
      expect(() => loadConfig({ REDIS_URL: value }), value).toThrow(/^REDIS_URL is invalid: /);
  });
});
