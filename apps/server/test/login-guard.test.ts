import {
  CAPTCHA_AFTER_FAILURES,
  type KeysetPage,
  LOGIN_ADDRESS_LOCK_AFTER_FAILURES,
  LOGIN_LOCK_AFTER_FAILURES,
  type LoginResult,
  type TotpSetup,
} from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startServer, type TestServer } from './harness';
import { expectError, expectOk, fromIp, insertUser, tokenOf, withCaptcha, ZH } from './support/api';

/**
 * The sign-in guard (issue 21 items 7 and 10): counted atomically per account and address pair,
 * per address and per account; only the pair and the address are paused, with a back-off.
 */
let s: TestServer;
let adminToken: string;

beforeAll(async () => {
  // The per-address rate limit is not what these tests are about: set high.
  s = await startServer({ TRUST_PROXY: '1', LOGIN_RATE_LIMIT: '100000' });
  adminToken = await tokenOf(s, 'admin', fromIp('10.70.255.1'));
  for (const username of ['guard-parallel', 'guard-parallel-captcha', 'guard-backoff', 'guard-unbind']) {
    await insertUser(s, { username });
  }
});
afterAll(() => s.close());

const login = (body: Record<string, unknown>, ip: string, locale?: string) =>
  s.call<LoginResult>('POST', '/sys/login', { body, ...fromIp(ip), ...(locale ? { locale } : {}) });

/** How many attempts of `username` the login log holds with each reason. */
async function loggedReasons(username: string): Promise<Record<string, number>> {
  const page = expectOk(
    await s.call<KeysetPage<{ reason: string | null }>>('GET', '/sys/log/loginLog', {
      token: adminToken,
      query: { username, pageSize: '500' },
    }),
  );
  const counts: Record<string, number> = {};
  for (const r of page.records) counts[r.reason ?? 'OK'] = (counts[r.reason ?? 'OK'] ?? 0) + 1;
  return counts;
}

/** `body` with a right captcha, each issued to an address of its own (the issue is rate limited). */
let issued = 0;
const captcha = (body: Record<string, unknown>) => {
  issued++;
  return withCaptcha(s, body, fromIp(`10.71.${issued >> 8}.${issued & 255}`));
};

function tally(codes: (string | undefined)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of codes) counts[c ?? 'OK'] = (counts[c ?? 'OK'] ?? 0) + 1;
  return counts;
}

describe('parallel attempts cannot pass the thresholds', () => {
  it('45 at once without captcha: 3 passwords checked, 7 refused for the captcha, the rest paused', async () => {
    const user = 'guard-parallel';
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        login({ username: user, password: `Wrong-pass-${i}` }, '10.70.0.1'),
      ),
    );
    const fresh = CAPTCHA_AFTER_FAILURES;
    const expected = {
      WRONG_CREDENTIALS: fresh,
      CAPTCHA_INVALID: LOGIN_LOCK_AFTER_FAILURES - fresh,
      ACCOUNT_LOCKED: 45 - LOGIN_LOCK_AFTER_FAILURES,
    };
    expect(tally(answers.map((a) => a.body.errorCode))).toEqual(expected);
    // What was recorded agrees: exactly 3 passwords were checked.
    expect(await loggedReasons(user)).toEqual(expected);
  });

  it('45 at once, each with its own right captcha: 10 passwords checked, the rest paused', async () => {
    const user = 'guard-parallel-captcha';
    const bodies = await Promise.all(
      Array.from({ length: 45 }, (_, i) => captcha({ username: user, password: `Wrong-pass-${i}` })),
    );
    const answers = await Promise.all(bodies.map((body) => login(body, '10.70.0.2')));
    const expected = {
      WRONG_CREDENTIALS: LOGIN_LOCK_AFTER_FAILURES,
      ACCOUNT_LOCKED: 45 - LOGIN_LOCK_AFTER_FAILURES,
    };
    expect(tally(answers.map((a) => a.body.errorCode))).toEqual(expected);
    expect(await loggedReasons(user)).toEqual(expected);
  });
});

