import {
  API_PREFIX,
  type ApiKeyIssued,
  type Envelope,
  parseMoney,
  SMS_API_RECIPIENTS_MAX,
  type SmsApiBalance,
  type SmsApiMessage,
  type SmsApiSendResult,
  translateError,
  units,
} from '@switchboard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, smsBatches, smsMessages } from '../src/schema';
import { startServer, type TestServer } from './harness';
import {
  DIRECT,
  EN,
  eventually,
  expectError,
  expectFieldError,
  expectOk,
  TWO_WAY,
  text,
  tokenOf,
  ZH,
} from './support/api';
import { FakeGateways, FakeRouting } from './support/sms-fakes';
import { apiSuite } from './support/suite';

const CN = '8613800138000';
const CN2 = '8613900139000';
const GB = '447812345678';
const BR = '5511987654321';

const gateways = new FakeGateways();
const routing = new FakeRouting(gateways);
const { s, tokens } = apiSuite(['admin'], () =>
  startServer(
    { TRUST_PROXY: '1', SMS_POLL_MS: '20', SMS_SWEEP_MS: '100' },
    { services: { gateways, routing }, workers: true },
  ),
);
const keys: Record<string, { apiKey: string; apiSecret: string }> = {};

interface ApiCall {
  key?: { apiKey: string; apiSecret: string };
  authorization?: string;
  body?: unknown;
  ip?: string;
  locale?: string;
  headers?: Record<string, string>;
}

