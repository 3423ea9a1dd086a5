import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import {
  API_KEYS_PER_COMPANY_MAX,
  API_PREFIX,
  type ApiIpRuleRecord,
  type ApiKeyIssued,
  type ApiKeyRecord,
  type CallbackConfig,
  type CallbackTestResult,
  type Envelope,
  type Page,
  SMS_API_PREFIX,
  verifyCallbackSignature,
} from '@switchboard/contracts';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCore } from '../src/app';
import { SECRETS_KEY_SETTING } from '../src/modules/api-access/secrets';
import type { AuthContext } from '../src/platform/access';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db';
import { apiKeys, companies, settings } from '../src/schema';
import { startServer, type TestServer } from './harness';
import {
  ACME,
  AGENCY_CLIENT,
  DIRECT,
  EN,
  expectError,
  expectFieldError,
  expectNoInternals,
  expectOk,
  NORTHWIND,
  TWO_WAY,
  tokenOf,
  userId,
  ZH,
} from './support/api';
import { apiSuite, DEMO_USERS } from './support/suite';

/** Every secret answered so far: none may appear anywhere else. */
const secretsSeen: string[] = [];

// X-Forwarded-For names the caller's address (API IP whitelist tests); the callback receiver of
// these tests listens on 127.0.0.1.
const { s, tokens } = apiSuite(DEMO_USERS, () =>
  startServer({ TRUST_PROXY: '1', CALLBACK_ALLOW_PRIVATE: '1' }),
);

const as = (user: string, locale = EN) => ({ token: tokens[user], locale });

async function generate(user: string, body: Record<string, unknown> = {}) {
  const res = await s().call<ApiKeyIssued>('POST', '/sys/apiSecret/generate', { ...as(user), body });
  const issued = expectOk(res);
  secretsSeen.push(issued.apiSecret);
  return issued;
}

const listKeys = (user: string, query: Record<string, string> = {}) =>
  s().call<Page<ApiKeyRecord>>('GET', '/sys/apiSecret/list', { ...as(user), query });

/** A company of its own for a test (approved unless said otherwise). */
async function freshCompany(approvalStatus: 'approved' | 'waiting' = 'approved'): Promise<string> {
  const [row] = await s()
    .app.database.db.insert(companies)
    .values({ name: `API access ${Math.random().toString(36).slice(2, 10)}`, type: 'direct', approvalStatus })
    .returning({ id: companies.id });
  return row!.id;
}

interface ApiCallOptions {
  ip?: string;
  locale?: string;
}

