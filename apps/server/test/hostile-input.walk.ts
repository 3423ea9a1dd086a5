import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DATE_MAX_DAY,
  DATE_MIN_DAY,
  type Envelope,
  ROLE_CODES,
  type RoleCode,
  XLSX_MIME,
} from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_API_DOCUMENT_PATH } from '../src/modules/sms-api/routes';
import { DEMO_PASSWORD, startServer, type TestServer } from './harness';
import { companyId, expectEnvelope, expectNoInternals } from './support/api';
import {
  apiKeyOf,
  createPgDatabase,
  freePort,
  type SpawnedServer,
  spawnServer,
} from './support/spawned-server';

/**
 * Walks every route of the OpenAPI document (generated from the routes' own schemas) with
 * hostile values in every parameter and body field, as nobody and as every demo role (all of
 * HOSTILE as nobody, a customer and the administrator; one value of each kind as sales, a
 * distributor and an agent), and fails on any 5xx, any answer outside the envelope, or any answer slower
 * than TIME_LIMIT_MS (a hang: the request is aborted so the walk goes on). Every date field
 * (`x-date` in the document) is also sent the extreme dates the contracts allow, their bounds
 * ± 1, reversed and very long periods, as nobody and as every demo role (the customer HTTP
 * API's, in its own document, with an API key). A new route is walked as soon as it is registered.
 */

/**
 * The longest a request may take: generous (the slowest answer of the date walk took about 0.2 s
 * on a loaded 2-core machine), so it tells a hang, such as a loop that never ends, from a slow
 * answer on a busy machine.
 */
const TIME_LIMIT_MS = 10_000;

interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  'x-date'?: 'start' | 'end' | 'day' | 'instant';
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Text PostgreSQL cannot store, dates it cannot hold, numbers and shapes nothing expects. */
const HOSTILE: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'tail\udc00',
  '\ud83d',
  'x'.repeat(20_000),
  '300000-01-01',
  '0000-01-01',
  '-000001-01-01T00:00:00Z',
  '1e309',
  'NaN',
  '-1',
  '99999999999999999999999',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '__proto__',
  '',
  ' ',
  1e308,
  -1,
  2 ** 53 + 1,
  1.5,
  true,
  null,
  [],
  ['\u0000'],
  {},
  JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}'),
  { nested: { deeper: ['\ud800'] } },
];

/**
 * One value of each kind in HOSTILE, for the roles walked with fewer values (sales, distributor,
 * agent): their permission and data-scope paths differ from the customer's and the
 * administrator's, the validation in front of them does not.
 */
const HOSTILE_SAMPLE: unknown[] = [
  'a\u0000b',
  '\ud800',
  'x'.repeat(20_000),
  '300000-01-01',
  '99999999999999999999999',
  "' or 1=1 --",
  '',
  1e308,
  null,
  [],
  { nested: { deeper: ['\ud800'] } },
  JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}'),
];

/** Query and path values are text: the hostile ones that survive being put into a URL. */
const HOSTILE_TEXT = HOSTILE.filter((v): v is string => typeof v === 'string');

function bodyFields(operation: Operation): string[] {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const names = new Set<string>();
  const visit = (s: JsonSchema | undefined) => {
    if (!s) return;
    for (const name of Object.keys(s.properties ?? {})) names.add(name);
    for (const part of [...(s.allOf ?? []), ...(s.anyOf ?? [])]) visit(part);
  };
  visit(schema);
  return [...names];
}

/** A server the walk talks to over HTTP, with a session per demo role. */
interface Target {
  baseUrl: string;
  tokens: Partial<Record<RoleCode, string>>;
}

let s: TestServer;
let doc: OpenApi;
/** The server of this process (the hostile values). */
const local: Target = { baseUrl: '', tokens: {} };
let ip = 0;
/** How long each answer took (ms), for the slowest ones in the report. */
const elapsed: [number, string][] = [];
/** Each request from its own address, so the rate limits per address do not hide routes. */
const nextIp = () => `10.77.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`;