/** A call to the customer API (`/api/openapi/v1…`) with HTTP Basic. */
async function api<T>(method: string, path: string, options: ApiCall = {}) {
  const headers: Record<string, string> = {
    'X-Forwarded-For': options.ip ?? '198.51.100.7',
    ...options.headers,
  };
  if (options.key) {
    headers.authorization = `Basic ${Buffer.from(`${options.key.apiKey}:${options.key.apiSecret}`).toString('base64')}`;
  }
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  if (options.locale) headers['X-Locale'] = options.locale;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${s().baseUrl}${API_PREFIX}/openapi/v1${path}`, { method, headers, body });
  return {
    status: response.status,
    body: (await response.json()) as Envelope<T>,
    headers: response.headers,
  };
}

const send = (key: { apiKey: string; apiSecret: string }, body: unknown, extra: ApiCall = {}) =>
  api<SmsApiSendResult>('POST', '/sms', { key, body, ...extra });

async function generate(company: string) {
  const res = await s().call<ApiKeyIssued>('POST', '/sys/apiSecret/generate', {
    token: tokens.admin,
    body: { companyId: company },
  });
  const { apiKey, apiSecret } = expectOk(res);
  return { apiKey, apiSecret };
}

async function freshCompany(): Promise<string> {
  const [row] = await s()
    .app.database.db.insert(companies)
    .values({
      name: `SMS API ${Math.random().toString(36).slice(2, 10)}`,
      type: 'direct',
      approvalStatus: 'approved',
    })
    .returning({ id: companies.id });
  return row!.id;
}

const messageRow = async (id: string) => {
  const [row] = await s().app.database.db.select().from(smsMessages).where(eq(smsMessages.id, id));
  return row!;
};

beforeAll(async () => {
  for (const id of [DIRECT, TWO_WAY]) {
    await s().app.services.ledger.credit(id, 'topup', units(100), `sms-api-test-topup-${id}`);
  }
  keys.direct = await generate(DIRECT);
  keys.twoWay = await generate(TWO_WAY);
});

describe('authentication: HTTP Basic with an API key and its secret', () => {
  it('refuses a call without credentials, asking for Basic, in both languages', async () => {
    for (const locale of [EN, ZH]) {
      const res = await api('GET', '/balance', { locale });
      expectError(res, 401, 'API_BASIC_AUTH_REQUIRED', { locale });
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
    }
    expectError(
      await api('GET', '/balance', { authorization: 'Bearer abc' }),
      401,
      'API_BASIC_AUTH_REQUIRED',
    );
    expectError(await api('GET', '/balance', { authorization: 'Basic !!!' }), 401, 'API_BASIC_AUTH_REQUIRED');
  });

  it('refuses a wrong secret and an unknown key alike, in both languages', async () => {
    const wrong = { apiKey: keys.direct!.apiKey, apiSecret: `${keys.direct!.apiSecret}x` };
    const unknown = { apiKey: 'ak_00000000000000000000000000000000', apiSecret: keys.direct!.apiSecret };
    for (const key of [wrong, unknown]) {
      const res = await api('GET', '/balance', { key, locale: ZH });
      expectError(res, 401, 'API_CREDENTIALS_INVALID', { locale: ZH });
    }
  });

  it('refuses a disabled or revoked key', async () => {
    const key = await generate(DIRECT);
    expectOk(await api('GET', '/balance', { key }));
    expectOk(
      await s().call('POST', '/sys/apiSecret/disable', { token: tokens.admin, body: { apiKey: key.apiKey } }),
    );
    expectError(await api('GET', '/balance', { key }), 401, 'API_KEY_DISABLED');
    expectOk(
      await s().call('POST', '/sys/apiSecret/revoke', { token: tokens.admin, body: { apiKey: key.apiKey } }),
    );
    // A revoked key's secret is erased: right or wrong, the answer is a wrong secret's (issue 21).
    const wrong = { apiKey: key.apiKey, apiSecret: `${key.apiSecret}x` };
    for (const credentials of [key, wrong]) {
      expectError(await api('GET', '/balance', { key: credentials }), 401, 'API_CREDENTIALS_INVALID');
    }
  });

  it('refuses control characters and overlong values in the credentials with a 4xx, never a 500', async () => {
    const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
    const secret = keys.direct!.apiSecret;
    for (const authorization of [
      basic(`${keys.direct!.apiKey}\u0000:${secret}`),
      basic(`\u0000:${secret}`),
      basic(`ak_\u0001x:${secret}`),
      basic(`${keys.direct!.apiKey}:${secret}\u0000`),
      basic(`${'a'.repeat(65)}:${secret}`),
      basic(`${keys.direct!.apiKey}:${'s'.repeat(257)}`),
    ]) {
      const res = await api('GET', '/balance', { authorization });
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe('API_BASIC_AUTH_REQUIRED');
    }
    // A user name that is no key's form: a wrong key, without a database read.
    expectError(
      await api('GET', '/balance', { authorization: basic(`x';--:${secret}`) }),
      401,
      'API_CREDENTIALS_INVALID',
    );
    // The console's token header: bytes outside visible ASCII or an overlong value are no token.
    for (const token of ['é'.repeat(10), 'x'.repeat(257)]) {
      const res = await fetch(`${s().baseUrl}${API_PREFIX}/sys/user/profile`, {
        headers: { 'X-Access-Token': token },
      });
      expect(res.status).toBe(401);
    }
  });

  it('enforces the company’s API IP whitelist', async () => {
    const company = await freshCompany();
    const key = await generate(company);
    expectOk(
      await s().call('POST', '/sys/ipWhiteList/add', {
        token: tokens.admin,
        body: { companyId: company, rule: '10.0.0.0/8' },
      }),
    );
    const refused = await api('GET', '/balance', { key, ip: '203.0.113.5', locale: ZH });
    expectError(refused, 403, 'API_IP_NOT_ALLOWED', { locale: ZH, params: { ip: '203.0.113.5' } });
    expectError(
      await send(key, { kind: 'otp', to: CN, text: 'x' }, { ip: '203.0.113.5' }),
      403,
      'API_IP_NOT_ALLOWED',
      {
        params: { ip: '203.0.113.5' },
      },
    );
    expectOk(await api('GET', '/balance', { key, ip: '10.20.30.40' }));
  });

  it('refuses a frozen or disabled company, and serves it again when thawed', async () => {
    const company = await freshCompany();
    const key = await generate(company);
    expectOk(await api('GET', '/balance', { key }));
    for (const [path, flag] of [
      ['/sys/company/frozen', 'frozen'],
      ['/sys/company/enabled', 'enabled'],
    ] as const) {
      const blocking = flag === 'frozen';
      expectOk(
        await s().call('PUT', path, { token: tokens.admin, body: { ids: [company], [flag]: blocking } }),
      );
      expectError(await api('GET', '/balance', { key }), 403, 'API_COMPANY_NOT_ACTIVE');
      expectError(await send(key, { kind: 'otp', to: CN, text: 'x' }), 403, 'API_COMPANY_NOT_ACTIVE');
      expectOk(
        await s().call('PUT', path, { token: tokens.admin, body: { ids: [company], [flag]: !blocking } }),
      );
      expectOk(await api('GET', '/balance', { key }));
    }
  });
});

