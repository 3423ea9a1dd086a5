import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ LOGIN_RATE_LIMIT: '3' });
});
afterAll(() => s.close());

describe('rate limits', () => {
  it('limits login attempts per address', async () => {
    for (let i = 0; i < 3; i++) {
      const ok = await s.call('POST', '/sys/login', {
        body: { username: 'admin', password: 'Switchboard1' },
      });
      expect(ok.status).toBe(200);
    }
    const limited = await s.call('POST', '/sys/login', {
      body: { username: 'admin', password: 'Switchboard1' },
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 429, errorCode: 'TOO_MANY_REQUESTS' });
    const zh = await s.call('POST', '/sys/login', {
      body: { username: 'admin', password: 'Switchboard1' },
      locale: 'zh-CN',
    });
    // The answer says how long to wait, in the caller's words and in Retry-After (a minute's window).
    const seconds = Number(zh.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(zh.body.message).toBe(`请求过于频繁，请${seconds} 秒后再试`);
    expect(limited.body.message).toMatch(/^Too many requests, please try again in \d+ seconds?$/);
  });

  it('limits requests to unknown routes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) statuses.push((await s.call('GET', `/no/such/route/${i}`)).status);
    expect(statuses.slice(0, 120).every((st) => st === 404)).toBe(true);
    expect(statuses.slice(120).every((st) => st === 429)).toBe(true);
  });
});
