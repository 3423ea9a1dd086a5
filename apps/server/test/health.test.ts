import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe('health', () => {
  it('answers the envelope', async () => {
    const res = await s.call<{ status: string }>('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200, result: { status: 'up' } });
    expect(typeof res.body.timestamp).toBe('number');
  });

  it('logs a demo user in', async () => {
    const result = await s.login('admin');
    expect(result.userInfo.realname).toBe('Ada Admin');
    expect(result.token.length).toBeGreaterThan(20);
  });
});

describe('login requirements before a username is typed', () => {
  it('answers for an empty username instead of a validation error', async () => {
    const res = await s.call<{ captchaRequired: boolean }>('GET', '/sys/loginRequirements', {
      query: { username: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ captchaRequired: false });
  });
});
