import { randomUUID } from 'node:crypto';
import {
  API_PREFIX,
  type LoginResult,
  type Page,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_PER_ADDRESS_HOUR,
  SMS_CODE_PER_PHONE_HOUR,
  type SmsTestRecord,
} from '@switchboard/contracts';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '../src/modules/sms';
import { ConfigError, loadConfig } from '../src/platform/config';
import { loginLog, smsCodes, smsMessages, users } from '../src/schema';
import { startServer, type TestServer } from './harness';
import {
  EN,
  eventually,
  expectError,
  expectFieldError,
  expectOk,
  fromIp,
  text,
  tokenOf,
  ZH,
} from './support/api';
import { FakeGateways, FakeRouting } from './support/sms-fakes';

/** The fake gateways, plus the lookup the test tool uses to check a chosen gateway exists. */
class Gateways extends FakeGateways {
  async get(id: string) {
    const name = (await this.namesOf([id])).get(id);
    return name ? ({ id, name } as never) : undefined;
  }
}

let s: TestServer;
const gateways = new Gateways();
const routing = new FakeRouting(gateways);
const db = () => s.app.database.db;
const tokens: Record<string, string> = {};
let ipSeq = 0;
/** A request address of its own per use (limits count per address). */
const freshIp = () => `198.51.100.${++ipSeq}`;

/** Gives `username` a phone of its own (E.164) and answers it. */
async function phoneFor(username: string, phone: string) {
  await db().update(users).set({ phone, status: 1 }).where(eq(users.username, username));
  return phone;
}

/** The code as the phone got it: the text the gateway was handed for this number. */
async function codeSentTo(phone: string): Promise<string> {
  const digits = phone.replace('+', '');
  return eventually(async () => {
    const sent = gateways.submits.filter((x) => x.sms.to === digits);
    const last = sent.at(-1);
    if (!last) throw new Error(`nothing sent to ${phone}`);
    return /\d{6}/.exec(last.sms.text)![0];
  });
}

async function requestCode(phone: string, purpose: 'login' | 'reset', ip = freshIp(), locale = EN) {
  const before = gateways.submits.length;
  const res = await s.call<{ resendAfter: number; expiresIn: number }>('POST', '/sys/sms', {
    body: { phone, purpose },
    locale,
    ...fromIp(ip),
  });
  return { res, before };
}

beforeAll(async () => {
  s = await startServer(
    { TRUST_PROXY: '1', SMS_POLL_MS: '20', SMS_SWEEP_MS: '100' },
    { services: { gateways, routing }, workers: true },
  );
  // Signed in before any test counts failed attempts against these users.
  for (const user of ['admin', 'customer2', 'agent', 'sales']) tokens[user] = await tokenOf(s, user);
});
afterAll(() => s?.close());

describe('INSECURE_FIXED_OTP (browser tests only)', () => {
  it('is off unless set, and refused without SEED_DEMO', () => {
    expect(loadConfig({}).fixedOtp).toBeUndefined();
    expect(() => loadConfig({ INSECURE_FIXED_OTP: '123456' })).toThrow(ConfigError);
    expect(() => loadConfig({ SEED_DEMO: '1', INSECURE_FIXED_OTP: '12345' })).toThrow(ConfigError);
    expect(loadConfig({ SEED_DEMO: '1', INSECURE_FIXED_OTP: '123456' }).fixedOtp).toBe('123456');
  });
});