describe('POST /sms', () => {
  it('accepts one number: stored with source api, priced and charged, answered with its id', async () => {
    const before = await s().app.services.ledger.balanceOf(DIRECT);
    const result = expectOk(
      await send(keys.direct!, {
        kind: 'notification',
        to: `+${CN}`,
        text: 'Your parcel is here',
        clientRef: 'ref-1',
      }),
    );
    expect(result.messages).toHaveLength(1);
    const [m] = result.messages;
    expect(m).toMatchObject({ to: CN, parts: 1, status: 'accepted', errorCode: null, reason: null });
    expect(parseMoney(m!.price)! > 0n).toBe(true);
    const row = await messageRow(m!.id!);
    expect(row).toMatchObject({
      source: 'api',
      kind: 'notification',
      clientRef: 'ref-1',
      batchId: result.batchId,
    });
    const after = await s().app.services.ledger.balanceOf(DIRECT);
    expect(before.balance - after.balance).toBe(parseMoney(m!.price));
  });

  it('answers each number of a list with its own status: invalid and unroutable ones do not fail the request', async () => {
    for (const locale of [EN, ZH]) {
      const res = await send(
        keys.direct!,
        { kind: 'marketing', to: [CN, 'not-a-number', BR, GB, CN], text: 'Sale today' },
        { locale },
      );
      const result = expectOk(res);
      const byTo = result.messages;
      expect(byTo).toHaveLength(5);
      expect(byTo[0]).toMatchObject({ to: CN, status: 'accepted' });
      expect(byTo[1]).toMatchObject({
        status: 'invalid_number',
        errorCode: 'NUMBER_INVALID',
        reason: text('NUMBER_INVALID', locale),
        price: '0.000000',
      });
      expect(byTo[2]).toMatchObject({
        to: BR,
        status: 'failed',
        errorCode: 'NO_ROUTE',
        reason: text('NO_ROUTE', locale),
      });
      expect(byTo[3]).toMatchObject({ to: GB, status: 'accepted' });
      expect(byTo[4]).toMatchObject({ id: null, status: 'failed', errorCode: 'NUMBER_DUPLICATE' });
    }
  });

  it('maps otp_premium to premium OTP (premium routes only) and answers it as otp_premium', async () => {
    const result = expectOk(await send(keys.direct!, { kind: 'otp_premium', to: GB, text: 'Code 1234' }));
    const id = result.messages[0]!.id!;
    expect((await messageRow(id)).kind).toBe('premium_otp');
    await eventually(
      async () => expect(gateways.submitsOf(id)[0]?.gatewayId).toBe(gateways.ids.premium),
      10_000,
    );
    const message = expectOk(await api<SmsApiMessage>('GET', `/sms/${id}`, { key: keys.direct }));
    expect(message.kind).toBe('otp_premium');
  });

  it('validates the body with messages in the caller’s language', async () => {
    const tooMany = Array.from(
      { length: SMS_API_RECIPIENTS_MAX + 1 },
      (_, i) => `86138${String(i).padStart(8, '0')}`,
    );
    for (const locale of [EN, ZH]) {
      const res = await send(keys.direct!, { kind: 'otp', to: tooMany, text: 'x' }, { locale });
      expectFieldError(
        res,
        'to',
        text('BATCH_TOO_LARGE', locale, { field: 'to', max: SMS_API_RECIPIENTS_MAX }),
      );
      const noText = await send(keys.direct!, { kind: 'otp', to: CN }, { locale });
      expect(noText.status).toBe(400);
      expect(noText.body.errors?.map((e) => e.field)).toContain('text');
      const badKind = await send(keys.direct!, { kind: 'premium_otp', to: CN, text: 'x' }, { locale });
      expect(badKind.status).toBe(400);
      expect(badKind.body.errors?.map((e) => e.field)).toContain('kind');
    }
    const past = await send(
      keys.direct!,
      { kind: 'otp', to: CN, text: 'x', scheduledAt: new Date(Date.now() - 3_600_000).toISOString() },
      { locale: ZH },
    );
    expectError(past, 400, 'SCHEDULE_IN_PAST', { locale: ZH });
  });

  it('schedules a send for later', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const result = expectOk(
      await send(keys.direct!, {
        kind: 'notification',
        to: CN2,
        text: 'Later',
        scheduledAt: at.toISOString(),
      }),
    );
    const [batch] = await s()
      .app.database.db.select()
      .from(smsBatches)
      .where(eq(smsBatches.id, result.batchId));
    expect(batch!.scheduledAt?.getTime()).toBe(at.getTime());
    expect(batch!.source).toBe('api');
  });
});