/** Signs in a demo role's user (named after its role) from a fresh address. */
async function sessionOf(baseUrl: string, role: RoleCode): Promise<string> {
  const res = await fetch(`${baseUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Forwarded-For': nextIp() },
    body: JSON.stringify({ username: role, password: DEMO_PASSWORD }),
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await res.json()) as Envelope<{ token: string }>;
  if (res.status !== 200) throw new Error(`login ${role}: ${res.status} ${body.message}`);
  return body.result.token;
}

beforeAll(async () => {
  s = await startServer({ TRUST_PROXY: '1', LOGIN_CAPTCHA: 'off' });
  local.baseUrl = s.baseUrl;
  for (const role of ROLE_CODES) local.tokens[role] = await sessionOf(s.baseUrl, role);
  const res = await s.call<OpenApi>('GET', '/openapi.json', { token: local.tokens.admin });
  expect(res.status).toBe(200);
  doc = res.body as unknown as OpenApi;
});
afterAll(() => s.close());

/**
 * Percent-encodes text for a URL, lone surrogates included (as the bytes a careless client would
 * send for them): encodeURIComponent and URLSearchParams refuse or replace them.
 */
function encodeLoose(text: string): string {
  return Array.from(text, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      const unit = char.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
  }).join('');
}

async function send(
  target: Target,
  method: string,
  path: string,
  options: {
    query?: Record<string, string>;
    body?: unknown;
    as?: RoleCode | undefined;
    /** HTTP Basic of an API key (the customer API) instead of a session. */
    authorization?: string;
  },
) {
  const token = options.as ? target.tokens[options.as] : undefined;
  const query = Object.entries(options.query ?? {})
    .map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`)
    .join('&');
  const headers: Record<string, string> = { 'X-Forwarded-For': nextIp() };
  if (token) headers['X-Access-Token'] = token;
  if (options.authorization) headers.authorization = options.authorization;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const url = `/api${path}${query ? `?${query}` : ''}`;
  const started = performance.now();
  const slow = `${method.toUpperCase()} ${url.slice(0, 200)} as ${options.as ?? 'nobody'} gave no answer within ${TIME_LIMIT_MS} ms`;
  // The limit covers the answer's body too (an export that streams forever).
  const signal = AbortSignal.timeout(TIME_LIMIT_MS);
  let response: Response;
  let text: Buffer;
  try {
    response = await fetch(`${target.baseUrl}${url}`, {
      method: method.toUpperCase(),
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal,
    });
    text = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    if (signal.aborted) expect.fail(slow);
    throw error;
  }
  elapsed.push([performance.now() - started, `${method.toUpperCase()} ${url.slice(0, 120)}`]);
  // A file answer (exportXls) is no envelope: a real .xlsx (a zip) with its documented type.
  if (response.ok && response.headers.get('content-type') === XLSX_MIME) {
    expect(text.readUInt32LE(0), `${method} ${path} answered a broken .xlsx`).toBe(0x04034b50);
    return { status: response.status, body: null };
  }
  const res = { status: response.status, body: JSON.parse(text.toString('utf8')) as Envelope };
  // A session the walk ended (logout, a password change) is replaced for the next requests.
  if (options.as && res.status === 401 && res.body.errorCode === 'TOKEN_INVALID') {
    target.tokens[options.as] = await sessionOf(target.baseUrl, options.as);
  }
  return res;
}