describe('POST /sys/sms (codes sent by SMS)', () => {
  it('sends a 6-digit code through the platform’s own OTP path, charged to no one, stored hashed', async () => {
    const phone = await phoneFor('customer', '+8613800138101');
    const { res } = await requestCode(phone, 'login');
    expect(expectOk(res)).toEqual({ resendAfter: 60, expiresIn: 300 });
    expect(res.body.message).toBe(text('SMS_CODE_SENT' as never));
    const code = await codeSentTo(phone);
    expect(code).toMatch(/^\d{6}$/);
    const [message] = await db()
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.toNumber, '8613800138101'))
      .orderBy(desc(smsMessages.createdAt))
      .limit(1);
    expect(message).toMatchObject({
      companyId: PLATFORM_COMPANY_ID,
      kind: 'otp',
      source: 'system',
      price: 0n,
    });
    expect(message!.text).toContain('expires in 5 minutes');
    const [row] = await db().select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.messageId).toBe(message!.id);
  });

  it('masks the code for everyone who reads the records: list, detail, batches and export (both languages)', async () => {
    const phone = await phoneFor('sales', '+8613800138103');
    for (const locale of [EN, ZH]) {
      await db()
        .update(smsCodes)
        .set({ createdAt: new Date(Date.now() - 120_000) })
        .where(eq(smsCodes.phone, phone));
      expectOk((await requestCode(phone, 'login', freshIp(), locale)).res);
    }
    const code = await codeSentTo(phone);
    const records = await eventually(async () => {
      const page = expectOk(
        await s.call<Page<{ id: string; to: string; text: string }>>('GET', '/sms/otpReguler/list', {
          token: tokens.admin,
          query: { number: '8613800138103', pageSize: '50' },
        }),
      );
      if (page.records.length < 2) throw new Error(`${page.records.length} records`);
      return page.records;
    });
    for (const record of records) {
      expect(record.text).not.toMatch(/\d{4}/);
      expect(record.text).toMatch(/Your verification code is \*{6}\.|您的验证码为\*{6}，/);
      const one = expectOk(
        await s.call<{ text: string }>('GET', '/sms/otpReguler/queryById', {
          token: tokens.admin,
          query: { id: record.id },
        }),
      );
      expect(one.text).toBe(record.text);
    }
    const batches = expectOk(
      await s.call<Page<{ text: string }>>('GET', '/sms/otpReguler/batchList', {
        token: tokens.admin,
        query: { pageSize: '100' },
      }),
    );
    expect(batches.records.length).toBeGreaterThan(0);
    for (const batch of batches.records) expect(batch.text).not.toContain(code);
    const res = await fetch(`${s.baseUrl}${API_PREFIX}/sms/otpReguler/exportXls?number=8613800138103`, {
      headers: { 'X-Access-Token': tokens.admin! },
    });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const cells: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.value));
      });
    });
    expect(cells.some((c) => c.includes('******'))).toBe(true);
    expect(cells.some((c) => c.includes(code))).toBe(false);
  });

  it('writes the code in the caller’s language', async () => {
    const phone = await phoneFor('customer2', '+8613800138102');
    expectOk((await requestCode(phone, 'reset', freshIp(), ZH)).res);
    await codeSentTo(phone);
    const last = gateways.submits.filter((x) => x.sms.to === '8613800138102').at(-1)!;
    expect(last.sms.text).toMatch(/^您的验证码为\d{6}，5分钟内有效/);
  });

  it('answers an unknown phone alike and sends nothing', async () => {
    const before = gateways.submits.length;
    const res = (await requestCode('+8613800138199', 'login')).res;
    expect(expectOk(res)).toEqual({ resendAfter: 60, expiresIn: 300 });
    const rows = await db().select().from(smsCodes).where(eq(smsCodes.phone, '+8613800138199'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toBeNull();
    expect(gateways.submits.slice(before).some((x) => x.sms.to === '8613800138199')).toBe(false);
  });

  it('refuses bad input in both languages', async () => {
    const missing = await s.call('POST', '/sys/sms', { body: { purpose: 'login' }, ...fromIp(freshIp()) });
    expectFieldError(missing, 'phone', text('PHONE_REQUIRED'));
    const invalid = await s.call('POST', '/sys/sms', {
      body: { phone: '+86123', purpose: 'login' },
      locale: ZH,
      ...fromIp(freshIp()),
    });
    expectError(invalid, 400, 'PHONE_INVALID', { locale: ZH });
    const purpose = await s.call('POST', '/sys/sms', {
      body: { phone: '+8613800138000', purpose: 'other' },
      ...fromIp(freshIp()),
    });
    expect(purpose.status).toBe(400);
  });

  it('limits one code a minute and a few an hour per phone (TOO_MANY_REQUESTS, both languages)', async () => {
    const phone = '+8613800138150';
    expectOk((await requestCode(phone, 'login')).res);
    // Refused with the wait until the minute has passed, in the caller's words and Retry-After.
    const again = (await requestCode(phone, 'login')).res;
    const wait = Number(again.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expectError(again, 429, 'TOO_MANY_REQUESTS', { params: { wait } });
    expect(again.body.message).toMatch(/^Too many requests, please try again in \d+ seconds?$/);
    const zh = (await requestCode(phone, 'reset', freshIp(), ZH)).res;
    expectError(zh, 429, 'TOO_MANY_REQUESTS', {
      locale: ZH,
      params: { wait: Number(zh.headers.get('retry-after')) },
    });
    expect(zh.body.message).toMatch(/^请求过于频繁，请\d+ 秒后再试$/);
    // The minute passed (the codes made earlier): the hourly limit still holds.
    await db()
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(smsCodes.phone, phone));
    for (let i = 1; i < SMS_CODE_PER_PHONE_HOUR; i++) {
      expectOk((await requestCode(phone, 'login')).res);
      await db()
        .update(smsCodes)
        .set({ createdAt: new Date(Date.now() - 120_000) })
        .where(eq(smsCodes.phone, phone));
    }
    // The hour's limit frees when the oldest of the hour's codes is an hour old: about 58 minutes.
    const hourly = (await requestCode(phone, 'login')).res;
    const hourlyWait = Number(hourly.headers.get('retry-after'));
    expect(hourlyWait).toBeGreaterThan(50 * 60);
    expect(hourlyWait).toBeLessThanOrEqual(58 * 60);
    expectError(hourly, 429, 'TOO_MANY_REQUESTS', { params: { wait: hourlyWait } });
    expect(hourly.body.message).toMatch(/^Too many requests, please try again in 5\d minutes$/);
  });

  it('limits the codes one address asks for in an hour', async () => {
    const ip = freshIp();
    for (let i = 0; i < SMS_CODE_PER_ADDRESS_HOUR; i++) {
      expectOk((await requestCode(`+86138001382${String(i).padStart(2, '0')}`, 'login', ip)).res);
    }
    // Free again when the first of them is an hour old.
    const refused = (await requestCode('+8613800138299', 'login', ip)).res;
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(50 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
    expectError(refused, 429, 'TOO_MANY_REQUESTS', { params: { wait } });
    // Another address is not held up.
    expectOk((await requestCode('+8613800138298', 'login')).res);
  });
});

describe('POST /sys/phoneLogin', () => {
  it('signs in with the code: the same result as the password sign-in; the code works once', async () => {
    const phone = await phoneFor('agent', '+8613800138301');
    expectOk((await requestCode(phone, 'login')).res);
    const code = await codeSentTo(phone);
    const ip = freshIp();
    const res = await s.call<LoginResult>('POST', '/sys/phoneLogin', {
      body: { phone, code },
      ...fromIp(ip),
    });
    const result = expectOk(res);
    expect(result.userInfo.username).toBe('agent');
    expect(result.token).toBeTruthy();
    const password = await s.login('agent');
    expect(Object.keys(result).sort()).toEqual(Object.keys(password).sort());
    expect(result.userInfo).toEqual(password.userInfo);
    // The token works.
    expectOk(await s.call('GET', '/sys/permission/getUserPermissionByToken', { token: result.token }));
    // Once only.
    const again = await s.call('POST', '/sys/phoneLogin', {
      body: { phone, code },
      locale: ZH,
      ...fromIp(ip),
    });
    expectError(again, 400, 'SMS_CODE_INVALID', { locale: ZH });
    const [log] = await db()
      .select()
      .from(loginLog)
      .where(and(eq(loginLog.username, 'agent'), eq(loginLog.method, 'smsCode'), eq(loginLog.success, true)));
    expect(log).toBeDefined();
  });

  it('refuses a wrong code (counted as a failed sign-in), an expired one and a code for another purpose', async () => {
    const phone = await phoneFor('sales', '+8613800138302');
    expectOk((await requestCode(phone, 'login')).res);
    const code = await codeSentTo(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const ip = freshIp();
    expectError(
      await s.call('POST', '/sys/phoneLogin', { body: { phone, code: wrong }, ...fromIp(ip) }),
      400,
      'SMS_CODE_INVALID',
    );
    const failures = await db()
      .select()
      .from(loginLog)
      .where(
        and(eq(loginLog.username, 'sales'), eq(loginLog.method, 'smsCode'), eq(loginLog.success, false)),
      );
    expect(failures.length).toBeGreaterThanOrEqual(1);
    // Five minutes later the right code is refused too.
    await db()
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(smsCodes.phone, phone));
    expectError(
      await s.call('POST', '/sys/phoneLogin', { body: { phone, code }, ...fromIp(ip) }),
      400,
      'SMS_CODE_INVALID',
    );
    // A reset code does not sign in.
    await db().delete(smsCodes).where(eq(smsCodes.phone, phone));
    expectOk((await requestCode(phone, 'reset')).res);
    const resetCode = await codeSentTo(phone);
    expectError(
      await s.call('POST', '/sys/phoneLogin', { body: { phone, code: resetCode }, ...fromIp(ip) }),
      400,
      'SMS_CODE_INVALID',
    );
  });

  it(`spends a code after ${SMS_CODE_MAX_ATTEMPTS} wrong tries, and a newer code replaces an older one`, async () => {
    const phone = await phoneFor('distributor', '+8613800138303');
    expectOk((await requestCode(phone, 'login')).res);
    const first = await codeSentTo(phone);
    await db()
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(smsCodes.phone, phone));
    expectOk((await requestCode(phone, 'login')).res);
    const second = await eventually(async () => {
      const c = await codeSentTo(phone);
      const sent = gateways.submits.filter((x) => x.sms.to === '8613800138303');
      if (sent.length < 2) throw new Error('second code not sent yet');
      return c;
    });
    if (first !== second) {
      expectError(
        await s.call('POST', '/sys/phoneLogin', { body: { phone, code: first }, ...fromIp(freshIp()) }),
        400,
        'SMS_CODE_INVALID',
      );
    }
    const wrong = second === '000000' ? '111111' : '000000';
    for (let i = first !== second ? 1 : 0; i < SMS_CODE_MAX_ATTEMPTS; i++) {
      expectError(
        await s.call('POST', '/sys/phoneLogin', { body: { phone, code: wrong }, ...fromIp(freshIp()) }),
        400,
        'SMS_CODE_INVALID',
      );
    }
    expectError(
      await s.call('POST', '/sys/phoneLogin', { body: { phone, code: second }, ...fromIp(freshIp()) }),
      400,
      'SMS_CODE_INVALID',
    );
  });

  it('refuses a frozen user as the password sign-in does (both languages)', async () => {
    const phone = await phoneFor('customer2', '+8613800138304');
    await db().update(users).set({ status: 2 }).where(eq(users.username, 'customer2'));
    try {
      expectOk((await requestCode(phone, 'login')).res);
      const code = await codeSentTo(phone);
      expectError(
        await s.call('POST', '/sys/phoneLogin', { body: { phone, code }, locale: ZH, ...fromIp(freshIp()) }),
        403,
        'ACCOUNT_FROZEN',
        { locale: ZH },
      );
    } finally {
      await db().update(users).set({ status: 1 }).where(eq(users.username, 'customer2'));
    }
  });

  it('locks the user after repeated wrong codes, as the login guard does', async () => {
    // The guard pauses an account from one address (never for everyone: see login-guard.test).
    const phone = await phoneFor('agentcustomer', '+8613800138305');
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await s.call('POST', '/sys/phoneLogin', { body: { phone, code: '000000' }, ...fromIp(ip) });
      expect(res.status).toBe(400);
    }
    const locked = await s.call('POST', '/sys/phoneLogin', {
      body: { phone, code: '123456' },
      ...fromIp(ip),
    });
    expectError(locked, 429, 'ACCOUNT_LOCKED', { params: { minutes: 15 } });
    await db().delete(loginLog).where(eq(loginLog.username, 'agentcustomer'));
  });

  it('refuses malformed codes with a clear message', async () => {
    const res = await s.call('POST', '/sys/phoneLogin', {
      body: { phone: '+8613800138000', code: '12ab' },
      locale: ZH,
      ...fromIp(freshIp()),
    });
    expectFieldError(res, 'code', text('SMS_CODE_INVALID', ZH));
  });
});

