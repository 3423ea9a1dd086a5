import { type Envelope, XLSX_MIME } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { expectEnvelope, expectNoInternals, tokenOf } from './support/api';

/**
 * Walks every route of the OpenAPI document (generated from the routes' own schemas) with
 * hostile values in every parameter and body field, as nobody, as a customer and as the
 * administrator, and fails on any 5xx or any answer outside the envelope. A new route is walked
 * as soon as it is registered.
 */

interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
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

let s: TestServer;
let doc: OpenApi;
const tokens: Record<string, string> = {};
let ip = 0;
/** Each request from its own address, so the rate limits per address do not hide routes. */
const nextIp = () => `10.77.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`;

beforeAll(async () => {
  s = await startServer({ TRUST_PROXY: '1', LOGIN_CAPTCHA: 'off' });
  for (const user of ['admin', 'customer']) tokens[user] = await tokenOf(s, user);
  const res = await s.call<OpenApi>('GET', '/openapi.json', { token: tokens.admin });
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
  method: string,
  path: string,
  options: { query?: Record<string, string>; body?: unknown; as?: string },
) {
  const token = options.as ? tokens[options.as] : undefined;
  const query = Object.entries(options.query ?? {})
    .map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`)
    .join('&');
  const headers: Record<string, string> = { 'X-Forwarded-For': nextIp() };
  if (token) headers['X-Access-Token'] = token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${s.baseUrl}/api${path}${query ? `?${query}` : ''}`, {
    method: method.toUpperCase(),
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  // A file answer (exportXls) is no envelope: a real .xlsx (a zip) with its documented type.
  if (response.ok && response.headers.get('content-type') === XLSX_MIME) {
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.readUInt32LE(0), `${method} ${path} answered a broken .xlsx`).toBe(0x04034b50);
    return { status: response.status, body: null };
  }
  const res = { status: response.status, body: JSON.parse(await response.text()) as Envelope };
  // A session the walk ended (logout, a password change) is replaced for the next requests.
  if (options.as && res.status === 401 && res.body.errorCode === 'TOKEN_INVALID') {
    tokens[options.as] = await tokenOf(s, options.as, { headers: { 'X-Forwarded-For': nextIp() } });
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
        for (const as of [undefined, 'customer', 'admin']) {
          for (const value of HOSTILE) {
            const text = typeof value === 'string' ? value : JSON.stringify(value);
            const query = Object.fromEntries(queryParams.map((name) => [name, text]));
            const body = hasBody ? Object.fromEntries(fields.map((name) => [name, value])) : undefined;
            const label = `${method.toUpperCase()} ${template} as ${as ?? 'nobody'} with ${JSON.stringify(value).slice(0, 40)}`;
            check(label, await send(method, pathWith(pathParams.length ? text : ''), { query, body, as }));
            requests++;
          }
          // The whole body replaced by something that is not an object at all.
          if (hasBody) {
            for (const body of [[], 'text', 42, null, ['\u0000'], { [fields[0] ?? 'x']: { $gt: '' } }]) {
              check(
                `${method} ${template} body ${JSON.stringify(body)}`,
                await send(method, pathWith('x'), { body, as }),
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
            const res = await send(method, pathWith('x'), {
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
      token: tokens.admin,
      query: { username: 'a\u0000' },
    });
    expect(query.status).toBe(400);
    expect(query.body.errors?.[0]?.field).toBe('username');
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