function check(label: string, res: { status: number; body: unknown }) {
  expect(res.status, `${label} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
  // A file answer, checked by send.
  if (res.body === null && res.status === 200) return;
  expectEnvelope(res.body as never, res.status);
  expectNoInternals(res.body);
}

describe('every route with hostile input', () => {
  it('covers the routes of every module', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(40);
    for (const expected of [
      '/api/sys/login',
      '/api/sys/log/loginLog',
      '/api/sys/user/register',
      '/api/sys/brand/add',
      '/api/sys/quartzJob/execute',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it('never answers 5xx, whoever calls and whatever is sent', { timeout: 600_000 }, async () => {
    let requests = 0;
    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        const fields = bodyFields(operation);
        const hasBody = operation.requestBody !== undefined;
        const pathWith = (value: string) =>
          template.replace(/^\/api/, '').replace(/\{(\w+)\}/g, () => encodeLoose(value || 'x'));
        for (const as of [undefined, ...ROLE_CODES] as const) {
          const values = as === undefined || as === 'customer' || as === 'admin' ? HOSTILE : HOSTILE_SAMPLE;
          for (const value of values) {
            const text = typeof value === 'string' ? value : JSON.stringify(value);
            const query = Object.fromEntries(queryParams.map((name) => [name, text]));
            const body = hasBody ? Object.fromEntries(fields.map((name) => [name, value])) : undefined;
            const label = `${method.toUpperCase()} ${template} as ${as ?? 'nobody'} with ${JSON.stringify(value).slice(0, 40)}`;
            check(
              label,
              await send(local, method, pathWith(pathParams.length ? text : ''), { query, body, as }),
            );
            requests++;
          }
          // The whole body replaced by something that is not an object at all.
          if (hasBody) {
            for (const body of [[], 'text', 42, null, ['\u0000'], { [fields[0] ?? 'x']: { $gt: '' } }]) {
              check(
                `${method} ${template} body ${JSON.stringify(body)}`,
                await send(local, method, pathWith('x'), { body, as }),
              );
              requests++;
            }
          }
        }
        // One field at a time, as the administrator (past every permission check): the others
        // stay absent, so each field's own validation is what answers.
        for (const name of [...queryParams, ...fields]) {
          for (const value of HOSTILE_TEXT.slice(0, 10)) {
            const inQuery = queryParams.includes(name);
            const res = await send(local, method, pathWith('x'), {
              as: 'admin',
              ...(inQuery ? { query: { [name]: value } } : { body: { [name]: value } }),
            });
            check(`${method.toUpperCase()} ${template} ${name}=${JSON.stringify(value).slice(0, 30)}`, res);
            requests++;
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(1_000);
  });

  it('refuses text the database cannot store with a 400 naming the field, in the caller language', async () => {
    for (const [value, locale, message] of [
      ['a\u0000b', 'en-US', 'username contains characters that cannot be saved'],
      ['\ud800', 'zh-CN', 'username包含无法保存的字符'],
    ] as const) {
      const res = await s.call('POST', '/sys/login', {
        body: { username: value, password: 'x' },
        locale,
        headers: { 'X-Forwarded-For': nextIp() },
      });
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('VALIDATION_FAILED');
      expect(res.body.errors).toEqual([{ field: 'username', message }]);
    }
    const query = await s.call('GET', '/sys/user/list', {
      token: local.tokens.admin,
      query: { username: 'a\u0000' },
    });
    expect(query.status).toBe(400);
    expect(query.body.errors?.[0]?.field).toBe('username');
  });
});

/**
 * The dates the contracts allow at their edges, the bounds ± 1 (a millisecond and a day), an
 * offset that moves a bound past its day, and dates far beyond (the largest JavaScript holds).
 */
const EXTREME_DATES = [
  DATE_MIN_DAY,
  DATE_MAX_DAY,
  `${DATE_MIN_DAY}T00:00:00.000Z`,
  `${DATE_MAX_DAY}T23:59:59.999Z`,
  `${DATE_MAX_DAY} 23:59:59`,
  '1999-12-31',
  '2101-01-01',
  '1999-12-31T23:59:59.999Z',
  '2101-01-01T00:00:00.000Z',
  `${DATE_MAX_DAY}T23:59:59-14:00`,
  `${DATE_MIN_DAY}T00:00:00+14:00`,
  '9999-12-31',
  '9999-12-31T23:59:59.999Z',
  '0001-01-01',
  '0000-01-01',
  '+275760-09-13T00:00:00.000Z',
];

/** A period's fields: its start (`from`, `dateFrom`) and everything else (its end, an instant). */
const isStart = (field: DateField) => field.kind === 'start';

interface DateField {
  name: string;
  in: 'query' | 'body';
  kind: NonNullable<JsonSchema['x-date']>;
}

/** The fields of an operation the contracts mark as dates (`x-date`), in the query and the body. */
function dateFields(operation: Operation): DateField[] {
  const fields: DateField[] = [];
  for (const p of operation.parameters ?? []) {
    const kind = p.schema?.['x-date'];
    if (p.in === 'query' && kind) fields.push({ name: p.name, in: 'query', kind });
  }
  const visit = (schema: JsonSchema | undefined) => {
    if (!schema) return;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const kind = property['x-date'] ?? property.anyOf?.find((part) => part['x-date'])?.['x-date'];
      if (kind) fields.push({ name, in: 'body', kind });
    }
    for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? [])]) visit(part);
  };
  visit(operation.requestBody?.content?.['application/json']?.schema);
  return fields;
}

/** The requests of an operation's date fields: every field at once, each alone, and periods. */
function dateCases(fields: DateField[]): Record<string, string>[] {
  const cases: Record<string, string>[] = [];
  const all = (value: (field: DateField) => string) =>
    Object.fromEntries(fields.map((field) => [field.name, value(field)]));
  for (const value of EXTREME_DATES) {
    cases.push(all(() => value));
    if (fields.length > 1) for (const field of fields) cases.push({ [field.name]: value });
  }
  if (fields.some(isStart)) {
    // Reversed, as long as the bounds allow, and each end alone at the far side (the other end's
    // default is worked out from it).
    cases.push(all((f) => (isStart(f) ? DATE_MAX_DAY : DATE_MIN_DAY)));
    cases.push(all((f) => (isStart(f) ? DATE_MIN_DAY : DATE_MAX_DAY)));
    cases.push(all((f) => (isStart(f) ? `${DATE_MIN_DAY}T00:00:00.000Z` : `${DATE_MAX_DAY}T23:59:59.999Z`)));
    for (const field of fields) {
      cases.push({ [field.name]: isStart(field) ? DATE_MAX_DAY : DATE_MIN_DAY });
    }
  }
  return cases;
}

describe('every date field with extreme dates, a server in its own process, every role', () => {
  // Its own process: a request that never ends (a loop that does not stop blocks the event loop)
  // cannot stop the walk's clock, so the time limit tells it. Its heap is small, so a loop that
  // eats memory ends the process quickly rather than the machine.
  let server: SpawnedServer | undefined;
  let database: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  let dataDir: string | undefined;
  const remote: Target = { baseUrl: '', tokens: {} };

  beforeAll(async () => {
    const adminUrl = process.env.DATABASE_URL;
    const env: Record<string, string> = {
      PORT: String(await freePort()),
      SMPP_PORT: 'off',
      SMSC_SIM: '0',
      SEED_DEMO: '1',
      TRUST_PROXY: '1',
      LOGIN_CAPTCHA: 'off',
    };
    if (adminUrl) {
      database = await createPgDatabase(adminUrl, 'sb_walk');
      env.DATABASE_URL = database.url;
    } else {
      dataDir = await mkdtemp(path.join(tmpdir(), 'sb-walk-'));
      env.DATA_DIR = dataDir;
    }
    server = await spawnServer(env, 300_000, ['--max-old-space-size=512']);
    remote.baseUrl = server.baseUrl;
    for (const role of ROLE_CODES) remote.tokens[role] = await sessionOf(remote.baseUrl, role);
  }, 360_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('finds the date fields of every module', () => {
    const found = Object.entries(doc.paths).flatMap(([template, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => dateFields(operation).length > 0)
        .map(([method]) => `${method.toUpperCase()} ${template}`),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /api/sms/analysis/byDay',
        'GET /api/sms/analysis/exportXls',
        'POST /api/sms/analysis/rebuild',
        'GET /api/sms/marketing/list',
        'GET /api/sms/otpReguler/batchList',
        'GET /api/sms/notify/exportXls',
        'POST /api/sms/otpPremium/send',
        'GET /api/sms/callback/list',
        'POST /api/sms/route/test',
        'GET /api/sys/log/loginLog',
        'GET /api/sys/log/operationLog/exportXls',
        'GET /api/sys/visitInfo',
        'GET /api/sys/ledger/list',
        'GET /api/sys/order/exportXls',
      ]),
    );
  });

  /** Sends every date case of every operation of `document` with a date field, as each caller. */
  async function walkDates(document: OpenApi, callers: { as?: RoleCode; authorization?: string }[]) {
    let requests = 0;
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const fields = dateFields(operation);
        if (fields.length === 0) continue;
        const path = template.replace(/^\/api/, '').replace(/\{(\w+)\}/g, 'x');
        for (const values of dateCases(fields)) {
          const query = Object.fromEntries(
            fields.filter((f) => f.in === 'query' && f.name in values).map((f) => [f.name, values[f.name]!]),
          );
          const inBody = fields.filter((f) => f.in === 'body' && f.name in values);
          const body = operation.requestBody
            ? Object.fromEntries(inBody.map((f) => [f.name, values[f.name]]))
            : undefined;
          for (const caller of callers) {
            const who = caller.as ?? (caller.authorization ? 'an API key' : 'nobody');
            const label = `${method.toUpperCase()} ${template} as ${who} with ${JSON.stringify(values)}`;
            check(label, await send(remote, method, path, { query, body, ...caller }));
            requests++;
          }
        }
      }
    }
    return requests;
  }

  it('answers every one within the time limit, never 5xx, as nobody and every role', {
    timeout: 1_800_000,
  }, async () => {
    const first = elapsed.length;
    const consoleRequests = await walkDates(doc, [{}, ...ROLE_CODES.map((as) => ({ as }))]);
    // The customer HTTP API (its own document), with a customer's API key.
    const customerDoc = (await (await fetch(`${remote.baseUrl}${SMS_API_DOCUMENT_PATH}`)).json()) as OpenApi;
    const authorization = await apiKeyOf(
      remote.baseUrl,
      remote.tokens.admin!,
      companyId('Direct Retail Ltd'),
    );
    const customerApi = await walkDates(customerDoc, [{}, { authorization }]);
    const slowest = elapsed
      .slice(first)
      .sort((a, b) => b[0] - a[0])
      .slice(0, 3);
    console.info(
      `date walk: ${consoleRequests} + ${customerApi} requests; slowest answers: ${slowest.map(([ms, what]) => `${Math.round(ms)} ms ${what}`).join('; ')}`,
    );
    expect(consoleRequests).toBeGreaterThan(1_000);
    expect(customerApi).toBeGreaterThan(10);
  });
});

describe('requests no route answers', () => {
  const raw = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${s.baseUrl}${path}`, init);
    return { status: res.status, headers: res.headers, text: await res.text() };
  };

  it('answers unknown API paths, methods, long and malformed URLs with the envelope', async () => {
    const cases: [string, RequestInit, number][] = [
      ['/api/no/such/route', {}, 404],
      ['/api/sys/login', { method: 'DELETE' }, 404],
      [`/api/sys/randomImage/${'k'.repeat(300)}`, {}, 414],
      ['/api/sys/randomImage/%E0%A4%A', {}, 400],
      [`/api/sys/user/list?x=${'y'.repeat(70_000)}`, {}, 431],
    ];
    for (const [path, init, status] of cases) {
      const res = await raw(path, init);
      expect({ path: path.slice(0, 60), status: res.status }).toEqual({ path: path.slice(0, 60), status });
      const body = JSON.parse(res.text);
      expectEnvelope(body, status);
      expect(body.success).toBe(false);
    }
  });

  it('answers the 414 in the caller language', async () => {
    const res = await raw(`/api/sys/randomImage/${'k'.repeat(300)}`, { headers: { 'X-Locale': 'zh-CN' } });
    expect(JSON.parse(res.text).message).toBe('请求地址过长');
  });
});