describe('Idempotency-Key', () => {
  it('answers the same key and body with the first answer, sending once', async () => {
    const key = `order-${Math.random().toString(36).slice(2)}`;
    const body = { kind: 'notification', to: [CN, GB], text: 'Once only', clientRef: 'idem' };
    const first = await send(keys.direct!, body, { headers: { 'Idempotency-Key': key } });
    const firstResult = expectOk(first);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // The same body with its keys in another order is the same body.
    const reordered = { clientRef: 'idem', text: 'Once only', to: [CN, GB], kind: 'notification' };
    const again = await send(keys.direct!, reordered, { headers: { 'Idempotency-Key': key } });
    expect(expectOk(again)).toEqual(firstResult);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const batches = await s()
      .app.database.db.select()
      .from(smsMessages)
      .where(eq(smsMessages.clientRef, 'idem'));
    expect(batches).toHaveLength(2);
    // Another company may use the same key for its own request.
    expectOk(await send(keys.twoWay!, body, { headers: { 'Idempotency-Key': key } }));
  });

  it('sends once when the same key and body arrive at the same time', async () => {
    const key = `race-${Math.random().toString(36).slice(2)}`;
    const body = { kind: 'otp', to: CN2, text: 'At once', clientRef: key };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(keys.direct!, body, { headers: { 'Idempotency-Key': key } })),
    );
    const batchIds = new Set(answers.map((a) => expectOk(a).batchId));
    expect(batchIds.size).toBe(1);
    const rows = await s().app.database.db.select().from(smsMessages).where(eq(smsMessages.clientRef, key));
    expect(rows).toHaveLength(1);
  });

  it('refuses the same key with another body (409, both languages), and a malformed key', async () => {
    const key = `k-${Math.random().toString(36).slice(2)}`;
    expectOk(
      await send(keys.direct!, { kind: 'otp', to: CN, text: 'A' }, { headers: { 'Idempotency-Key': key } }),
    );
    for (const locale of [EN, ZH]) {
      const res = await send(
        keys.direct!,
        { kind: 'otp', to: CN, text: 'B' },
        { headers: { 'Idempotency-Key': key }, locale },
      );
      expectError(res, 409, 'IDEMPOTENCY_KEY_REUSED', { locale });
    }
    const bad = await send(
      keys.direct!,
      { kind: 'otp', to: CN, text: 'A' },
      { headers: { 'Idempotency-Key': 'a'.repeat(129) }, locale: ZH },
    );
    expectError(bad, 400, 'IDEMPOTENCY_KEY_INVALID', { locale: ZH });
  });

  it('does not keep a key whose request was refused, and forgets keys after 24 hours', async () => {
    const key = `k-${Math.random().toString(36).slice(2)}`;
    const past = new Date(Date.now() - 60_000).toISOString();
    expectError(
      await send(
        keys.direct!,
        { kind: 'otp', to: CN, text: 'A', scheduledAt: past },
        { headers: { 'Idempotency-Key': key } },
      ),
      400,
      'SCHEDULE_IN_PAST',
    );
    const first = expectOk(
      await send(keys.direct!, { kind: 'otp', to: CN, text: 'B' }, { headers: { 'Idempotency-Key': key } }),
    );
    const purged = await s().app.services.smsApi.purge(new Date(Date.now() + 25 * 3_600_000));
    expect(purged.keys).toBeGreaterThan(0);
    const afterPurge = expectOk(
      await send(keys.direct!, { kind: 'otp', to: CN, text: 'C' }, { headers: { 'Idempotency-Key': key } }),
    );
    expect(afterPurge.batchId).not.toBe(first.batchId);
  });
});