const basic = (apiKey: string, apiSecret: string) =>
  `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;

/**
 * A call to the customer API with HTTP Basic (its balance: every customer route checks the
 * credentials alike).
 */
async function apiCall(apiKey: string, apiSecret: string, options: ApiCallOptions = {}) {
  const response = await fetch(`${s().baseUrl}${API_PREFIX}${SMS_API_PREFIX}/balance`, {
    headers: {
      authorization: basic(apiKey, apiSecret),
      'X-Forwarded-For': options.ip ?? '198.51.100.10',
      ...(options.locale ? { 'X-Locale': options.locale } : {}),
    },
  });
  return { status: response.status, body: (await response.json()) as Envelope, headers: response.headers };
}

describe('/sys/apiSecret: generate, list, rotate, disable, revoke', () => {
  it('generates a key whose secret is answered once and never listed', async () => {
    const issued = await generate('customer', { label: '  Billing server  ' });
    expect(issued.apiKey).toMatch(/^ak_[0-9a-f]{32}$/);
    expect(issued.apiSecret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(issued.key).toMatchObject({
      apiKey: issued.apiKey,
      companyId: DIRECT,
      companyName: 'Direct Retail Ltd',
      label: 'Billing server',
      state: 'active',
      createdBy: 'customer',
      rotatedAt: null,
      previousSecretValidUntil: null,
      lastUsedAt: null,
    });
    expect(JSON.stringify(issued.key)).not.toContain(issued.apiSecret);
    const list = expectOk(await listKeys('customer'));
    const row = list.records.find((k) => k.apiKey === issued.apiKey);
    expect(row).toBeDefined();
    expect(Object.keys(row!).sort()).toEqual(
      [
        'apiKey',
        'companyId',
        'companyName',
        'createdAt',
        'createdBy',
        'id',
        'label',
        'lastUsedAt',
        'lastUsedIp',
        'previousSecretValidUntil',
        'rotatedAt',
        'state',
      ].sort(),
    );
    expect(JSON.stringify(list)).not.toContain(issued.apiSecret);
    // Stored sealed: the row holds no trace of the secret.
    const [stored] = await s()
      .app.database.db.select()
      .from(apiKeys)
      .where(eq(apiKeys.apiKey, issued.apiKey));
    expect(stored!.secretSealed).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(issued.apiSecret.slice(3));
  });

  it('a new key opens the customer API, and its use is recorded', async () => {
    const { apiKey, apiSecret } = await generate('customer2');
    expectOk(await apiCall(apiKey, apiSecret, { ip: '203.0.113.9' }));
    const row = expectOk(await listKeys('customer2')).records.find((k) => k.apiKey === apiKey)!;
    expect(row.lastUsedIp).toBe('203.0.113.9');
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('rotates: the new secret is valid at once, the old one for its grace period only', async () => {
    const first = await generate('customer');
    const rotated = expectOk(
      await s().call<ApiKeyIssued>('POST', '/sys/apiSecret/rotate', {
        ...as('customer'),
        body: { apiKey: first.apiKey, graceMinutes: 30 },
      }),
    );
    secretsSeen.push(rotated.apiSecret);
    expect(rotated.apiKey).toBe(first.apiKey);
    expect(rotated.apiSecret).not.toBe(first.apiSecret);
    expect(rotated.key.rotatedAt).not.toBeNull();
    const until = new Date(rotated.key.previousSecretValidUntil!).getTime();
    expect(Math.abs(until - (Date.now() + 30 * 60_000))).toBeLessThan(60_000);
    expectOk(await apiCall(first.apiKey, rotated.apiSecret));
    expectOk(await apiCall(first.apiKey, first.apiSecret));
    // Rotating again at once (no grace): only the newest secret is valid.
    const again = expectOk(
      await s().call<ApiKeyIssued>('POST', '/sys/apiSecret/rotate', {
        ...as('customer'),
        body: { apiKey: first.apiKey, graceMinutes: 0 },
      }),
    );
    secretsSeen.push(again.apiSecret);
    expect(again.key.previousSecretValidUntil).toBeNull();
    expectError(await apiCall(first.apiKey, first.apiSecret), 401, 'API_CREDENTIALS_INVALID');
    expectError(await apiCall(first.apiKey, rotated.apiSecret), 401, 'API_CREDENTIALS_INVALID');
    expect((await apiCall(first.apiKey, again.apiSecret)).status).toBe(200);
  });

  it('the default grace is one day; it ends when its time is up', async () => {
    const key = await generate('customer');
    const rotated = expectOk(
      await s().call<ApiKeyIssued>('POST', '/sys/apiSecret/rotate', {
        ...as('customer'),
        body: { apiKey: key.apiKey },
      }),
    );
    secretsSeen.push(rotated.apiSecret);
    const until = new Date(rotated.key.previousSecretValidUntil!).getTime();
    expect(Math.abs(until - (Date.now() + 86_400_000))).toBeLessThan(60_000);
    await s()
      .app.database.db.update(apiKeys)
      .set({ previousValidUntil: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.apiKey, key.apiKey));
    expectError(await apiCall(key.apiKey, key.apiSecret), 401, 'API_CREDENTIALS_INVALID');
    // The purge job erases the expired secret.
    await s().app.services.apiAccess.purge();
    const [row] = await s().app.database.db.select().from(apiKeys).where(eq(apiKeys.apiKey, key.apiKey));
    expect(row!.previousSecretSealed).toBeNull();
  });

  it('disables, enables and revokes; a revoked key is gone for good', async () => {
    const { apiKey, apiSecret } = await generate('customer', { label: 'to revoke' });
    const disabled = expectOk(
      await s().call<ApiKeyRecord>('POST', '/sys/apiSecret/disable', { ...as('customer'), body: { apiKey } }),
    );
    expect(disabled.state).toBe('disabled');
    expectError(await apiCall(apiKey, apiSecret), 401, 'API_KEY_DISABLED');
    expectError(await apiCall(apiKey, apiSecret, { locale: ZH }), 401, 'API_KEY_DISABLED', { locale: ZH });
    // A wrong secret on a disabled key says only that the secret is wrong.
    expectError(await apiCall(apiKey, 'sk_x'), 401, 'API_CREDENTIALS_INVALID');
    expect(
      expectOk(
        await s().call<ApiKeyRecord>('POST', '/sys/apiSecret/enable', {
          ...as('customer'),
          body: { apiKey },
        }),
      ).state,
    ).toBe('active');
    expect((await apiCall(apiKey, apiSecret)).status).toBe(200);
    const renamed = expectOk(
      await s().call<ApiKeyRecord>('PUT', '/sys/apiSecret/edit', {
        ...as('customer'),
        body: { apiKey, label: 'Old' },
      }),
    );
    expect(renamed.label).toBe('Old');

    const revoked = expectOk(
      await s().call<ApiKeyRecord>('POST', '/sys/apiSecret/revoke', { ...as('customer'), body: { apiKey } }),
    );
    expect(revoked.state).toBe('revoked');
    // Its secrets are erased: the right secret and a wrong one answer alike (issue 21 item 12).
    expectError(await apiCall(apiKey, apiSecret), 401, 'API_CREDENTIALS_INVALID');
    expectError(await apiCall(apiKey, 'sk_x'), 401, 'API_CREDENTIALS_INVALID');
    const [row] = await s().app.database.db.select().from(apiKeys).where(eq(apiKeys.apiKey, apiKey));
    expect(row).toMatchObject({ secretSealed: null, previousSecretSealed: null });
    for (const action of ['rotate', 'enable', 'disable']) {
      expectError(
        await s().call('POST', `/sys/apiSecret/${action}`, { ...as('customer'), body: { apiKey } }),
        409,
        'API_KEY_REVOKED',
      );
    }
    // Revoking again changes nothing.
    expect(
      expectOk(
        await s().call<ApiKeyRecord>('POST', '/sys/apiSecret/revoke', {
          ...as('customer'),
          body: { apiKey },
        }),
      ).state,
    ).toBe('revoked');
    expect(expectOk(await listKeys('customer', { state: 'revoked' })).records.map((k) => k.apiKey)).toContain(
      apiKey,
    );
  });

  it('holds at most the limit of keys per company; revoked ones do not count', async () => {
    const company = await freshCompany();
    const made: string[] = [];
    for (let i = 0; i < API_KEYS_PER_COMPANY_MAX; i++)
      made.push((await generate('admin', { companyId: company })).apiKey);
    const refused = await s().call('POST', '/sys/apiSecret/generate', {
      ...as('admin'),
      body: { companyId: company },
    });
    expectError(refused, 409, 'API_KEY_LIMIT', { params: { max: API_KEYS_PER_COMPANY_MAX } });
    const refusedZh = await s().call('POST', '/sys/apiSecret/generate', {
      ...as('admin', ZH),
      body: { companyId: company },
    });
    expectError(refusedZh, 409, 'API_KEY_LIMIT', { locale: ZH, params: { max: API_KEYS_PER_COMPANY_MAX } });
    await s().call('POST', '/sys/apiSecret/revoke', { ...as('admin'), body: { apiKey: made[0] } });
    await generate('admin', { companyId: company });
    expect(expectOk(await listKeys('admin', { companyId: company, pageSize: '50' })).total).toBe(
      API_KEYS_PER_COMPANY_MAX + 1,
    );
  });

  it('keeps the limit under concurrency', async () => {
    const company = await freshCompany();
    const answers = await Promise.all(
      Array.from({ length: API_KEYS_PER_COMPANY_MAX + 5 }, () =>
        s().call<ApiKeyIssued>('POST', '/sys/apiSecret/generate', {
          ...as('admin'),
          body: { companyId: company },
        }),
      ),
    );
    for (const a of answers) if (a.status === 200) secretsSeen.push(a.body.result.apiSecret);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(API_KEYS_PER_COMPANY_MAX);
    expect(answers.filter((a) => a.body.errorCode === 'API_KEY_LIMIT')).toHaveLength(5);
  });

  it('refuses API use for a company that is not active', async () => {
    const company = await freshCompany('waiting');
    const { apiKey, apiSecret } = await generate('admin', { companyId: company });
    expectError(await apiCall(apiKey, apiSecret), 403, 'API_COMPANY_NOT_ACTIVE');
    expectError(await apiCall(apiKey, apiSecret, { locale: ZH }), 403, 'API_COMPANY_NOT_ACTIVE', {
      locale: ZH,
    });
  });

  it('stops a frozen or disabled company’s API at once, and opens it again when thawed or enabled', async () => {
    const company = await freshCompany();
    const { apiKey, apiSecret } = await generate('admin', { companyId: company });
    expectOk(await apiCall(apiKey, apiSecret));
    for (const [path, flag] of [
      ['/sys/company/frozen', 'frozen'],
      ['/sys/company/enabled', 'enabled'],
    ] as const) {
      const blocking = flag === 'frozen';
      expectOk(await s().call('PUT', path, { ...as('admin'), body: { ids: [company], [flag]: blocking } }));
      expectError(await apiCall(apiKey, apiSecret), 403, 'API_COMPANY_NOT_ACTIVE');
      expectOk(await s().call('PUT', path, { ...as('admin'), body: { ids: [company], [flag]: !blocking } }));
      expectOk(await apiCall(apiKey, apiSecret));
    }
  });
});

describe('tenant isolation of API keys', () => {
  let directKey: string;
  let clientKey: string;

  beforeAll(async () => {
    directKey = (await generate('customer', { label: 'isolation' })).apiKey;
    clientKey = (await generate('agentcustomer', { label: 'isolation' })).apiKey;
  });

  it('a customer sees and manages its own company’s keys only', async () => {
    const own = expectOk(await listKeys('agentcustomer'));
    expect(own.records.every((k) => k.companyId === AGENCY_CLIENT)).toBe(true);
    expectError(await listKeys('agentcustomer', { companyId: DIRECT }), 403, 'NO_OPERATION_PERMISSION');
    expectError(await listKeys('customer', { companyId: ACME }), 403, 'NO_OPERATION_PERMISSION');
    for (const action of ['rotate', 'disable', 'revoke']) {
      expectError(
        await s().call('POST', `/sys/apiSecret/${action}`, {
          ...as('agentcustomer'),
          body: { apiKey: directKey },
        }),
        404,
        'NOT_FOUND',
      );
    }
    expectError(
      await s().call('POST', '/sys/apiSecret/generate', { ...as('customer'), body: { companyId: TWO_WAY } }),
      403,
      'NO_OPERATION_PERMISSION',
    );
  });

  it('a reseller reads its customers’ keys but cannot change them, and never sees others’', async () => {
    for (const reseller of ['agent', 'distributor']) {
      const theirs = expectOk(await listKeys(reseller, { companyId: AGENCY_CLIENT }));
      expect(theirs.records.map((k) => k.apiKey)).toContain(clientKey);
      expect(JSON.stringify(theirs)).not.toMatch(/sk_/);
      for (const action of ['rotate', 'disable', 'revoke']) {
        expectError(
          await s().call('POST', `/sys/apiSecret/${action}`, {
            ...as(reseller),
            body: { apiKey: clientKey },
          }),
          403,
          'NO_OPERATION_PERMISSION',
        );
      }
      expectError(
        await s().call('POST', '/sys/apiSecret/generate', {
          ...as(reseller),
          body: { companyId: AGENCY_CLIENT },
        }),
        403,
        'NO_OPERATION_PERMISSION',
      );
      expectError(await listKeys(reseller, { companyId: DIRECT }), 403, 'NO_OPERATION_PERMISSION');
      expectError(
        await s().call('POST', '/sys/apiSecret/disable', { ...as(reseller), body: { apiKey: directKey } }),
        404,
        'NOT_FOUND',
      );
    }
    // The agent's own list is its own company's keys, not its customers'.
    const own = await generate('agent');
    expect(own.key.companyId).toBe(ACME);
    const agentList = expectOk(await listKeys('agent'));
    expect(agentList.records.every((k) => k.companyId === ACME)).toBe(true);
    expectError(await listKeys('agent', { companyId: NORTHWIND }), 403, 'NO_OPERATION_PERMISSION');
  });

  it('staff see every company’s keys and manage any; sales have no access', async () => {
    const all = expectOk(await listKeys('admin', { pageSize: '500' }));
    const companiesSeen = new Set(all.records.map((k) => k.companyId));
    expect(companiesSeen).toContain(DIRECT);
    expect(companiesSeen).toContain(AGENCY_CLIENT);
    expect(
      expectOk(
        await s().call<ApiKeyRecord>('POST', '/sys/apiSecret/disable', {
          ...as('admin'),
          body: { apiKey: clientKey },
        }),
      ).state,
    ).toBe('disabled');
    expectError(
      await s().call('POST', '/sys/apiSecret/generate', { ...as('admin'), body: {} }),
      400,
      'FIELD_REQUIRED',
      {
        params: { field: 'companyId' },
      },
    );
    expectError(
      await s().call('POST', '/sys/apiSecret/generate', {
        ...as('admin'),
        body: { companyId: '00000000-0000-4000-8000-000000000000' },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(await listKeys('sales'), 403, 'NO_OPERATION_PERMISSION');
    expectError(await s().call('GET', '/sys/apiSecret/list'), 401, 'UNAUTHORIZED');
  });
});

describe('/sys/ipWhiteList: the API IP whitelist', () => {
  const rules = (user: string, query: Record<string, string> = {}) =>
    s().call<Page<ApiIpRuleRecord>>('GET', '/sys/ipWhiteList/list', { ...as(user), query });
  const add = (user: string, body: Record<string, unknown>, locale = EN) =>
    s().call<ApiIpRuleRecord>('POST', '/sys/ipWhiteList/add', { ...as(user, locale), body });

  it('limits the API to listed addresses and ranges (v4 and v6) once the list is not empty', async () => {
    const { apiKey, apiSecret } = await generate('customer2');
    expect((await apiCall(apiKey, apiSecret, { ip: '192.0.2.50' })).status).toBe(200);
    const v4 = expectOk(await add('customer2', { rule: '198.51.100.77/24', note: 'office' }));
    expect(v4).toMatchObject({
      rule: '198.51.100.0/24',
      note: 'office',
      companyId: TWO_WAY,
      createdBy: 'customer2',
    });
    const v6 = expectOk(await add('customer2', { rule: '2001:DB8:1::/48' }));
    expect(v6.rule).toBe('2001:db8:1::/48');
    expect((await apiCall(apiKey, apiSecret, { ip: '198.51.100.200' })).status).toBe(200);
    expect((await apiCall(apiKey, apiSecret, { ip: '2001:db8:1:ffff::9' })).status).toBe(200);
    const outside = await apiCall(apiKey, apiSecret, { ip: '192.0.2.50' });
    expectError(outside, 403, 'API_IP_NOT_ALLOWED', { params: { ip: '192.0.2.50' } });
    const outsideZh = await apiCall(apiKey, apiSecret, { ip: '2001:db8:2::1', locale: ZH });
    expectError(outsideZh, 403, 'API_IP_NOT_ALLOWED', { locale: ZH, params: { ip: '2001:db8:2::1' } });

    const listed = expectOk(await rules('customer2'));
    expect(listed.records.map((r) => r.rule)).toEqual(['198.51.100.0/24', '2001:db8:1::/48']);
    // The same range written another way is one rule.
    expectError(await add('customer2', { rule: '198.51.100.1/24' }), 409, 'API_IP_RULE_EXISTS');
    expectError(await add('customer2', { rule: '198.51.100.1/24' }, ZH), 409, 'API_IP_RULE_EXISTS', {
      locale: ZH,
    });
    // The login IP whitelist of the company is another list: untouched.
    const [company] = await s().app.database.db.select().from(companies).where(eq(companies.id, TWO_WAY));
    expect(company!.ipWhitelist).toEqual([]);

    for (const r of listed.records) {
      expectOk(
        await s().call('DELETE', '/sys/ipWhiteList/delete', { ...as('customer2'), query: { id: r.id } }),
      );
    }
    expect((await apiCall(apiKey, apiSecret, { ip: '192.0.2.50' })).status).toBe(200);
  });

  it('refuses what is not an address or range, in both languages', async () => {
    for (const rule of ['1.2.3', '10.0.0.0/33', 'example.com', '::g']) {
      expectError(await add('customer', { rule }), 400, 'IP_RULE_INVALID', { params: { value: rule } });
    }
    expectError(await add('customer', { rule: '1.2.3' }, ZH), 400, 'IP_RULE_INVALID', {
      locale: ZH,
      params: { value: '1.2.3' },
    });
    expectFieldError(await add('customer', {}), 'rule', 'rule is required');
    expectFieldError(await add('customer', {}, ZH), 'rule', 'rule不能为空');
    expectFieldError(
      await add('customer', { rule: 'x'.repeat(65) }),
      'rule',
      'rule must be at most 64 characters',
    );
  });

  it('keeps companies apart', async () => {
    const mine = expectOk(await add('agentcustomer', { rule: '203.0.113.0/24' }));
    expectError(await rules('customer', { companyId: AGENCY_CLIENT }), 403, 'NO_OPERATION_PERMISSION');
    expect(expectOk(await rules('agent', { companyId: AGENCY_CLIENT })).records.map((r) => r.id)).toContain(
      mine.id,
    );
    expectError(
      await s().call('DELETE', '/sys/ipWhiteList/delete', { ...as('agent'), query: { id: mine.id } }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectError(
      await s().call('DELETE', '/sys/ipWhiteList/delete', { ...as('customer'), query: { id: mine.id } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await add('agent', { companyId: AGENCY_CLIENT, rule: '1.1.1.1' }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectOk(await add('admin', { companyId: AGENCY_CLIENT, rule: '1.1.1.1' }));
    expectOk(
      await s().call('DELETE', '/sys/ipWhiteList/delete', { ...as('agentcustomer'), query: { id: mine.id } }),
    );
    expectError(await rules('sales'), 403, 'NO_OPERATION_PERMISSION');
  });
});

/** A local receiver of callbacks: what it got, and what it answers. */
async function receiver(answer: number | 'hang' = 200) {
  const received: { headers: http.IncomingHttpHeaders; body: string; method: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body, method: req.method ?? '' });
      if (answer === 'hang') return;
      res.writeHead(answer, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/dlr`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('/sys/configCallback', () => {
  const get = (user: string, query: Record<string, string> = {}, locale = EN) =>
    s().call<CallbackConfig>('GET', '/sys/configCallback/get', { ...as(user, locale), query });
  const edit = (user: string, body: Record<string, unknown>, locale = EN) =>
    s().call<CallbackConfig>('PUT', '/sys/configCallback/edit', { ...as(user, locale), body });
  const test = (user: string, body: Record<string, unknown> = {}, locale = EN) =>
    s().call<CallbackTestResult>('POST', '/sys/configCallback/test', { ...as(user, locale), body });

  it('sets the URL, posts a signed sample to it, and says the status and time', async () => {
    const r = await receiver(204);
    try {
      expect(expectOk(await get('customer'))).toMatchObject({
        url: null,
        signingSecretSet: false,
        lastTest: null,
      });
      const saved = expectOk(await edit('customer', { url: r.url }));
      expect(saved).toMatchObject({ companyId: DIRECT, url: r.url, signingSecretSet: true });
      const result = expectOk(await test('customer'));
      expect(result).toMatchObject({
        url: r.url,
        delivered: true,
        status: 204,
        error: null,
        errorCode: null,
      });
      expect(result.durationMs).toBeGreaterThanOrEqual(0);
      expect(result.durationMs).toBeLessThan(5_000);
      expect(r.received).toHaveLength(1);
      const got = r.received[0]!;
      expect(got.method).toBe('POST');
      expect(got.headers['content-type']).toBe('application/json');
      const report = JSON.parse(got.body) as Record<string, unknown>;
      expect(report).toMatchObject({ event: 'delivery_report', test: true, status: 'DELIVRD' });
      const { signingSecret } = expectOk(
        await s().call<{ signingSecret: string }>('POST', '/sys/configCallback/revealSecret', {
          ...as('customer'),
          body: {},
        }),
      );
      expect(signingSecret).toMatch(/^whsec_/);
      expect(
        await verifyCallbackSignature({
          secret: signingSecret,
          timestamp: got.headers['x-switchboard-timestamp'] as string,
          signature: got.headers['x-switchboard-signature'] as string,
          body: got.body,
        }),
      ).toBeNull();
      // The outcome is kept for the screen.
      expect(expectOk(await get('customer')).lastTest).toMatchObject({
        status: 204,
        delivered: true,
        url: r.url,
      });

      // A new signing secret: what is posted next is signed with it, not the old one.
      const regenerated = expectOk(
        await s().call<{ signingSecret: string }>('POST', '/sys/configCallback/regenerateSecret', {
          ...as('customer'),
          body: {},
        }),
      );
      expect(regenerated.signingSecret).not.toBe(signingSecret);
      expectOk(await test('customer'));
      const second = r.received[1]!;
      const check = (secret: string) =>
        verifyCallbackSignature({
          secret,
          timestamp: second.headers['x-switchboard-timestamp'] as string,
          signature: second.headers['x-switchboard-signature'] as string,
          body: second.body,
        });
      expect(await check(regenerated.signingSecret)).toBeNull();
      expect(await check(signingSecret)).toBe('mismatch');
    } finally {
      await r.close();
    }
  });

  it('tests a URL before it is saved, and reports a receiver’s error status', async () => {
    const r = await receiver(500);
    try {
      const result = expectOk(await test('customer2', { url: r.url }));
      expect(result).toMatchObject({ delivered: false, status: 500, error: null });
      expect(r.received).toHaveLength(1);
    } finally {
      await r.close();
    }
  });

  it('says in words why an unreachable URL got no answer', async () => {
    const r = await receiver();
    const closedUrl = r.url;
    await r.close();
    const refused = expectOk(await test('customer2', { url: closedUrl }));
    expect(refused).toMatchObject({
      delivered: false,
      status: null,
      errorCode: 'CALLBACK_REFUSED',
      error: 'Connection refused by 127.0.0.1',
    });
    const refusedZh = expectOk(await test('customer2', { url: closedUrl }, ZH));
    expect(refusedZh.error).toBe('127.0.0.1 拒绝连接');
  });

  it('gives up on a receiver that does not answer within 5 seconds', async () => {
    const r = await receiver('hang');
    try {
      const result = expectOk(await test('customer2', { url: r.url }));
      expect(result).toMatchObject({ delivered: false, status: null, errorCode: 'CALLBACK_TIMEOUT' });
      expect(result.error).toBe('No answer within 5 seconds');
      expect(result.durationMs).toBeGreaterThanOrEqual(4_900);
      expect(result.durationMs).toBeLessThan(7_000);
    } finally {
      await r.close();
    }
  });

  it('checks the URL with messages in both languages, and removes it', async () => {
    expectFieldError(
      await edit('customer2', { url: 'ftp://example.com/x' }),
      'url',
      'The callback URL must start with http:// or https://',
    );
    expectFieldError(
      await edit('customer2', { url: 'example.com/x' }, ZH),
      'url',
      '回调地址必须以 http:// 或 https:// 开头',
    );
    expectFieldError(
      await edit('customer2', { url: 'https://me:secret@example.com/x' }),
      'url',
      'The callback URL must not contain a user name or password',
    );
    expectFieldError(
      await edit('customer2', { url: 'https://me:secret@example.com/x' }, ZH),
      'url',
      '回调地址不能包含用户名或密码',
    );
    expectFieldError(
      await edit('customer2', { url: `https://example.com/${'a'.repeat(600)}` }),
      'url',
      'url must be at most 512 characters',
    );
    expectFieldError(await edit('customer2', {}), 'url', 'url is required');
    expectOk(await edit('customer2', { url: 'https://example.com/dlr' }));
    expect(expectOk(await edit('customer2', { url: null })).url).toBeNull();
    expectOk(await edit('customer2', { url: 'https://example.com/dlr' }));
    expect(expectOk(await edit('customer2', { url: '' })).url).toBeNull();
    expectError(await test('customer2'), 400, 'CALLBACK_URL_NOT_SET');
    expectError(await test('customer2', {}, ZH), 400, 'CALLBACK_URL_NOT_SET', { locale: ZH });
  });

  it('keeps companies apart: resellers read their customers’ callback, only the company changes it', async () => {
    expectOk(await edit('agentcustomer', { url: 'https://client.example.com/dlr' }));
    expect(expectOk(await get('agent', { companyId: AGENCY_CLIENT })).url).toBe(
      'https://client.example.com/dlr',
    );
    expect(expectOk(await get('distributor', { companyId: AGENCY_CLIENT })).url).toBe(
      'https://client.example.com/dlr',
    );
    expectError(
      await edit('agent', { companyId: AGENCY_CLIENT, url: 'https://evil.example.com/' }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectError(
      await s().call('POST', '/sys/configCallback/revealSecret', {
        ...as('agent'),
        body: { companyId: AGENCY_CLIENT },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectError(
      await s().call('POST', '/sys/configCallback/test', {
        ...as('agent'),
        body: { companyId: AGENCY_CLIENT },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectError(await get('customer', { companyId: AGENCY_CLIENT }), 403, 'NO_OPERATION_PERMISSION');
    expectError(await get('agent', { companyId: DIRECT }), 403, 'NO_OPERATION_PERMISSION');
    expectError(await get('sales'), 403, 'NO_OPERATION_PERMISSION');
    expect(expectOk(await get('admin', { companyId: AGENCY_CLIENT })).url).toBe(
      'https://client.example.com/dlr',
    );
    expectError(await get('admin'), 400, 'FIELD_REQUIRED', { params: { field: 'companyId' } });
  });
});

describe('callbacks to private addresses when they are not allowed', () => {
  let strict: TestServer;
  let token: string;
  beforeAll(async () => {
    strict = await startServer({ CALLBACK_ALLOW_PRIVATE: '0' });
    token = await tokenOf(strict, 'customer');
  });
  afterAll(() => strict.close());

  it('refuses loopback, private and link-local destinations when saved and when tested', async () => {
    for (const url of [
      'http://127.0.0.1:8080/dlr',
      'http://localhost/dlr',
      'http://[::1]/dlr',
      'http://10.1.2.3/dlr',
      'http://169.254.169.254/latest/meta-data',
      'http://192.168.0.10/',
    ]) {
      const saved = await strict.call('PUT', '/sys/configCallback/edit', { token, body: { url } });
      expect([url, saved.status, saved.body.errorCode]).toEqual([url, 400, 'CALLBACK_URL_PRIVATE']);
      const tested = await strict.call('POST', '/sys/configCallback/test', { token, body: { url } });
      expect([url, tested.status, tested.body.errorCode]).toEqual([url, 400, 'CALLBACK_URL_PRIVATE']);
    }
    const zh = await strict.call('PUT', '/sys/configCallback/edit', {
      token,
      locale: ZH,
      body: { url: 'http://10.1.2.3/dlr' },
    });
    expectError(zh, 400, 'CALLBACK_URL_PRIVATE', { locale: ZH, params: { address: '10.1.2.3' } });
    // A public address may be saved (nothing is posted on saving).
    expectOk(
      await strict.call('PUT', '/sys/configCallback/edit', { token, body: { url: 'https://8.8.8.8/dlr' } }),
    );
  });
});

describe('bad input is a 400 envelope, never a 500', () => {
  it('on every route', async () => {
    const cases: [string, string, Record<string, unknown> | undefined, Record<string, string> | undefined][] =
      [
        ['GET', '/sys/apiSecret/list', undefined, { companyId: 'nope' }],
        ['GET', '/sys/apiSecret/list', undefined, { state: 'gone' }],
        ['GET', '/sys/apiSecret/list', undefined, { pageSize: '100000' }],
        ['POST', '/sys/apiSecret/generate', { label: 'x'.repeat(65) }, undefined],
        ['POST', '/sys/apiSecret/generate', { label: 12 }, undefined],
        ['POST', '/sys/apiSecret/generate', { companyId: 7 }, undefined],
        ['POST', '/sys/apiSecret/rotate', {}, undefined],
        ['POST', '/sys/apiSecret/rotate', { apiKey: 'ak_x', graceMinutes: -1 }, undefined],
        ['POST', '/sys/apiSecret/rotate', { apiKey: 'ak_x', graceMinutes: 1.5 }, undefined],
        ['POST', '/sys/apiSecret/rotate', { apiKey: 'ak_x', graceMinutes: 10_081 }, undefined],
        ['POST', '/sys/apiSecret/rotate', { apiKey: 'x'.repeat(65) }, undefined],
        ['POST', '/sys/apiSecret/disable', { apiKey: ['a'] }, undefined],
        ['PUT', '/sys/apiSecret/edit', { apiKey: 'ak_x' }, undefined],
        ['PUT', '/sys/configCallback/edit', { url: 42 }, undefined],
        ['POST', '/sys/configCallback/test', { url: 'javascript:alert(1)' }, undefined],
        ['POST', '/sys/configCallback/revealSecret', { companyId: 'x' }, undefined],
        ['GET', '/sys/configCallback/get', undefined, { companyId: "1' or 1=1" }],
        ['POST', '/sys/ipWhiteList/add', { rule: ['1.1.1.1'] }, undefined],
        ['DELETE', '/sys/ipWhiteList/delete', undefined, { id: 'nope' }],
        ['DELETE', '/sys/ipWhiteList/delete', undefined, undefined],
      ];
    for (const [method, path, body, query] of cases) {
      const res = await s().call(method, path, { ...as('customer'), body, query });
      expect([method, path, res.status, res.body.errorCode]).toEqual([
        method,
        path,
        400,
        'VALIDATION_FAILED',
      ]);
      expectNoInternals(res.body);
    }
    // Unknown keys and rules are 404s.
    expectError(
      await s().call('POST', '/sys/apiSecret/rotate', { ...as('customer'), body: { apiKey: 'ak_unknown' } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await s().call('DELETE', '/sys/ipWhiteList/delete', {
        ...as('customer'),
        query: { id: '00000000-0000-4000-8000-000000000000' },
      }),
      404,
      'NOT_FOUND',
    );
    // Hostile credentials.
    const hostile = await fetch(`${s().baseUrl}${API_PREFIX}${SMS_API_PREFIX}/balance`, {
      headers: { authorization: `Basic ${'\u00e9'.repeat(10)}${'z'.repeat(2000)}` },
    });
    expect(hostile.status).toBe(401);
    expectNoInternals(await hostile.json());
  });
});

describe('secrets are never answered again, stored in clear or logged', () => {
  it('no route answer, table or log line holds a secret', async () => {
    expect(secretsSeen.length).toBeGreaterThan(5);
    // Everything a customer, its reseller and staff can read about keys.
    const answers = [
      await listKeys('customer', { pageSize: '500' }),
      await listKeys('customer', { state: 'revoked', pageSize: '500' }),
      await listKeys('admin', { pageSize: '500' }),
      await listKeys('agent', { companyId: AGENCY_CLIENT }),
      await s().call('GET', '/sys/configCallback/get', as('customer')),
      await s().call('GET', '/sys/ipWhiteList/list', as('customer')),
      await s().call('GET', '/sys/log/operationLog', { ...as('admin'), query: { pageSize: '500' } }),
    ];
    const everything = JSON.stringify(answers.map((a) => a.body));
    // The key (sk_) and its 43 characters alone.
    for (const secret of secretsSeen) expect(everything).not.toContain(secret.slice(3));
    // Nor in any table (sealed values only).
    const dump = JSON.stringify(
      await s().app.database.db.execute(sql`select row_to_json(k)::text as r from api_keys k`),
    );
    for (const secret of secretsSeen) expect(dump).not.toContain(secret.slice(3));
    const [keyRow] = await s()
      .app.database.db.select()
      .from(settings)
      .where(eq(settings.key, SECRETS_KEY_SETTING));
    expect(keyRow?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('the service logs no secret when it issues, rotates, verifies or refuses', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const { ApiAccessService } = await import('../src/modules/api-access/service');
    const service = new ApiAccessService(
      s().app.database.db,
      s().app.services,
      s().app.platform.config,
      pino({ level: 'trace' }, sink),
    );
    const auth: AuthContext = {
      user: {
        id: userId('customer'),
        username: 'customer',
        realname: 'Chris Customer',
        avatar: null,
        orgCode: 'A06',
        companyId: DIRECT,
        status: 1,
        googleAuthBound: false,
      },
      sessionId: 'test',
      roleIds: [],
      roles: ['customer'],
      isAdmin: false,
      permissions: new Set(),
    };
    const issued = await service.keys.generate(auth, { label: 'logged' });
    const rotated = await service.keys.rotate(auth, { apiKey: issued.apiKey, graceMinutes: 5 });
    const verify = (apiSecret: string) =>
      service.verifyBasic({ authorization: basic(issued.apiKey, apiSecret), ip: '127.0.0.1' });
    expect(await verify(rotated.apiSecret)).toMatchObject({ ok: true, previousSecret: false });
    expect(await verify(issued.apiSecret)).toMatchObject({ ok: true, previousSecret: true });
    expect(await verify(`${rotated.apiSecret}x`)).toMatchObject({ ok: false });
    await service.keys.revoke(auth, issued.apiKey);
    const logged = lines.join('');
    expect(logged).toContain(issued.apiKey); // it does log (who did what to which key)
    for (const secret of [issued.apiSecret, rotated.apiSecret]) expect(logged).not.toContain(secret.slice(3));
  });
});

describe('verification keeps keys and whitelists briefly; every change applies at once', () => {
  // The clock stands still: nothing in these tests leaves the cache by running out of time, so
  // only the invalidation on change can make a change show.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  const reads = () => ({ ...s().app.services.apiAccess.verifyReads });

  it('reads a key and its company’s whitelist once for many calls', async () => {
    const key = await generate('customer2');
    expectOk(await apiCall(key.apiKey, key.apiSecret));
    const before = reads();
    for (let i = 0; i < 5; i++) expectOk(await apiCall(key.apiKey, key.apiSecret));
    expect(reads()).toEqual(before);
    // Unknown keys are not kept (anyone may send any number of them): each is read.
    const unknown = `ak_${'0'.repeat(32)}`;
    expectError(await apiCall(unknown, key.apiSecret), 401, 'API_CREDENTIALS_INVALID');
    expectError(await apiCall(unknown, key.apiSecret), 401, 'API_CREDENTIALS_INVALID');
    expect(reads().keys).toBe(before.keys + 2);
  });

  it('a revoked key is refused by the very next call', async () => {
    const key = await generate('customer2');
    expectOk(await apiCall(key.apiKey, key.apiSecret));
    expectOk(
      await s().call('POST', '/sys/apiSecret/revoke', { ...as('customer2'), body: { apiKey: key.apiKey } }),
    );
    expectError(await apiCall(key.apiKey, key.apiSecret), 401, 'API_CREDENTIALS_INVALID');
  });

  it('a disabled key, and a rotated secret without grace, are refused by the next call', async () => {
    const key = await generate('customer2');
    expectOk(await apiCall(key.apiKey, key.apiSecret));
    expectOk(
      await s().call('POST', '/sys/apiSecret/disable', { ...as('customer2'), body: { apiKey: key.apiKey } }),
    );
    expectError(await apiCall(key.apiKey, key.apiSecret), 401, 'API_KEY_DISABLED');
    expectOk(
      await s().call('POST', '/sys/apiSecret/enable', { ...as('customer2'), body: { apiKey: key.apiKey } }),
    );
    expectOk(await apiCall(key.apiKey, key.apiSecret));
    const rotated = expectOk(
      await s().call<ApiKeyIssued>('POST', '/sys/apiSecret/rotate', {
        ...as('customer2'),
        body: { apiKey: key.apiKey, graceMinutes: 0 },
      }),
    );
    secretsSeen.push(rotated.apiSecret);
    expectError(await apiCall(key.apiKey, key.apiSecret), 401, 'API_CREDENTIALS_INVALID');
    expectOk(await apiCall(key.apiKey, rotated.apiSecret));
  });

  it('an address added to or removed from the whitelist counts from the next call', async () => {
    const key = await generate('customer2');
    expectOk(await apiCall(key.apiKey, key.apiSecret, { ip: '203.0.113.7' }));
    const rule = expectOk(
      await s().call<ApiIpRuleRecord>('POST', '/sys/ipWhiteList/add', {
        ...as('customer2'),
        body: { rule: '203.0.113.8' },
      }),
    );
    expectError(await apiCall(key.apiKey, key.apiSecret, { ip: '203.0.113.7' }), 403, 'API_IP_NOT_ALLOWED', {
      params: { ip: '203.0.113.7' },
    });
    expectOk(await apiCall(key.apiKey, key.apiSecret, { ip: '203.0.113.8' }));
    expectOk(
      await s().call('DELETE', '/sys/ipWhiteList/delete', { ...as('customer2'), query: { id: rule.id } }),
    );
    expectOk(await apiCall(key.apiKey, key.apiSecret, { ip: '203.0.113.7' }));
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'another process drops its cached key when the event of the revocation reaches it',
    async () => {
      const database = await openDatabase({ databaseUrl: s().databaseUrl, dataDir: 'memory://' });
      const config = loadConfig({ LOG_LEVEL: 'silent', REDIS_URL: process.env.REDIS_URL });
      const second = await buildCore({
        config: { ...config, databaseUrl: s().databaseUrl, webDist: '' },
        database,
        logger: false,
        eventsChannel: s().eventsChannel,
      });
      try {
        const key = await generate('customer2');
        const verify = () =>
          second.services.apiAccess.verifyBasic({
            authorization: basic(key.apiKey, key.apiSecret),
            ip: '127.0.0.1',
          });
        expect(await verify()).toMatchObject({ ok: true });
        // Kept: once the clear that the key's creation sent to every process has come here too
        // (it may arrive after the first verification), a verification reads nothing.
        await expect
          .poll(async () => {
            const before = second.services.apiAccess.verifyReads.keys;
            expect(await verify()).toMatchObject({ ok: true });
            return second.services.apiAccess.verifyReads.keys - before;
          })
          .toBe(0);
        // The second process hears of the revocation (its cache listener runs before this one).
        const heard = new Promise<void>((resolve) =>
          second.platform.caches.register('apiAccess.verify', resolve),
        );
        expectOk(
          await s().call('POST', '/sys/apiSecret/revoke', {
            ...as('customer2'),
            body: { apiKey: key.apiKey },
          }),
        );
        await heard;
        expect(await verify()).toMatchObject({ ok: false, error: { errorCode: 'API_CREDENTIALS_INVALID' } });
      } finally {
        await second.close();
        await database.close();
      }
    },
  );
});