describe('POST /sys/user/passwordReset (/user/alteration)', () => {
  it('sets a new password with the code and ends every session of the user', async () => {
    const username = 'customer';
    const phone = await phoneFor(username, '+8613800138401');
    const token = await tokenOf(s, username);
    expectOk((await requestCode(phone, 'reset')).res);
    const code = await codeSentTo(phone);
    const weak = await s.call('POST', '/sys/user/passwordReset', {
      body: { phone, code, password: 'short', confirmpassword: 'short' },
      locale: ZH,
      ...fromIp(freshIp()),
    });
    expectFieldError(weak, 'password', text('PASSWORD_TOO_WEAK', ZH));
    const different = await s.call('POST', '/sys/user/passwordReset', {
      body: { phone, code, password: 'NewPass123', confirmpassword: 'NewPass124' },
      ...fromIp(freshIp()),
    });
    expectFieldError(different, 'confirmpassword', text('PASSWORDS_DIFFERENT'));
    const res = await s.call('POST', '/sys/user/passwordReset', {
      body: { phone, code, password: 'NewPass123', confirmpassword: 'NewPass123' },
      ...fromIp(freshIp()),
    });
    expectOk(res);
    expect(res.body.message).toBe(text('PASSWORD_RESET' as never));
    // The old session ended; the new password signs in.
    const old = await s.call('GET', '/sys/permission/getUserPermissionByToken', { token });
    expect(old.status).toBe(401);
    const login = await s.call<LoginResult>('POST', '/sys/login', {
      body: { username, password: 'NewPass123' },
      ...fromIp(freshIp()),
    });
    expectOk(login);
    // The code was used.
    const again = await s.call('POST', '/sys/user/passwordReset', {
      body: { phone, code, password: 'Other1234', confirmpassword: 'Other1234' },
      locale: ZH,
      ...fromIp(freshIp()),
    });
    expectError(again, 400, 'SMS_CODE_INVALID', { locale: ZH });
  });

  it('refuses a wrong code (logged as a failed reset) and a frozen user', async () => {
    const phone = await phoneFor('customer2', '+8613800138402');
    expectOk((await requestCode(phone, 'reset')).res);
    const code = await codeSentTo(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(
      await s.call('POST', '/sys/user/passwordReset', {
        body: { phone, code: wrong, password: 'NewPass123', confirmpassword: 'NewPass123' },
        ...fromIp(freshIp()),
      }),
      400,
      'SMS_CODE_INVALID',
    );
    const [failed] = await db()
      .select()
      .from(loginLog)
      .where(and(eq(loginLog.username, 'customer2'), eq(loginLog.method, 'passwordReset')));
    expect(failed).toMatchObject({ success: false, reason: 'SMS_CODE_INVALID' });
    await db().update(users).set({ status: 2 }).where(eq(users.username, 'customer2'));
    try {
      expectError(
        await s.call('POST', '/sys/user/passwordReset', {
          body: { phone, code, password: 'NewPass123', confirmpassword: 'NewPass123' },
          ...fromIp(freshIp()),
        }),
        403,
        'ACCOUNT_FROZEN',
      );
    } finally {
      await db().update(users).set({ status: 1 }).where(eq(users.username, 'customer2'));
    }
  });
});

describe('/sms/testTool (administrators)', () => {
  it('sends through the chosen gateway (routing bypassed, not charged) and traces submit, ids and receipt', async () => {
    const admin = tokens.admin!;
    const record = expectOk(
      await s.call<SmsTestRecord>('POST', '/sms/testTool/send', {
        token: admin,
        body: { gatewayId: gateways.ids.b, to: '+8613800138501', text: 'Test via b' },
      }),
    );
    expect(record).toMatchObject({
      gatewayId: gateways.ids.b,
      gatewayName: 'fake-b',
      to: '8613800138501',
      username: 'admin',
    });
    // The trace is live: the dispatcher may have taken it already.
    expect(['accepted', 'queued', 'sent']).toContain(record.status);
    // Routing would try a first: the test goes to b only.
    const submitted = await eventually(async () => {
      const r = expectOk(
        await s.call<SmsTestRecord>('GET', '/sms/testTool/queryById', {
          token: admin,
          query: { id: record.id },
        }),
      );
      if (r.status !== 'sent') throw new Error(r.status);
      return r;
    });
    expect(gateways.submitsOf(record.messageId!).map((x) => x.gatewayId)).toEqual([gateways.ids.b]);
    expect(submitted.parts).toHaveLength(1);
    const upstreamId = submitted.parts[0]!.upstreamId;
    await gateways.receipt(gateways.ids.b, upstreamId, 'delivered');
    const done = await eventually(async () => {
      const r = expectOk(
        await s.call<SmsTestRecord>('GET', '/sms/testTool/queryById', {
          token: admin,
          query: { id: record.id },
        }),
      );
      if (r.status !== 'delivered') throw new Error(r.status);
      return r;
    });
    expect(done.parts[0]).toMatchObject({ upstreamId, status: 'delivered' });
    expect(done.doneAt).toBeTruthy();
    const [message] = await db().select().from(smsMessages).where(eq(smsMessages.id, record.messageId!));
    expect(message).toMatchObject({ companyId: PLATFORM_COMPANY_ID, source: 'system', price: 0n });
    const list = expectOk(
      await s.call<Page<SmsTestRecord>>('GET', '/sms/testTool/list', {
        token: admin,
        query: { pageSize: '50' },
      }),
    );
    expect(list.records[0]).toMatchObject({ id: record.id, status: 'delivered' });
  });

  it('answers an unknown gateway and bad input clearly', async () => {
    const admin = tokens.admin!;
    expectError(
      await s.call('POST', '/sms/testTool/send', {
        token: admin,
        locale: ZH,
        body: { gatewayId: randomUUID(), to: '+8613800138501', text: 'x' },
      }),
      404,
      'NOT_FOUND',
      { locale: ZH },
    );
    const bad = await s.call('POST', '/sms/testTool/send', {
      token: admin,
      body: { gatewayId: 'nope', to: '', text: 'x' },
    });
    expect(bad.status).toBe(400);
    const invalid = expectOk(
      await s.call<SmsTestRecord>('POST', '/sms/testTool/send', {
        token: admin,
        body: { gatewayId: gateways.ids.a, to: '12', text: 'x' },
      }),
    );
    expect(invalid).toMatchObject({ status: 'invalid_number', errorCode: 'NUMBER_INVALID' });
  });

  it('is for administrators only', async () => {
    for (const user of ['customer2', 'agent', 'sales']) {
      const token = tokens[user];
      for (const [method, path] of [
        ['POST', '/sms/testTool/send'],
        ['GET', '/sms/testTool/list'],
        ['GET', '/sms/testTool/queryById'],
      ] as const) {
        const res = await s.call(method, path, {
          token,
          query: { id: randomUUID() },
          body:
            method === 'POST' ? { gatewayId: gateways.ids.a, to: '+8613800138501', text: 'x' } : undefined,
        });
        expect(res.status, `${user} ${path}`).toBe(403);
      }
    }
    expect((await s.call('GET', '/sms/testTool/list')).status).toBe(401);
  });
});