describe('GET /sms/{id} and GET /balance', () => {
  it('answers a message of the caller’s company with its final status', async () => {
    const result = expectOk(
      await send(keys.direct!, { kind: 'otp', to: CN, text: 'Code 42', clientRef: 'look-up' }),
    );
    const id = result.messages[0]!.id!;
    const submit = await eventually(async () => {
      const found = gateways.submitsOf(id)[0];
      expect(found).toBeDefined();
      return found!;
    });
    await eventually(async () => expect((await messageRow(id)).status).toBe('sent'));
    const upstream = submit.outcome.ok ? submit.outcome.upstreamIds[0]! : '';
    await gateways.receipt(submit.gatewayId, upstream, 'delivered');
    const message = await eventually(async () => {
      const m = expectOk(await api<SmsApiMessage>('GET', `/sms/${id}`, { key: keys.direct }));
      expect(m.status).toBe('delivered');
      return m;
    });
    expect(message).toMatchObject({
      id,
      to: CN,
      kind: 'otp',
      parts: 1,
      errorCode: null,
      clientRef: 'look-up',
    });
    expect(message.price).toBe(result.messages[0]!.price);
    expect(new Date(message.submittedAt).getTime()).toBeLessThanOrEqual(new Date(message.doneAt!).getTime());
  });

  it('a key never sees another company’s messages', async () => {
    const result = expectOk(await send(keys.direct!, { kind: 'otp', to: CN, text: 'Mine' }));
    const id = result.messages[0]!.id!;
    for (const locale of [EN, ZH]) {
      const res = await api('GET', `/sms/${id}`, { key: keys.twoWay, locale });
      expectError(res, 404, 'NOT_FOUND', { locale });
    }
    expect((await api('GET', '/sms/not-a-uuid', { key: keys.direct })).status).toBe(400);
  });

  it('answers the balance of the caller’s company', async () => {
    const balance = expectOk(await api<SmsApiBalance>('GET', '/balance', { key: keys.twoWay }));
    const ledger = await s().app.services.ledger.balanceOf(TWO_WAY);
    expect(parseMoney(balance.balance)).toBe(ledger.balance);
    expect(parseMoney(balance.available)).toBe(ledger.balance + ledger.creditLimit);
    expect(balance.currency).toBe(ledger.currency);
  });
});

describe('the customer API’s OpenAPI document', () => {
  it('is public, describes the customer routes with HTTP Basic, and the staff document leaves them out', async () => {
    const response = await fetch(`${s().baseUrl}${API_PREFIX}/openapi/v1/openapi.json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/openapi/v1/balance',
      '/api/openapi/v1/sms',
      '/api/openapi/v1/sms/{id}',
    ]);
    expect(doc.paths['/api/openapi/v1/sms']!.post!.security).toEqual([{ basicAuth: [] }]);
    expect(doc.components.securitySchemes.basicAuth).toEqual({ type: 'http', scheme: 'basic' });
    // Each route lists the codes it may answer: its own and those of every customer API route.
    const send = (
      doc.paths['/api/openapi/v1/sms'] as Record<
        string,
        { 'x-error-codes'?: { code: string; message: string }[]; description?: string }
      >
    ).post!;
    const codes = send['x-error-codes']!.map((e) => e.code);
    for (const code of [
      'IDEMPOTENCY_KEY_REUSED',
      'SMS_SEND_REFUSED',
      'API_CREDENTIALS_INVALID',
      'API_IP_NOT_ALLOWED',
      'VALIDATION_FAILED',
      'TOO_MANY_REQUESTS',
      'DATABASE_UNAVAILABLE',
    ])
      expect(codes).toContain(code);
    expect(send['x-error-codes']).toContainEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: translateError('IDEMPOTENCY_KEY_REUSED', 'en-US'),
    });
    expect(send.description).toContain('`API_IP_NOT_ALLOWED`');
    const staff = await s().call<unknown>('GET', '/openapi.json', { token: tokens.admin });
    const staffPaths = Object.keys((staff.body as unknown as { paths: Record<string, unknown> }).paths);
    expect(staffPaths.some((p) => p.startsWith('/api/openapi/v1'))).toBe(false);
    expect(staffPaths.length).toBeGreaterThan(50);
  });
});

describe('rate limit per API key', () => {
  let limited: TestServer;
  afterAll(() => limited?.close());

  it('limits each key on its own', async () => {
    limited = await startServer({ SMS_API_RATE_LIMIT: '3' }, { services: { gateways, routing } });
    const admin = await tokenOf(limited, 'admin');
    const issue = async (company: string) => {
      const res = await limited.call<ApiKeyIssued>('POST', '/sys/apiSecret/generate', {
        token: admin,
        body: { companyId: company },
      });
      const { apiKey, apiSecret } = expectOk(res);
      return `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;
    };
    const [a, b] = [await issue(DIRECT), await issue(TWO_WAY)];
    const balance = (authorization: string) =>
      fetch(`${limited.baseUrl}${API_PREFIX}/openapi/v1/balance`, {
        headers: { authorization, 'X-Locale': ZH },
      });
    for (let i = 0; i < 3; i++) expect((await balance(a)).status).toBe(200);
    const refused = await balance(a);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as Envelope<unknown>;
    expect(body.errorCode).toBe('TOO_MANY_REQUESTS');
    expect(body.message).toBe(
      text('TOO_MANY_REQUESTS', ZH, { wait: Number(refused.headers.get('retry-after')) }),
    );
    expect((await balance(b)).status).toBe(200);
  });
});