describe('nobody can lock an account for its owner', () => {
  it('an administrator with Google Authenticator signs in from another address while a stranger is paused', async () => {
    const setup = expectOk(
      await s.call<TotpSetup>('GET', '/sys/user/googleAuth/setup', {
        token: adminToken,
        ...fromIp('10.70.255.1'),
      }),
    );
    const code = (offsetS: number) =>
      generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + offsetS });
    expectOk(
      await s.call('POST', '/sys/user/googleAuth/bind', {
        token: adminToken,
        body: { code: await code(-30) },
        ...fromIp('10.70.255.1'),
      }),
    );
    // A stranger guesses the administrator's password until paused.
    for (let i = 0; i < LOGIN_LOCK_AFTER_FAILURES + 2; i++) {
      await login({ username: 'admin', password: `Guess-${i}-Aa` }, '203.0.113.66');
    }
    expectError(
      await login(await captcha({ username: 'admin', password: DEMO_PASSWORD }), '203.0.113.66'),
      429,
      'ACCOUNT_LOCKED',
      { params: { minutes: 15 } },
    );
    // The administrator, from a fresh address: the captcha (the account has failures) and the code.
    const signedIn = expectOk(
      await login(
        await captcha({ username: 'admin', password: DEMO_PASSWORD, googleCode: await code(0) }),
        '198.51.100.200',
      ),
    );
    expect(signedIn.userInfo.username).toBe('admin');
  });
});

describe('back-off', () => {
  it('a pair whose pause ended gets one more attempt; failing it pauses twice as long', async () => {
    const user = 'guard-backoff';
    const ip = '10.70.0.3';
    for (let i = 0; i < LOGIN_LOCK_AFTER_FAILURES; i++) {
      await login(await captcha({ username: user, password: `Wrong-pass-${i}` }), ip);
    }
    expectError(await login({ username: user, password: DEMO_PASSWORD }, ip), 429, 'ACCOUNT_LOCKED', {
      params: { minutes: 15 },
    });
    // The pause runs out (moved to the past rather than waited for).
    await s.app.database.db.execute(
      sql`update login_throttle set locked_until = now() - interval '1 second' where key = ${`pair:${user}|${ip}`}`,
    );
    expectError(
      await login(await captcha({ username: user, password: 'Wrong-again-1' }), ip),
      400,
      'WRONG_CREDENTIALS',
    );
    expectError(await login({ username: user, password: DEMO_PASSWORD }, ip, ZH), 429, 'ACCOUNT_LOCKED', {
      locale: ZH,
      params: { minutes: 30 },
    });
  });

  it('pauses an address that fails for many usernames (password spraying)', async () => {
    const ip = '10.70.0.4';
    for (let i = 0; i < LOGIN_ADDRESS_LOCK_AFTER_FAILURES; i++) {
      const res = await login(await captcha({ username: `spray-${i}`, password: 'Wrong-pass-1' }), ip);
      expect(res.body.errorCode).toBe('WRONG_CREDENTIALS');
    }
    expectError(
      await login(await captcha({ username: 'spray-last', password: 'Wrong-pass-1' }), ip),
      429,
      'LOGIN_ADDRESS_LOCKED',
      { params: { minutes: 15 } },
    );
  });
});

describe('Google Authenticator unbind (issue 21 item 10)', () => {
  it('takes wrong passwords like a sign-in: slower each time, then paused', async () => {
    const ip = fromIp('10.70.0.5');
    const token = await tokenOf(s, 'guard-unbind', ip);
    const setup = expectOk(await s.call<TotpSetup>('GET', '/sys/user/googleAuth/setup', { token, ...ip }));
    const code = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) - 30 });
    expectOk(await s.call('POST', '/sys/user/googleAuth/bind', { token, body: { code }, ...ip }));
    const unbind = (password: string) =>
      s.call('POST', '/sys/user/googleAuth/unbind', { token, body: { password }, ...ip });
    const waited = s.failureWaits.length;
    for (let i = 0; i < LOGIN_LOCK_AFTER_FAILURES; i++) {
      expectError(await unbind(`Guess-${i}-Aa`), 400, 'PASSWORD_WRONG');
    }
    expect(s.failureWaits.slice(waited).filter((ms) => ms > 0)).toHaveLength(
      LOGIN_LOCK_AFTER_FAILURES - CAPTCHA_AFTER_FAILURES,
    );
    // The right password no longer unbinds from here: the guesses stopped.
    expectError(await unbind(DEMO_PASSWORD), 429, 'ACCOUNT_LOCKED', { params: { minutes: 15 } });
    const profile = expectOk(
      await s.call<{ googleAuthBound: boolean }>('GET', '/sys/user/profile', { token, ...ip }),
    );
    expect(profile.googleAuthBound).toBe(true);
    expect((await loggedReasons('guard-unbind')).PASSWORD_WRONG).toBe(LOGIN_LOCK_AFTER_FAILURES);
  });
});
