import { randomUUID } from 'node:crypto';
import { API_PREFIX, type Envelope, SMS_KIND_PATHS, SMS_KINDS, XLSX_MIME } from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { companyId, expectOk, tokenOf, userId } from './support/api';

/**
 * Tenant isolation, walked for every demo role over every route of the money and company modules
 * (companies and resellers, ledger, rates, payments, API access) and of SMS routing (routes,
 * operators, gateway grants, a reseller's gateways for its customers). The route list comes from
 * the OpenAPI document: a route of these modules without a row below fails the walk.
 *
 * For each role and route, every object the role may not see (another reseller's customer, rate
 * group, rate, order, payout, API key, IP rule, a company out of scope) is named in the request,
 * and the answer must be the one an unknown id gets: a company named by id, 403
 * NO_OPERATION_PERMISSION; any other object named by its own id, 404 NOT_FOUND (so answers tell
 * nothing about what exists elsewhere). Lists must answer exactly the caller's rows, compared by
 * id. Customers' and resellers' answers never carry the gateway cost, a parent's price or the
 * platform's margin; customers' never a commission.
 *
 * A second reseller tree (Southwind Distribution and its customer) and a sibling agent of Acme
 * under Northwind (Bravo Agency and its customer) are built through the routes, so that every
 * role has another reseller's objects to try.
 */

type Role = 'admin' | 'sales' | 'distributor' | 'agent' | 'customer' | 'customer2' | 'agentcustomer';
const ROLES: Role[] = ['admin', 'sales', 'distributor', 'agent', 'customer', 'customer2', 'agentcustomer'];

/** The tags (module names) of the routes walked. */
const MODULES = [
  'company',
  'ledger',
  'rate',
  'payments',
  'apiAccess',
  'smsTemplate',
  'sms',
  'routing',
  'sms-stats',
];

type Kind =
  | 'company'
  | 'group'
  | 'rate'
  | 'order'
  | 'payout'
  | 'apiKey'
  | 'ipRule'
  | 'template'
  | 'sender'
  | 'batch'
  | 'message';

interface Obj {
  kind: Kind;
  id: string;
  /** The company it belongs to (a group: its owner, null for the platform's). */
  companyId: string | null;
  label: string;
  /** Groups: the companies it is assigned to. */
  assignedTo?: string[];
  /** Rates: their group. */
  groupId?: string;
  /** API keys: the key. */
  apiKey?: string;
  /** Groups: its kind. */
  groupKind?: 'sms' | 'voice' | 'nd';
  /** SMS batches and messages: the kind's path (marketing, notify, otpReguler, otpPremium). */
  smsPath?: string;
}

interface Me {
  role: Role;
  token: string;
  companyId: string | null;
  permissions: Set<string>;
  /** A reseller's direct customer (to assign groups to). */
  customerId: string | null;
}

interface Req {
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

interface Answer {
  status: number;
  body: Envelope<unknown> | null;
  bytes?: Buffer;
}

interface ListCheck {
  request: (me: Me) => Req;
  /** Rows of the answer: their object id (when `kind` is set) and company. */
  rows: (result: never) => { id?: string; companyId: string | null }[];
  /** Compare the ids answered with exactly the objects of this kind the role may see. */
  kind?: Kind;
  /** Which objects of `kind` the role's list answers, when not every one it may see. */
  shows?: (who: Me, o: Obj) => boolean;
  /** Roles the list is not theirs to call (answered 4xx, checked as such). */
  notFor?: (me: Me) => boolean;
}

interface Row {
  /** `METHOD /path` as in the OpenAPI document (without /api). */
  route: string;
  /** Why the route names no other tenant's object (public and signed, or the caller's own only). */
  outside?: string;
  names?: { kind: Kind; request: (o: Obj, me: Me) => Req | undefined }[];
  list?: ListCheck;
}

// --- distinctive prices for one destination, to find them in answers ---
const NUMBER = '+447812345678';
const PREFIX = '447812';
const GATEWAY_COST = '0.019999';
const WHOLESALE_PRICE = '0.031111'; // the platform's price to Northwind (and Southwind)
const NORTHWIND_PRICE = '0.042222'; // Northwind's price to its agents
const ACME_PRICE = '0.053333'; // Acme's price to its customers
const SOUTH_PRICE = '0.090000';

let s: TestServer;
const me = {} as Record<Role, Me>;
const ids: Record<string, string> = {
  'Direct Retail Ltd': companyId('Direct Retail Ltd'),
  'Two-Way Logistics': companyId('Two-Way Logistics'),
  'Northwind Distribution': companyId('Northwind Distribution'),
  'Acme Agency': companyId('Acme Agency'),
  'Agency Client Co': companyId('Agency Client Co'),
};
const parents = new Map<string, string | null>([
  [ids['Direct Retail Ltd']!, null],
  [ids['Two-Way Logistics']!, null],
  [ids['Northwind Distribution']!, null],
  [ids['Acme Agency']!, ids['Northwind Distribution']!],
  [ids['Agency Client Co']!, ids['Acme Agency']!],
]);
/** Extra users of the second tree and of the sibling agent, by username. */
const extraTokens: Record<string, string> = {};
const objects: Obj[] = [];
let openapi: { paths: Record<string, Record<string, { tags?: string[]; 'x-permission'?: string }>> };
let n = 0;
const uniq = () => `${Date.now().toString(36)}${(++n).toString(36)}`;
const phoneNo = () => `+1212${String(2000000 + Math.floor(Math.random() * 7999999)).padStart(7, '0')}`;
const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const call = async <T>(token: string, method: string, path: string, req: Omit<Req, 'method' | 'path'> = {}) =>
  expectOk(
    await s.call<T>(method, path, {
      token,
      ...(req.query ? { query: req.query } : {}),
      ...(req.body !== undefined ? { body: req.body } : {}),
    }),
  );

let ipCount = 0;
const nextIp = () => `10.88.${Math.floor(++ipCount / 250) % 250}.${(ipCount % 250) + 1}`;

/** One request, JSON or a file (an export), as it came. */
async function send(token: string, req: Req): Promise<Answer> {
  const url = new URL(`${s.baseUrl}${API_PREFIX}${req.path}`);
  for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { 'X-Access-Token': token, 'X-Forwarded-For': nextIp() };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: req.method,
    headers,
    ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
  });
  if (response.headers.get('content-type') === XLSX_MIME) {
    return { status: response.status, body: null, bytes: Buffer.from(await response.arrayBuffer()) };
  }
  return { status: response.status, body: JSON.parse(await response.text()) as Envelope<unknown> };
}

function newCompany(type: 'direct' | 'two-way' | 'agent', name: string) {
  const u = uniq();
  return {
    name,
    type,
    contactName: 'Walk Tester',
    phone: phoneNo(),
    email: `walk.${u}@example.com`,
    username: `walk_${u}`.slice(0, 32),
    password: 'Company2026',
  };
}

/** Creates a company through `path` as `token`; answers its id, its user's token. */
async function createCompany(
  token: string,
  path: '/sys/company/add' | '/sms/agent/customer/add',
  type: 'direct' | 'agent',
  name: string,
  parent: string | null,
) {
  const body = newCompany(type, name);
  const created = await call<{ id: string }>(token, 'POST', path, { body });
  ids[name] = created.id;
  parents.set(created.id, parent);
  extraTokens[name] = await tokenOf(s, body.username, {}, body.password);
  return created.id;
}

function subtree(root: string): Set<string> {
  const out = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of parents) {
      if (parent && out.has(parent) && !out.has(child)) {
        out.add(child);
        grew = true;
      }
    }
  }
  return out;
}

/**
 * Company ids in the role's data scope, as the README defines it (null: every company): sales the
 * companies assigned to them and below; resellers their company and below; customers their own.
 */
function scopeOf(who: Me): Set<string> | null {
  if (who.role === 'admin') return null;
  if (who.role === 'sales')
    return new Set([...subtree(ids['Direct Retail Ltd']!), ...subtree(ids['Two-Way Logistics']!)]);
  if (who.role === 'distributor' || who.role === 'agent') return subtree(who.companyId!);
  return new Set([who.companyId!]);
}

/** Whether `who` may see `o` (what the rules say, computed here independently of the server). */
function visible(who: Me, o: Obj): boolean {
  const scope = scopeOf(who);
  if (scope === null) return true;
  if (o.kind === 'rate') return visible(who, objects.find((g) => g.kind === 'group' && g.id === o.groupId)!);
  if (o.kind !== 'group') return o.companyId !== null && scope.has(o.companyId);
  const assigned = o.assignedTo ?? [];
  if (who.role === 'sales') {
    return o.companyId === null || scope.has(o.companyId) || assigned.some((c) => scope.has(c));
  }
  const reseller = who.role === 'distributor' || who.role === 'agent';
  return (
    (reseller && o.companyId !== null && scope.has(o.companyId)) ||
    (who.companyId !== null && assigned.includes(who.companyId))
  );
}

/** Lists of API access without a company: the caller's own company's (staff: their whole scope). */
const ownOrStaffScope = (who: Me, o: Obj) =>
  who.companyId === null ? visible(who, o) : o.companyId === who.companyId;

const ghostOf = (kind: Kind): Obj => ({
  kind,
  id: randomUUID(),
  companyId: randomUUID(),
  label: 'unknown',
  apiKey: `ak_${randomUUID().replace(/-/g, '')}`,
  groupKind: 'sms',
  assignedTo: [],
});

const companyBody = (o: Obj) => ({
  id: o.id,
  name: `Renamed ${uniq()}`,
  contactName: 'Someone Else',
  phone: phoneNo(),
  email: `renamed.${uniq()}@example.com`,
});
const rateBody = (o: Obj) => ({
  countryCode: 'FR',
  ...(o.groupKind === 'sms' || o.groupKind === undefined ? { smsKind: 'marketing' } : {}),
  price: '0.5',
});
const groupKindOfRate = (o: Obj) => objects.find((g) => g.id === o.groupId)?.groupKind;

const SMS_PATHS = Object.values(SMS_KIND_PATHS);

/** Every route of the walked modules, with what to try. */
const ROWS: Row[] = [
  // --- companies ---
  {
    route: 'GET /sys/company/list',
    list: {
      request: () => ({ method: 'GET', path: '/sys/company/list', query: { pageSize: '500' } }),
      rows: (r: { records: { id: string }[] }) => r.records.map((c) => ({ id: c.id, companyId: c.id })),
      kind: 'company',
    },
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sys/company/queryById', query: { id: o.id } }),
      },
    ],
  },
  {
    route: 'GET /sys/company/queryById',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sys/company/queryById', query: { id: o.id } }),
      },
    ],
  },
  {
    route: 'POST /sys/company/add',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'POST',
          path: '/sys/company/add',
          body: { ...newCompany('direct', `Under ${uniq()}`), parentCompanyId: o.id },
        }),
      },
    ],
  },
  {
    route: 'PUT /sys/company/edit',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'PUT', path: '/sys/company/edit', body: companyBody(o) }),
      },
    ],
  },
  {
    route: 'GET /sys/company/exportXls',
    outside: 'the caller’s list as a file: its rows are compared with the list’s (checked below)',
  },
  {
    route: 'GET /sms/agent/customer/exportXls',
    outside: 'the caller’s list as a file: its rows are compared with the list’s (checked below)',
  },
  {
    route: 'PUT /sys/company/frozen',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'PUT', path: '/sys/company/frozen', body: { ids: [o.id], frozen: true } }),
      },
    ],
  },
  {
    route: 'PUT /sys/company/enabled',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'PUT',
          path: '/sys/company/enabled',
          body: { ids: [o.id], enabled: false },
        }),
      },
    ],
  },
  {
    route: 'PUT /sys/company/approve',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'PUT', path: '/sys/company/approve', body: { id: o.id } }),
      },
    ],
  },
  {
    route: 'GET /sys/company/approvalRateGroups',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sys/company/approvalRateGroups', query: { id: o.id } }),
      },
    ],
  },
  {
    route: 'PUT /sys/company/reject',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'PUT', path: '/sys/company/reject', body: { id: o.id, reason: 'walk' } }),
      },
    ],
  },
  {
    route: 'PUT /sys/company/creditLimit',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'PUT',
          path: '/sys/company/creditLimit',
          body: { companyId: o.id, creditLimit: '1000' },
        }),
      },
    ],
  },
  {
    route: 'PUT /sys/company/ipWhitelist',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'PUT',
          path: '/sys/company/ipWhitelist',
          body: { companyId: o.id, rules: ['10.0.0.1'] },
        }),
      },
    ],
  },
  {
    route: 'GET /sms/agent/customer/list',
    list: {
      request: () => ({ method: 'GET', path: '/sms/agent/customer/list', query: { pageSize: '500' } }),
      rows: (r: { records: { id: string }[] }) => r.records.map((c) => ({ id: c.id, companyId: c.id })),
      notFor: (m) => m.role !== 'distributor' && m.role !== 'agent',
    },
  },
  {
    route: 'POST /sms/agent/customer/add',
    outside: 'creates a customer under the caller’s own company (checked below)',
  },
  {
    route: 'PUT /sms/agent/customer/edit',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'PUT', path: '/sms/agent/customer/edit', body: companyBody(o) }),
      },
    ],
  },
  {
    route: 'PUT /sms/agent/customer/frozen',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'PUT',
          path: '/sms/agent/customer/frozen',
          body: { ids: [o.id], frozen: true },
        }),
      },
    ],
  },
  {
    route: 'GET /sms/agent/balance',
    list: {
      request: () => ({ method: 'GET', path: '/sms/agent/balance' }),
      rows: (r: { companyId: string; customers: { companyId: string }[] }) => [
        { companyId: r.companyId },
        ...r.customers.map((c) => ({ companyId: c.companyId })),
      ],
      notFor: (m) => m.role !== 'distributor' && m.role !== 'agent',
    },
  },
  {
    route: 'POST /sms/agent/balance/transfer',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'POST',
          path: '/sms/agent/balance/transfer',
          body: { companyId: o.id, amount: '0.01', idempotencyKey: `walk-${uniq()}` },
        }),
      },
    ],
  },
  // --- SMS templates and sender ids ---
  {
    route: 'GET /sms/template/list',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sms/template/list', query: { companyId: o.id } }),
      },
    ],
    list: {
      request: () => ({ method: 'GET', path: '/sms/template/list', query: { pageSize: '500' } }),
      rows: (r: { records: { id: string; companyId: string }[] }) => r.records,
      kind: 'template',
    },
  },
  {
    route: 'GET /sms/template/queryById',
    names: [
      {
        kind: 'template',
        request: (o) => ({ method: 'GET', path: '/sms/template/queryById', query: { id: o.id } }),
      },
    ],
  },
  {
    route: 'POST /sms/template/add',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'POST',
          path: '/sms/template/add',
          body: { name: `Walk ${uniq()}`, kinds: ['otp'], text: 'walk', companyId: o.id },
        }),
      },
    ],
  },
  {
    route: 'PUT /sms/template/edit',
    names: [
      {
        kind: 'template',
        request: (o) => ({
          method: 'PUT',
          path: '/sms/template/edit',
          body: { id: o.id, name: `Walk ${uniq()}`, kinds: ['marketing'], text: 'walk {x}' },
        }),
      },
    ],
  },
  {
    route: 'DELETE /sms/template/delete',
    names: [
      {
        kind: 'template',
        request: (o) => ({ method: 'DELETE', path: '/sms/template/delete', query: { id: o.id } }),
      },
    ],
  },
  {
    route: 'DELETE /sms/template/deleteBatch',
    names: [
      {
        kind: 'template',
        request: (o) => ({ method: 'DELETE', path: '/sms/template/deleteBatch', query: { ids: o.id } }),
      },
    ],
  },
  {
    route: 'GET /sms/template/exportXls',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sms/template/exportXls', query: { companyId: o.id } }),
      },
    ],
  },
  { route: 'POST /sms/template/importExcel', outside: 'writes into the caller’s own company only' },
  {
    route: 'PUT /sms/template/approve',
    names: [
      {
        kind: 'template',
        request: (o) => ({ method: 'PUT', path: '/sms/template/approve', body: { id: o.id } }),
      },
    ],
  },
  {
    route: 'PUT /sms/template/reject',
    names: [
      {
        kind: 'template',
        request: (o) => ({ method: 'PUT', path: '/sms/template/reject', body: { id: o.id, reason: 'walk' } }),
      },
    ],
  },
  {
    route: 'GET /sms/sender/list',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sms/sender/list', query: { companyId: o.id } }),
      },
    ],
    list: {
      request: () => ({ method: 'GET', path: '/sms/sender/list', query: { pageSize: '500' } }),
      rows: (r: { records: { id: string; companyId: string }[] }) => r.records,
      kind: 'sender',
    },
  },
  {
    route: 'GET /sms/sender/queryById',
    names: [
      {
        kind: 'sender',
        request: (o) => ({ method: 'GET', path: '/sms/sender/queryById', query: { id: o.id } }),
      },
    ],
  },
  {
    route: 'POST /sms/sender/add',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'POST',
          path: '/sms/sender/add',
          body: { senderId: `W${uniq()}`.slice(0, 11), companyId: o.id },
        }),
      },
    ],
  },
  {
    route: 'PUT /sms/sender/edit',
    names: [
      {
        kind: 'sender',
        request: (o) => ({
          method: 'PUT',
          path: '/sms/sender/edit',
          body: { id: o.id, senderId: `W${uniq()}`.slice(0, 11) },
        }),
      },
    ],
  },
  {
    route: 'DELETE /sms/sender/delete',
    names: [
      {
        kind: 'sender',
        request: (o) => ({ method: 'DELETE', path: '/sms/sender/delete', query: { id: o.id } }),
      },
    ],
  },
  {
    route: 'DELETE /sms/sender/deleteBatch',
    names: [
      {
        kind: 'sender',
        request: (o) => ({ method: 'DELETE', path: '/sms/sender/deleteBatch', query: { ids: o.id } }),
      },
    ],
  },
  {
    route: 'GET /sms/sender/exportXls',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sms/sender/exportXls', query: { companyId: o.id } }),
      },
    ],
  },
  { route: 'POST /sms/sender/importExcel', outside: 'writes into the caller’s own company only' },
  {
    route: 'PUT /sms/sender/approve',
    names: [
      {
        kind: 'sender',
        request: (o) => ({ method: 'PUT', path: '/sms/sender/approve', body: { id: o.id } }),
      },
    ],
  },
  {
    route: 'PUT /sms/sender/reject',
    names: [
      {
        kind: 'sender',
        request: (o) => ({ method: 'PUT', path: '/sms/sender/reject', body: { id: o.id, reason: 'walk' } }),
      },
    ],
  },
  {
    route: 'GET /sms/template/policy',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sms/template/policy', query: { companyId: o.id } }),
      },
    ],
  },
  {
    route: 'PUT /sms/template/policy',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'PUT',
          path: '/sms/template/policy',
          body: { companyId: o.id, requireApprovedTemplates: true },
        }),
      },
    ],
  },
  // --- ledger ---
  {
    route: 'GET /sys/balance',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sys/balance', query: { companyId: o.id } }),
      },
    ],
    list: {
      request: () => ({ method: 'GET', path: '/sys/balance' }),
      rows: (r: { companyId: string }) => [{ companyId: r.companyId }],
      notFor: (m) => m.companyId === null,
    },
  },
  {
    route: 'GET /sys/ledger/list',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sys/ledger/list', query: { companyId: o.id } }),
      },
    ],
    list: {
      request: () => ({ method: 'GET', path: '/sys/ledger/list', query: { pageSize: '500' } }),
      rows: (r: { records: { companyId: string }[] }) => r.records.map((e) => ({ companyId: e.companyId })),
    },
  },
  {
    route: 'GET /sys/ledger/exportXls',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'GET',
          path: '/sys/ledger/exportXls',
          query: { companyId: o.id, from: today, to: tomorrow },
        }),
      },
    ],
    // Its rows are checked by company name below (a file, not JSON).
  },
  {
    route: 'POST /sys/balance/adjust',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'POST',
          path: '/sys/balance/adjust',
          body: {
            companyId: o.id,
            direction: 'credit',
            amount: '5',
            reason: 'walk',
            idempotencyKey: `walk-${uniq()}`,
          },
        }),
      },
    ],
  },
  // --- payments ---
  { route: 'POST /sys/order/create', outside: 'opens an order of the caller’s own company (checked below)' },
  {
    route: 'GET /sys/order/list',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sys/order/list', query: { companyId: o.id } }),
      },
    ],
    list: {
      request: () => ({ method: 'GET', path: '/sys/order/list', query: { pageSize: '500' } }),
      rows: (r: { records: { id: string; companyId: string }[] }) => r.records,
      kind: 'order',
    },
  },
  {
    route: 'GET /sys/order/queryById',
    names: [
      {
        kind: 'order',
        request: (o) => ({ method: 'GET', path: '/sys/order/queryById', query: { id: o.id } }),
      },
    ],
  },
  { route: 'POST /sys/order/createPayout', outside: 'asks for the caller’s own commission (checked below)' },
  {
    route: 'GET /sys/order/payoutList',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sys/order/payoutList', query: { companyId: o.id } }),
      },
    ],
    list: {
      request: () => ({ method: 'GET', path: '/sys/order/payoutList', query: { pageSize: '500' } }),
      rows: (r: { records: { id: string; companyId: string }[] }) => r.records,
      kind: 'payout',
    },
  },
  {
    route: 'GET /sys/order/paymentIssueList',
    outside:
      'payments no order took: administrators only (order:payment:resolve), rows filtered by scope all the same',
  },
  {
    route: 'PUT /sys/order/paymentIssue/resolve',
    outside:
      'payments no order took: administrators only (order:payment:resolve), an issue outside the scope is refused',
  },
  {
    route: 'PUT /sys/order/payout/approve',
    names: [
      {
        kind: 'payout',
        request: (o) => ({ method: 'PUT', path: '/sys/order/payout/approve', body: { id: o.id } }),
      },
    ],
  },
  {
    route: 'PUT /sys/order/payout/reject',
    names: [
      {
        kind: 'payout',
        request: (o) => ({
          method: 'PUT',
          path: '/sys/order/payout/reject',
          body: { id: o.id, reason: 'walk' },
        }),
      },
    ],
  },
  {
    route: 'GET /sys/order/exportXls',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'GET',
          path: '/sys/order/exportXls',
          query: { companyId: o.id, from: today, to: tomorrow },
        }),
      },
    ],
    // Its rows are compared with the list's below (a file, not JSON).
  },
  {
    route: 'GET /sys/order/payoutExportXls',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sys/order/payoutExportXls', query: { companyId: o.id } }),
      },
    ],
  },
  {
    route: 'POST /payments/webhook/stripe',
    outside: 'public: a provider notification, checked by its signature',
  },
  {
    route: 'POST /payments/webhook/nowpayments',
    outside: 'public: a provider notification, checked by its signature',
  },
  {
    route: 'GET /payments/sim/checkout/{id}',
    outside: 'public: the simulator’s checkout page, reached by the order’s unguessable id (demo mode)',
  },
  {
    route: 'POST /payments/sim/checkout/{id}/{action}',
    outside: 'public: the simulator’s checkout page, reached by the order’s unguessable id (demo mode)',
  },
  // --- API access ---
  {
    route: 'GET /sys/apiSecret/list',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sys/apiSecret/list', query: { companyId: o.id } }),
      },
    ],
    list: {
      // Without a company: the caller's own (staff: their whole scope).
      request: () => ({ method: 'GET', path: '/sys/apiSecret/list', query: { pageSize: '500' } }),
      rows: (r: { records: { apiKey: string; companyId: string }[] }) =>
        r.records.map((k) => ({ id: k.apiKey, companyId: k.companyId })),
      kind: 'apiKey',
      shows: ownOrStaffScope,
    },
  },
  {
    route: 'POST /sys/apiSecret/generate',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'POST', path: '/sys/apiSecret/generate', body: { companyId: o.id } }),
      },
    ],
  },
  {
    route: 'POST /sys/apiSecret/rotate',
    names: [
      {
        kind: 'apiKey',
        request: (o) => ({
          method: 'POST',
          path: '/sys/apiSecret/rotate',
          body: { apiKey: o.apiKey, graceMinutes: 0 },
        }),
      },
    ],
  },
  {
    route: 'PUT /sys/apiSecret/edit',
    names: [
      {
        kind: 'apiKey',
        request: (o) => ({
          method: 'PUT',
          path: '/sys/apiSecret/edit',
          body: { apiKey: o.apiKey, label: 'mine now' },
        }),
      },
    ],
  },
  {
    route: 'POST /sys/apiSecret/disable',
    names: [
      {
        kind: 'apiKey',
        request: (o) => ({ method: 'POST', path: '/sys/apiSecret/disable', body: { apiKey: o.apiKey } }),
      },
    ],
  },
  {
    route: 'POST /sys/apiSecret/enable',
    names: [
      {
        kind: 'apiKey',
        request: (o) => ({ method: 'POST', path: '/sys/apiSecret/enable', body: { apiKey: o.apiKey } }),
      },
    ],
  },
  {
    route: 'POST /sys/apiSecret/revoke',
    names: [
      {
        kind: 'apiKey',
        request: (o) => ({ method: 'POST', path: '/sys/apiSecret/revoke', body: { apiKey: o.apiKey } }),
      },
    ],
  },
  {
    route: 'GET /sys/configCallback/get',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sys/configCallback/get', query: { companyId: o.id } }),
      },
    ],
    list: {
      request: () => ({ method: 'GET', path: '/sys/configCallback/get' }),
      rows: (r: { companyId: string }) => [{ companyId: r.companyId }],
      notFor: (m) => m.companyId === null,
    },
  },
  {
    route: 'PUT /sys/configCallback/edit',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'PUT',
          path: '/sys/configCallback/edit',
          body: { companyId: o.id, url: 'http://127.0.0.1:9/stolen' },
        }),
      },
    ],
  },
  {
    route: 'POST /sys/configCallback/test',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'POST',
          path: '/sys/configCallback/test',
          body: { companyId: o.id, url: 'http://127.0.0.1:9/stolen' },
        }),
      },
    ],
  },
  {
    route: 'POST /sys/configCallback/revealSecret',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'POST',
          path: '/sys/configCallback/revealSecret',
          body: { companyId: o.id },
        }),
      },
    ],
  },
  {
    route: 'POST /sys/configCallback/regenerateSecret',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'POST',
          path: '/sys/configCallback/regenerateSecret',
          body: { companyId: o.id },
        }),
      },
    ],
  },
  {
    route: 'GET /sys/ipWhiteList/list',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sys/ipWhiteList/list', query: { companyId: o.id } }),
      },
    ],
    list: {
      request: () => ({ method: 'GET', path: '/sys/ipWhiteList/list', query: { pageSize: '500' } }),
      rows: (r: { records: { id: string; companyId: string }[] }) => r.records,
      kind: 'ipRule',
      shows: ownOrStaffScope,
    },
  },
  {
    route: 'POST /sys/ipWhiteList/add',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'POST',
          path: '/sys/ipWhiteList/add',
          body: { companyId: o.id, rule: `10.66.${(n % 250) + 1}.${(++n % 250) + 1}` },
        }),
      },
    ],
  },
  {
    route: 'DELETE /sys/ipWhiteList/delete',
    names: [
      {
        kind: 'ipRule',
        request: (o) => ({ method: 'DELETE', path: '/sys/ipWhiteList/delete', query: { id: o.id } }),
      },
    ],
  },
  // --- rates ---
  {
    route: 'GET /sys/feerateGroup/list',
    list: {
      request: () => ({ method: 'GET', path: '/sys/feerateGroup/list', query: { pageSize: '500' } }),
      rows: (r: { records: { id: string; ownerCompanyId: string | null }[] }) =>
        r.records.map((g) => ({ id: g.id, companyId: g.ownerCompanyId })),
      kind: 'group',
    },
  },
  {
    route: 'GET /sys/feerateGroup/queryById',
    names: [
      {
        kind: 'group',
        request: (o) => ({ method: 'GET', path: '/sys/feerateGroup/queryById', query: { id: o.id } }),
      },
    ],
  },
  { route: 'POST /sys/feerateGroup/add', outside: 'adds a group of the caller’s own (checked below)' },
  {
    route: 'PUT /sys/feerateGroup/edit',
    names: [
      {
        kind: 'group',
        request: (o) => ({
          method: 'PUT',
          path: '/sys/feerateGroup/edit',
          body: { id: o.id, name: `Mine ${uniq()}` },
        }),
      },
    ],
  },
  {
    route: 'DELETE /sys/feerateGroup/delete',
    names: [
      {
        kind: 'group',
        request: (o) => ({ method: 'DELETE', path: '/sys/feerateGroup/delete', query: { id: o.id } }),
      },
    ],
  },
  {
    route: 'POST /sys/feerateGroup/copy',
    names: [
      {
        kind: 'group',
        request: (o) => ({
          method: 'POST',
          path: '/sys/feerateGroup/copy',
          body: { id: o.id, name: `Copy ${uniq()}` },
        }),
      },
    ],
  },
  {
    route: 'PUT /sys/feerateGroup/assign',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'PUT',
          path: '/sys/feerateGroup/assign',
          body: { companyId: o.id, kind: 'sms', groupId: null },
        }),
      },
      {
        // Another tenant's group to one's own customer.
        kind: 'group',
        request: (o, m) =>
          m.customerId
            ? {
                method: 'PUT',
                path: '/sys/feerateGroup/assign',
                body: { companyId: m.customerId, kind: o.groupKind, groupId: o.id },
              }
            : undefined,
      },
    ],
  },
  {
    route: 'GET /sys/feerateGroup/assignments',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'GET',
          path: '/sys/feerateGroup/assignments',
          query: { companyId: o.id },
        }),
      },
    ],
  },
  {
    route: 'GET /sys/feerate/list',
    names: [
      {
        kind: 'group',
        request: (o) => ({ method: 'GET', path: '/sys/feerate/list', query: { groupId: o.id } }),
      },
    ],
  },
  {
    route: 'GET /sys/feerate/queryById',
    names: [
      {
        kind: 'rate',
        request: (o) => ({ method: 'GET', path: '/sys/feerate/queryById', query: { id: o.id } }),
      },
    ],
  },
  {
    route: 'POST /sys/feerate/add',
    names: [
      {
        kind: 'group',
        request: (o) => ({
          method: 'POST',
          path: '/sys/feerate/add',
          body: { groupId: o.id, ...rateBody(o) },
        }),
      },
    ],
  },
  {
    route: 'PUT /sys/feerate/edit',
    names: [
      {
        kind: 'rate',
        request: (o) => ({
          method: 'PUT',
          path: '/sys/feerate/edit',
          body: { id: o.id, ...rateBody({ ...o, groupKind: groupKindOfRate(o) }) },
        }),
      },
    ],
  },
  {
    route: 'DELETE /sys/feerate/delete',
    names: [
      {
        kind: 'rate',
        request: (o) => ({ method: 'DELETE', path: '/sys/feerate/delete', query: { id: o.id } }),
      },
    ],
  },
  {
    route: 'DELETE /sys/feerate/deleteBatch',
    names: [
      {
        kind: 'rate',
        request: (o) => ({ method: 'DELETE', path: '/sys/feerate/deleteBatch', query: { ids: o.id } }),
      },
    ],
  },
  {
    route: 'PUT /sys/feerate/batchEdit',
    names: [
      {
        kind: 'group',
        request: (o) => ({
          method: 'PUT',
          path: '/sys/feerate/batchEdit',
          body: { groupId: o.id, mode: 'set', price: '0.9' },
        }),
      },
    ],
  },
  {
    route: 'POST /sys/feerate/importRows',
    names: [
      {
        kind: 'group',
        request: (o) => ({
          method: 'POST',
          path: '/sys/feerate/importRows',
          body: { groupId: o.id, rows: [rateBody(o)] },
        }),
      },
    ],
  },
  {
    route: 'GET /sys/feerate/quote',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'GET',
          path: '/sys/feerate/quote',
          query: { companyId: o.id, kind: 'marketing', number: NUMBER },
        }),
      },
    ],
  },
  {
    route: 'GET /sys/feerate/exportXls',
    names: [
      {
        kind: 'group',
        request: (o) => ({ method: 'GET', path: '/sys/feerate/exportXls', query: { groupId: o.id } }),
      },
    ],
  },
  {
    route: 'POST /sys/feerate/importExcel',
    outside: 'a file into a group: another tenant’s group is refused as an unknown one (checked below)',
  },
  {
    route: 'DELETE /sys/feerateGroup/deleteBatch',
    names: [
      {
        kind: 'group',
        request: (o) => ({ method: 'DELETE', path: '/sys/feerateGroup/deleteBatch', query: { ids: o.id } }),
      },
    ],
  },
  {
    route: 'GET /sys/feerateGroup/exportXls',
    outside: 'the caller’s list as a file: its rows are compared with the list’s (checked below)',
  },
  { route: 'GET /gatewayOperatorPrice/exportXls', outside: 'platform data, staff only (checked below)' },
  { route: 'POST /gatewayOperatorPrice/importExcel', outside: 'platform data, staff only (checked below)' },
  { route: 'DELETE /gatewayOperatorPrice/deleteBatch', outside: 'platform data, staff only (checked below)' },
  { route: 'GET /gatewayOperatorPrice/list', outside: 'platform data, staff only (checked below)' },
  { route: 'GET /gatewayOperatorPrice/queryById', outside: 'platform data, staff only (checked below)' },
  { route: 'POST /gatewayOperatorPrice/add', outside: 'platform data, staff only (checked below)' },
  { route: 'PUT /gatewayOperatorPrice/edit', outside: 'platform data, staff only (checked below)' },
  { route: 'DELETE /gatewayOperatorPrice/delete', outside: 'platform data, staff only (checked below)' },
  // --- SMS: the four kinds' send, outbox and records routes, and the delivery log ---
  ...SMS_PATHS.flatMap((k): Row[] => [
    {
      route: `POST /sms/${k}/preview`,
      outside: 'a send of the caller’s own company (no other tenant named)',
    },
    { route: `POST /sms/${k}/send`, outside: 'a send of the caller’s own company (no other tenant named)' },
    { route: `POST /sms/${k}/importNumbers`, outside: 'reads the uploaded file only' },
    {
      route: `GET /sms/${k}/batchList`,
      list: {
        request: () => ({ method: 'GET', path: `/sms/${k}/batchList`, query: { pageSize: '500' } }),
        rows: (r: { records: { id: string; companyId: string }[] }) =>
          r.records.map((b) => ({ id: b.id, companyId: b.companyId })),
        kind: 'batch',
        shows: (who, o) => o.smsPath === k && visible(who, o),
      },
      names: [
        {
          kind: 'company',
          request: (o) => ({ method: 'GET', path: `/sms/${k}/batchList`, query: { companyId: o.id } }),
        },
      ],
    },
    {
      route: `POST /sms/${k}/cancel`,
      names: [
        {
          kind: 'batch',
          request: (o) =>
            o.smsPath === undefined || o.smsPath === k
              ? { method: 'POST', path: `/sms/${k}/cancel`, query: { id: o.id } }
              : undefined,
        },
      ],
    },
    {
      route: `GET /sms/${k}/list`,
      list: {
        request: () => ({ method: 'GET', path: `/sms/${k}/list`, query: { pageSize: '500' } }),
        rows: (r: { records: { id: string; companyId: string }[] }) =>
          r.records.map((m) => ({ id: m.id, companyId: m.companyId })),
        kind: 'message',
        shows: (who, o) => o.smsPath === k && visible(who, o),
      },
      names: [
        {
          kind: 'company',
          request: (o) => ({ method: 'GET', path: `/sms/${k}/list`, query: { companyId: o.id } }),
        },
      ],
    },
    {
      route: `GET /sms/${k}/queryById`,
      names: [
        {
          kind: 'message',
          request: (o) =>
            o.smsPath === undefined || o.smsPath === k
              ? { method: 'GET', path: `/sms/${k}/queryById`, query: { id: o.id } }
              : undefined,
        },
      ],
    },
    {
      route: `GET /sms/${k}/exportXls`,
      names: [
        {
          kind: 'company',
          request: (o) => ({ method: 'GET', path: `/sms/${k}/exportXls`, query: { companyId: o.id } }),
        },
      ],
    },
  ]),
  {
    route: 'GET /sms/callback/list',
    list: {
      request: () => ({ method: 'GET', path: '/sms/callback/list', query: { pageSize: '500' } }),
      rows: (r: { records: { companyId: string }[] }) => r.records.map((c) => ({ companyId: c.companyId })),
    },
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sms/callback/list', query: { companyId: o.id } }),
      },
    ],
  },
  // --- SMS statistics (issue 12): the analysis in the caller's scope, a company named must be in it ---
  {
    route: 'GET /sms/analysis/byCompany',
    list: {
      request: () => ({ method: 'GET', path: '/sms/analysis/byCompany' }),
      rows: (r: { rows: { key: string }[] }) => r.rows.map((row) => ({ companyId: row.key })),
    },
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sms/analysis/byCompany', query: { companyId: o.id } }),
      },
    ],
  },
  ...(['byDay', 'byCountry', 'byGateway'] as const).map((path) => ({
    route: `GET /sms/analysis/${path}`,
    names: [
      {
        kind: 'company' as const,
        request: (o: Obj) => ({ method: 'GET', path: `/sms/analysis/${path}`, query: { companyId: o.id } }),
      },
    ],
  })),
  {
    route: 'GET /sms/analysis/exportXls',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'GET',
          path: '/sms/analysis/exportXls',
          query: { dimension: 'company', companyId: o.id },
        }),
      },
    ],
  },
  {
    route: 'POST /sms/analysis/rebuild',
    outside: 'administrators only; names no company (sms-stats.test.ts)',
  },
  { route: 'GET /home/totals', outside: 'the caller’s own scope only; takes no company (sms-stats.test.ts)' },
  // --- SMS routing (issue 12): routes, operators, gateway grants and resellers' choices ---
  { route: 'GET /sys/smsOperator/list', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'GET /sys/smsOperator/queryById', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'POST /sys/smsOperator/add', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'PUT /sys/smsOperator/edit', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'DELETE /sys/smsOperator/delete', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'DELETE /sys/smsOperator/deleteBatch', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'GET /sys/smsOperator/exportXls', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'POST /sys/smsOperator/importExcel', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'GET /sms/route/list', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'GET /sms/route/queryById', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'POST /sms/route/add', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'PUT /sms/route/edit', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'DELETE /sms/route/delete', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'DELETE /sms/route/deleteBatch', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'GET /sms/route/exportXls', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'POST /sms/route/importExcel', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'GET /sms/route/gateways', outside: 'platform data, staff only (routing.test.ts)' },
  { route: 'GET /recommend', outside: 'platform data, staff only (routing.test.ts)' },
  {
    route: 'POST /sms/route/test',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'POST',
          path: '/sms/route/test',
          body: { companyId: o.id, kind: 'otp', number: NUMBER },
        }),
      },
    ],
  },
  {
    route: 'GET /sms/gateway/grant/list',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sms/gateway/grant/list', query: { companyId: o.id } }),
      },
    ],
  },
  {
    route: 'POST /sms/gateway/grant/save',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'POST',
          path: '/sms/gateway/grant/save',
          body: { companyId: o.id, gatewayIds: [] },
        }),
      },
    ],
  },
  {
    route: 'GET /sms/agent/customer/gateway',
    names: [
      {
        kind: 'company',
        request: (o) => ({ method: 'GET', path: '/sms/agent/customer/gateway', query: { companyId: o.id } }),
      },
    ],
  },
  {
    route: 'POST /sms/agent/customer/gateway',
    names: [
      {
        kind: 'company',
        request: (o) => ({
          method: 'POST',
          path: '/sms/agent/customer/gateway',
          body: { companyId: o.id, gatewayIds: [] },
        }),
      },
    ],
  },
  { route: 'GET /sms/agent/gateway/list', outside: 'the caller’s own company’s gateways (routing.test.ts)' },
];

/** What a role's answers must never carry. */
function forbiddenFor(role: Role): { keys: string[]; values: string[]; commission: boolean } {
  switch (role) {
    case 'admin':
    case 'sales':
      return { keys: [], values: [], commission: false };
    case 'distributor':
      return { keys: ['cost'], values: [GATEWAY_COST], commission: false };
    case 'agent':
      return { keys: ['cost'], values: [GATEWAY_COST, WHOLESALE_PRICE], commission: false };
    default:
      return {
        keys: ['cost', 'margin', 'ownPrice'],
        values: [GATEWAY_COST, WHOLESALE_PRICE, NORTHWIND_PRICE],
        commission: true,
      };
  }
}

/** Problems in an answer to `role`: forbidden keys with a value, forbidden figures, commissions. */
function leaksIn(role: Role, body: unknown): string[] {
  const rule = forbiddenFor(role);
  const found: string[] = [];
  const visit = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      for (const figure of rule.values) if (value.includes(figure)) found.push(`${path} carries ${figure}`);
      return;
    }
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) visit(v, `${path}[${i}]`);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, v] of Object.entries(value)) {
      if (rule.keys.includes(key) && v !== null && v !== undefined)
        found.push(`${path}.${key} = ${String(v)}`);
      if (rule.commission && key === 'kind' && v === 'commission')
        found.push(`${path} is a commission entry`);
      if (rule.commission && key === 'commission' && typeof v === 'string' && Number(v) !== 0)
        found.push(`${path}.commission = ${v}`);
      visit(v, `${path}.${key}`);
    }
  };
  visit(body, '$');
  return found;
}

/** Every answer of the walk goes through here: its body is checked for leaks. */
const leaks: string[] = [];
async function ask(who: Me, req: Req): Promise<Answer> {
  const answer = await send(who.token, req);
  if (answer.body) {
    for (const leak of leaksIn(who.role, answer.body))
      leaks.push(`${who.role} ${req.method} ${req.path}: ${leak}`);
  }
  return answer;
}

/**
 * No answer of the test so far gave a customer or a reseller the cost, a parent's price or the
 * platform's margin, or a customer a commission (each test ends with it).
 */
function expectNoLeaks() {
  const found = [...new Set(leaks.splice(0))];
  expect(found).toEqual([]);
}

beforeAll(async () => {
  // Each request from its own address: the per-address rate limits (a callback test's) do not answer.
  s = await startServer({ CALLBACK_ALLOW_PRIVATE: '1', TRUST_PROXY: '1' });
  const grants = s.app.services.grants;
  for (const role of ROLES) {
    const token = await tokenOf(s, role);
    const user = await s.app.services.users.findById(userId(role));
    me[role] = {
      role,
      token,
      companyId: user?.companyId ?? null,
      permissions: (await grants.forUser(userId(role))).permissions,
      customerId: null,
    };
  }
  const admin = me.admin.token;
  const t = (role: Role) => me[role].token;

  // The second reseller tree, and a sibling of Acme under Northwind, through the routes.
  const south = await createCompany(admin, '/sys/company/add', 'agent', 'Southwind Distribution', null);
  const southClient = await createCompany(
    extraTokens['Southwind Distribution']!,
    '/sms/agent/customer/add',
    'direct',
    'South Client',
    south,
  );
  const bravo = await createCompany(
    t('distributor'),
    '/sms/agent/customer/add',
    'agent',
    'Bravo Agency',
    ids['Northwind Distribution']!,
  );
  await createCompany(
    extraTokens['Bravo Agency']!,
    '/sms/agent/customer/add',
    'direct',
    'Bravo Client',
    bravo,
  );
  const tokenOfCompany: Record<string, string> = {
    [ids['Direct Retail Ltd']!]: t('customer'),
    [ids['Two-Way Logistics']!]: t('customer2'),
    [ids['Agency Client Co']!]: t('agentcustomer'),
    [ids['Acme Agency']!]: t('agent'),
    [ids['Northwind Distribution']!]: t('distributor'),
  };
  for (const name of ['Southwind Distribution', 'South Client', 'Bravo Agency', 'Bravo Client'])
    tokenOfCompany[ids[name]!] = extraTokens[name]!;

  // Prices for one destination at every level, and a gateway cost below them.
  const groups = await call<{ records: { id: string; name: string; ownerCompanyId: string | null }[] }>(
    admin,
    'GET',
    '/sys/feerateGroup/list',
    { query: { pageSize: '500' } },
  );
  const groupId = (name: string) => groups.records.find((g) => g.name === name)!.id;
  const addRate = (token: string, group: string, price: string) =>
    call(token, 'POST', '/sys/feerate/add', {
      body: { groupId: group, countryCode: 'GB', smsKind: 'marketing', prefix: PREFIX, price },
    });
  await addRate(t('agent'), groupId('Acme customers SMS'), ACME_PRICE);
  await addRate(t('distributor'), groupId('Northwind agents SMS'), NORTHWIND_PRICE);
  await addRate(admin, groupId('Wholesale SMS'), WHOLESALE_PRICE);
  await call(admin, 'POST', '/gatewayOperatorPrice/add', {
    body: { gateway: 'walk-gw', kind: 'sms', countryCode: 'GB', cost: GATEWAY_COST },
  });
  await call(admin, 'PUT', '/sys/feerateGroup/assign', {
    body: { companyId: south, kind: 'sms', groupId: groupId('Wholesale SMS') },
  });
  for (const [name, customer] of [
    ['Southwind Distribution', southClient],
    ['Bravo Agency', ids['Bravo Client']!],
  ] as const) {
    const token = extraTokens[name]!;
    const group = await call<{ id: string }>(token, 'POST', '/sys/feerateGroup/add', {
      body: { name: `${name} customers SMS`, kind: 'sms' },
    });
    await call(token, 'POST', '/sys/feerate/add', {
      body: { groupId: group.id, countryCode: 'GB', smsKind: 'marketing', price: SOUTH_PRICE },
    });
    await call(token, 'PUT', '/sys/feerateGroup/assign', {
      body: { companyId: customer, kind: 'sms', groupId: group.id },
    });
  }

  // Money everywhere, charges that pay commissions, payouts, orders, keys and IP rules.
  for (const id of Object.values(ids)) {
    objects.push({ kind: 'company', id, companyId: id, label: Object.keys(ids).find((k) => ids[k] === id)! });
    await call(admin, 'POST', '/sys/balance/adjust', {
      body: {
        companyId: id,
        direction: 'credit',
        amount: '100',
        reason: 'walk',
        idempotencyKey: `seed-${id}`,
      },
    });
  }
  await s.app.services.rates.charging.charge(
    ids['Agency Client Co']!,
    'marketing',
    NUMBER,
    1,
    'walk-charge-1',
  );
  await s.app.services.rates.charging.charge(southClient, 'marketing', NUMBER, 1, 'walk-charge-2');
  for (const reseller of [ids['Acme Agency']!, ids['Northwind Distribution']!, south]) {
    const payout = await call<{ id: string }>(tokenOfCompany[reseller]!, 'POST', '/sys/order/createPayout', {
      body: { amount: '0.01' },
    });
    objects.push({ kind: 'payout', id: payout.id, companyId: reseller, label: 'payout' });
  }
  let ip = 0;
  for (const [company, token] of Object.entries(tokenOfCompany)) {
    const order = await call<{ orderId: string }>(token, 'POST', '/sys/order/create', {
      body: { amount: '60', method: 'card' },
    });
    objects.push({ kind: 'order', id: order.orderId, companyId: company, label: 'order' });
    const key = await call<{ apiKey: string }>(token, 'POST', '/sys/apiSecret/generate', { body: {} });
    objects.push({ kind: 'apiKey', id: key.apiKey, apiKey: key.apiKey, companyId: company, label: 'key' });
    const rule = await call<{ id: string }>(token, 'POST', '/sys/ipWhiteList/add', {
      body: { rule: `10.55.0.${++ip}` },
    });
    objects.push({ kind: 'ipRule', id: rule.id, companyId: company, label: 'ip rule' });
    const template = await call<{ id: string }>(token, 'POST', '/sms/template/add', {
      body: { name: `Walk template ${ip}`, kinds: ['marketing'], text: 'Hello {name}' },
    });
    objects.push({ kind: 'template', id: template.id, companyId: company, label: `template ${ip}` });
    const sender = await call<{ id: string }>(token, 'POST', '/sms/sender/add', {
      body: { senderId: `Walk${ip}` },
    });
    objects.push({ kind: 'sender', id: sender.id, companyId: company, label: `sender ${ip}` });
  }

  // Every group with its owner and assignments, and one rate of each.
  const all = await call<{
    records: { id: string; name: string; kind: 'sms' | 'voice' | 'nd'; ownerCompanyId: string | null }[];
  }>(admin, 'GET', '/sys/feerateGroup/list', { query: { pageSize: '500' } });
  const assignedTo = new Map<string, string[]>();
  for (const company of Object.values(ids)) {
    const a = await call<{ groups: { groupId: string | null }[] }>(
      admin,
      'GET',
      '/sys/feerateGroup/assignments',
      {
        query: { companyId: company },
      },
    );
    for (const g of a.groups)
      if (g.groupId) assignedTo.set(g.groupId, [...(assignedTo.get(g.groupId) ?? []), company]);
  }
  for (const g of all.records) {
    objects.push({
      kind: 'group',
      id: g.id,
      companyId: g.ownerCompanyId,
      label: g.name,
      groupKind: g.kind,
      assignedTo: assignedTo.get(g.id) ?? [],
    });
    const rates = await call<{ records: { id: string }[] }>(admin, 'GET', '/sys/feerate/list', {
      query: { groupId: g.id, pageSize: '1' },
    });
    for (const r of rates.records)
      objects.push({
        kind: 'rate',
        id: r.id,
        companyId: g.ownerCompanyId,
        groupId: g.id,
        label: `rate of ${g.name}`,
      });
  }

  // SMS of every kind from every company: a send now (its messages and batch) and a scheduled one
  // (cancellable), through the HTTP API's path so that each message owes a callback too. A second
  // number is no number at all: it is final at once (invalid_number), so its report is owed
  // whatever the routes (no worker dispatches in this server).
  for (const company of Object.values(ids)) {
    // A callback URL (nothing listens there: no worker posts in this server), so that reports are owed.
    await call(admin, 'PUT', '/sys/configCallback/edit', {
      body: { companyId: company, url: 'http://127.0.0.1:9/walk-dlr' },
    });
    for (const kind of SMS_KINDS) {
      for (const scheduledAt of [null, new Date(Date.now() + 86_400_000)]) {
        const r = await s.app.services.sms.accept({
          companyId: company,
          userId: null,
          kind,
          source: 'api',
          recipients: [{ number: NUMBER }, { number: '12' }],
          text: `walk ${kind}`,
          scheduledAt,
        });
        const smsPath = SMS_KIND_PATHS[kind];
        objects.push({
          kind: 'batch',
          id: r.batchId,
          companyId: company,
          label: `batch ${kind} ${company}`,
          smsPath,
        });
        if (!scheduledAt)
          objects.push({
            kind: 'message',
            id: r.messages[0]!.id!,
            companyId: company,
            label: `message ${kind} ${company}`,
            smsPath,
          });
      }
    }
  }

  me.agent.customerId = ids['Agency Client Co']!;
  me.distributor.customerId = ids['Acme Agency']!;

  const res = await s.call<never>('GET', '/openapi.json', { token: admin });
  expect(res.status).toBe(200);
  openapi = res.body as unknown as typeof openapi;
}, 300_000);
afterAll(() => s.close());

/** The routes of the walked modules in the OpenAPI document, as `METHOD /path`, with their permission. */
function moneyRoutes(): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const [path, operations] of Object.entries(openapi.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!MODULES.includes(op.tags?.[0] ?? '')) continue;
      out.set(`${method.toUpperCase()} ${path.replace(/^\/api/, '')}`, op['x-permission']);
    }
  }
  return out;
}

describe('tenant isolation', () => {
  it('has a row for every route of the money and company modules, and none for a route that is gone', () => {
    const routes = moneyRoutes();
    expect(routes.size).toBeGreaterThan(60);
    const rows = ROWS.map((r) => r.route);
    expect([...routes.keys()].filter((r) => !rows.includes(r))).toEqual([]);
    expect(rows.filter((r) => !routes.has(r))).toEqual([]);
    expect(new Set(rows).size).toBe(rows.length);
    for (const row of ROWS)
      expect(Boolean(row.outside) || Boolean(row.names || row.list), row.route).toBe(true);
  });

  it('the world is what the walk needs: every role has other tenants’ objects of every kind to try', () => {
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const foreign = new Set(objects.filter((o) => !visible(me[role], o)).map((o) => o.kind));
      expect([...foreign].sort(), role).toEqual([
        'apiKey',
        'batch',
        'company',
        'group',
        'ipRule',
        'message',
        'order',
        'payout',
        'rate',
        'sender',
        'template',
      ]);
    }
  });

  it('refuses every other tenant’s object as it refuses an unknown one, on every route, for every role', {
    timeout: 600_000,
  }, async () => {
    const routes = moneyRoutes();
    const problems: string[] = [];
    const tried = new Map<string, number>();
    for (const row of ROWS) {
      for (const [index, named] of (row.names ?? []).entries()) {
        // The administrator's scope is everything: no other tenant to try.
        for (const role of ROLES.filter((r) => r !== 'admin')) {
          const who = me[role];
          const permission = routes.get(row.route);
          const allowed = permission === undefined || who.permissions.has(permission);
          const expected =
            allowed && named.kind !== 'company'
              ? { status: 404, errorCode: 'NOT_FOUND' }
              : { status: 403, errorCode: 'NO_OPERATION_PERMISSION' };
          const ghostReq = named.request(ghostOf(named.kind), who);
          if (!ghostReq) continue;
          const ghost = await ask(who, ghostReq);
          const unknown = { status: ghost.status, errorCode: ghost.body?.errorCode };
          if (unknown.status !== expected.status || unknown.errorCode !== expected.errorCode) {
            problems.push(
              `${role} ${row.route}#${index} unknown ${named.kind}: ${unknown.status} ${unknown.errorCode}, expected ${expected.status} ${expected.errorCode}`,
            );
          }
          for (const o of objects.filter((x) => x.kind === named.kind && !visible(who, x))) {
            const req = named.request(o, who);
            if (!req) continue;
            tried.set(row.route, (tried.get(row.route) ?? 0) + 1);
            const res = await ask(who, req);
            const got = { status: res.status, errorCode: res.body?.errorCode };
            if (got.status !== expected.status || got.errorCode !== expected.errorCode) {
              problems.push(
                `${role} ${row.route}#${index} ${named.kind} ${o.label}: ${got.status} ${got.errorCode ?? ''} ${
                  res.body?.success ? 'SUCCEEDED' : (res.body?.message ?? '')
                }, expected ${expected.status} ${expected.errorCode}`,
              );
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expectNoLeaks();
    // Every row that names objects was tried with some other tenant's.
    for (const row of ROWS.filter((r) => r.names))
      expect(tried.get(row.route) ?? 0, row.route).toBeGreaterThan(0);
  });

  it('answers lists with exactly the caller’s rows (compared by id)', { timeout: 300_000 }, async () => {
    const routes = moneyRoutes();
    const problems: string[] = [];
    for (const row of ROWS.filter((r) => r.list)) {
      const list = row.list!;
      for (const role of ROLES) {
        const who = me[role];
        const res = await ask(who, list.request(who));
        const permission = routes.get(row.route);
        if ((permission !== undefined && !who.permissions.has(permission)) || list.notFor?.(who)) {
          if (res.status < 400)
            problems.push(`${role} ${row.route}: answered ${res.status}, expected a refusal`);
          continue;
        }
        if (res.status !== 200) {
          problems.push(`${role} ${row.route}: ${res.status} ${res.body?.errorCode}`);
          continue;
        }
        const rows = list.rows(res.body!.result as never);
        if (rows.length === 0 && !list.kind) problems.push(`${role} ${row.route}: answered no rows at all`);
        for (const r of rows) {
          // A group's company is its owner: who may see it is compared by id below.
          if (list.kind === 'group') continue;
          const scope = scopeOf(who);
          if (scope !== null && (r.companyId === null || !scope.has(r.companyId)))
            problems.push(`${role} ${row.route}: a row of company ${r.companyId} out of scope`);
        }
        if (list.kind) {
          const answered = new Set(rows.map((r) => r.id!));
          const known = objects.filter((o) => o.kind === list.kind);
          const expected = known.filter((o) => (list.shows ?? visible)(who, o)).map((o) => o.label);
          const got = known.filter((o) => answered.has(o.id)).map((o) => o.label);
          if (expected.length === 0 && !(role === 'sales' && list.kind === 'payout'))
            problems.push(`${role} ${row.route}: nothing of its own to list (the world is too small)`);
          if (JSON.stringify(got.sort()) !== JSON.stringify(expected.sort()))
            problems.push(
              `${role} ${row.route}: answered ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`,
            );
        }
      }
    }
    expect(problems).toEqual([]);
    expectNoLeaks();
  });

  it('counts in rate groups only the companies the caller may see', async () => {
    const problems: string[] = [];
    for (const role of ROLES) {
      const who = me[role];
      const res = await ask(who, {
        method: 'GET',
        path: '/sys/feerateGroup/list',
        query: { pageSize: '500' },
      });
      const records = (res.body!.result as { records: { id: string; name: string; companyCount: number }[] })
        .records;
      for (const g of records) {
        const group = objects.find((o) => o.id === g.id);
        if (!group) continue;
        const scope = scopeOf(who);
        const expected = (group.assignedTo ?? []).filter((c) => scope === null || scope.has(c)).length;
        if (g.companyCount !== expected)
          problems.push(`${role} ${g.name}: companyCount ${g.companyCount}, expected ${expected}`);
      }
    }
    expect(problems).toEqual([]);
    expectNoLeaks();
  });

  it('exports only the caller’s ledger', async () => {
    const nameOf = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    for (const role of ROLES) {
      const who = me[role];
      const res = await ask(who, {
        method: 'GET',
        path: '/sys/ledger/exportXls',
        query: { from: today, to: tomorrow },
      });
      expect(res.status, role).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.bytes! as never);
      const names = new Set<string>();
      book.worksheets[0]!.eachRow((r, i) => {
        if (i > 1) names.add(String(r.getCell(2).value));
      });
      const scope = scopeOf(who);
      const expected = [...nameOf].filter(([id]) => scope === null || scope.has(id)).map(([, name]) => name);
      expect([...names].sort(), role).toEqual(expected.sort());
    }
    expectNoLeaks();
  });

  it('quotes: customers see their price only; resellers their own price and margin, never the cost or a parent’s price', async () => {
    const quote = async (role: Role, company: string) => {
      const res = await ask(me[role], {
        method: 'GET',
        path: '/sys/feerate/quote',
        query: { companyId: ids[company]!, kind: 'marketing', number: NUMBER },
      });
      return expectOk(res as never) as {
        price: string;
        ownPrice: string | null;
        cost: string | null;
        margin: string | null;
      };
    };
    expect(await quote('agentcustomer', 'Agency Client Co')).toMatchObject({
      price: ACME_PRICE,
      ownPrice: null,
      cost: null,
      margin: null,
    });
    expect(await quote('agent', 'Agency Client Co')).toMatchObject({
      price: ACME_PRICE,
      ownPrice: NORTHWIND_PRICE,
      margin: '0.011111',
      cost: null,
    });
    expect(await quote('agent', 'Acme Agency')).toMatchObject({
      price: NORTHWIND_PRICE,
      ownPrice: null,
      margin: null,
      cost: null,
    });
    expect(await quote('distributor', 'Acme Agency')).toMatchObject({
      price: NORTHWIND_PRICE,
      ownPrice: WHOLESALE_PRICE,
      margin: '0.011111',
      cost: null,
    });
    expect(await quote('admin', 'Agency Client Co')).toMatchObject({
      price: ACME_PRICE,
      cost: GATEWAY_COST,
      margin: '0.033334',
    });
    expect((await quote('sales', 'Direct Retail Ltd')).cost).toBe(GATEWAY_COST);
    expectNoLeaks();
  });

  it('routes of the caller’s own company act on it alone; gateway costs are staff’s', async () => {
    for (const role of ['distributor', 'agent', 'customer', 'agentcustomer'] as const) {
      const who = me[role];
      const order = expectOk(
        (await ask(who, {
          method: 'POST',
          path: '/sys/order/create',
          body: { amount: '60', method: 'card' },
        })) as never,
      ) as { orderId: string };
      const detail = expectOk(
        (await ask(who, {
          method: 'GET',
          path: '/sys/order/queryById',
          query: { id: order.orderId },
        })) as never,
      ) as { companyId: string };
      expect(detail.companyId, role).toBe(who.companyId);
      const key = expectOk(
        (await ask(who, { method: 'POST', path: '/sys/apiSecret/generate', body: {} })) as never,
      ) as { key: { companyId: string } };
      expect(key.key.companyId, role).toBe(who.companyId);
    }
    for (const role of ['distributor', 'agent'] as const) {
      const who = me[role];
      const payout = expectOk(
        (await ask(who, {
          method: 'POST',
          path: '/sys/order/createPayout',
          body: { amount: '0.001' },
        })) as never,
      ) as { companyId: string };
      expect(payout.companyId, role).toBe(who.companyId);
      const group = expectOk(
        (await ask(who, {
          method: 'POST',
          path: '/sys/feerateGroup/add',
          body: { name: `Own ${uniq()}`, kind: 'nd' },
        })) as never,
      ) as { ownerCompanyId: string };
      expect(group.ownerCompanyId, role).toBe(who.companyId);
      const customer = expectOk(
        (await ask(who, {
          method: 'POST',
          path: '/sms/agent/customer/add',
          body: newCompany('direct', `Own customer ${uniq()}`),
        })) as never,
      ) as { id: string };
      parents.set(customer.id, who.companyId);
      const item = expectOk(
        (await ask(who, {
          method: 'GET',
          path: '/sys/company/queryById',
          query: { id: customer.id },
        })) as never,
      ) as { parentCompanyId: string };
      expect(item.parentCompanyId, role).toBe(who.companyId);
    }
    const gateway = await ask(me.admin, {
      method: 'GET',
      path: '/gatewayOperatorPrice/list',
      query: { pageSize: '1' },
    });
    const gatewayId = (gateway.body!.result as { records: { id: string }[] }).records[0]!.id;
    for (const role of ['distributor', 'agent', 'customer', 'customer2', 'agentcustomer'] as const) {
      const requests: Req[] = [
        { method: 'GET', path: '/gatewayOperatorPrice/list' },
        { method: 'GET', path: '/gatewayOperatorPrice/queryById', query: { id: gatewayId } },
        {
          method: 'POST',
          path: '/gatewayOperatorPrice/add',
          body: { gateway: 'x', kind: 'sms', countryCode: 'GB', cost: '0.1' },
        },
        {
          method: 'PUT',
          path: '/gatewayOperatorPrice/edit',
          body: { id: gatewayId, gateway: 'x', kind: 'sms', countryCode: 'GB', cost: '0.1' },
        },
        { method: 'DELETE', path: '/gatewayOperatorPrice/delete', query: { id: gatewayId } },
        { method: 'DELETE', path: '/gatewayOperatorPrice/deleteBatch', query: { ids: gatewayId } },
        { method: 'GET', path: '/gatewayOperatorPrice/exportXls' },
      ];
      for (const req of requests) {
        const res = await ask(me[role], req);
        expect({ role, path: req.path, status: res.status, code: res.body?.errorCode }).toEqual({
          role,
          path: req.path,
          status: 403,
          code: 'NO_OPERATION_PERMISSION',
        });
      }
    }
    expectNoLeaks();
  });

  it('exports hold what the same list shows the caller, nothing more (companies, customers, rate groups)', async () => {
    const namesIn = async (bytes: Buffer, column: number) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as never);
      const names: string[] = [];
      book.worksheets[0]!.eachRow((r, i) => {
        if (i > 1) names.push(String(r.getCell(column).value));
      });
      return names.sort();
    };
    const pairs: { list: Req; file: Req; field: string; column: number; staffOnly?: boolean }[] = [
      {
        // Resellers export their customers from My customers (below); the company sheet is staff's.
        list: { method: 'GET', path: '/sys/company/list', query: { pageSize: '500' } },
        file: { method: 'GET', path: '/sys/company/exportXls' },
        field: 'name',
        column: 1,
        staffOnly: true,
      },
      {
        list: { method: 'GET', path: '/sms/agent/customer/list', query: { pageSize: '500' } },
        file: { method: 'GET', path: '/sms/agent/customer/exportXls' },
        field: 'name',
        column: 1,
      },
      {
        list: { method: 'GET', path: '/sys/feerateGroup/list', query: { pageSize: '500' } },
        file: { method: 'GET', path: '/sys/feerateGroup/exportXls' },
        field: 'name',
        column: 1,
      },
    ];
    for (const role of ROLES) {
      const who = me[role];
      for (const pair of pairs) {
        const list = await ask(who, pair.list);
        const file = await ask(who, pair.file);
        if (pair.staffOnly && role !== 'admin' && role !== 'sales') {
          expect({ role, path: pair.file.path, status: file.status }).toEqual({
            role,
            path: pair.file.path,
            status: 403,
          });
          continue;
        }
        if (list.status !== 200) {
          // Not the caller's list: not its file either.
          expect({ role, path: pair.file.path, status: file.status }).toEqual({
            role,
            path: pair.file.path,
            status: list.status,
          });
          continue;
        }
        expect(file.status, `${role} ${pair.file.path}`).toBe(200);
        const records = (list.body!.result as { records: Record<string, unknown>[] }).records;
        expect(await namesIn(file.bytes!, pair.column), `${role} ${pair.file.path}`).toEqual(
          records.map((r) => String(r[pair.field])).sort(),
        );
      }
    }
    expectNoLeaks();
  });

  it('imports rates only into the caller’s own groups: another tenant’s group is not found', async () => {
    const csv = 'countryCode,smsKind,price\nGB,otp,0.5\n';
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const who = me[role];
      for (const group of objects.filter((o) => o.kind === 'group' && !visible(who, o))) {
        const form = new FormData();
        form.append('file', new Blob([csv]), 'rates.csv');
        const url = `${s.baseUrl}${API_PREFIX}/sys/feerate/importExcel?${new URLSearchParams({ groupId: group.id, dryRun: 'true' })}`;
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'X-Access-Token': who.token, 'X-Forwarded-For': nextIp() },
          body: form,
        });
        const body = (await response.json()) as Envelope<unknown>;
        expect({ role, status: response.status, code: body.errorCode }, group.id).toMatchObject({
          role,
          // Resellers may import into their own groups: another's is not found. Others may not import at all.
          status: role === 'distributor' || role === 'agent' ? 404 : 403,
        });
      }
    }
  });
});

/**
 * The voice modules (issue 23), walked the same way: caller IDs, caller groups, IVR files and
 * flows, call tasks and their records belong to a company; every role is refused every other
 * tenant's as an unknown one (404 NOT_FOUND; a company named by id, 403), and lists answer exactly
 * the caller's scope. Trunks, SIP accounts and voice routes are staff's: every other role is
 * refused them whatever it names.
 */
describe('tenant isolation of the voice modules', () => {
  const VOICE_MODULES = ['caller', 'ivr', 'callTask', 'trunk', 'callCentre'];
  type VoiceKind =
    | 'callerId'
    | 'callerGroup'
    | 'ivrFile'
    | 'ivrFlow'
    | 'callTask'
    | 'seat'
    | 'seatGroup'
    | 'callResult'
    | 'callList'
    | 'outboundTask';
  const voiceObjects: { kind: VoiceKind; id: string; companyId: string; label: string }[] = [];
  const WALKED: Role[] = ['sales', 'distributor', 'agent', 'customer', 'customer2', 'agentcustomer'];
  const inScope = (who: Me, companyId: string) => {
    const scope = scopeOf(who);
    return scope === null || scope.has(companyId);
  };
  const wav = () => {
    const samples = new Int16Array(800).map((_, i) =>
      Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 8000)),
    );
    // A 0.1 s 8 kHz 16-bit mono wav, written by hand (44-byte header).
    const data = Buffer.from(samples.buffer);
    const header = Buffer.alloc(44);
    header.write('RIFF', 0);
    header.writeUInt32LE(36 + data.length, 4);
    header.write('WAVEfmt ', 8);
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(8000, 24);
    header.writeUInt32LE(16000, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36);
    header.writeUInt32LE(data.length, 40);
    return Buffer.concat([header, data]);
  };
  const period = [{ start: '09:00', end: '10:00' }];
  const taskBody = (flowId: string) => ({
    name: `Walk ${uniq()}`,
    ivrFlowId: flowId,
    callRatio: 1,
    periods: period,
    ttlS: 60,
  });
  const flowBody = (fileId: string) => ({
    name: `walk_${uniq()}`,
    nodes: [
      { id: 'start', fileId, repeat: 1, timeoutS: 1, branches: [], noKey: { type: 'end', result: 'heard' } },
    ],
  });
  const byKind = (kind: VoiceKind) => voiceObjects.filter((o) => o.kind === kind);
  const ghost = (kind: VoiceKind) => ({ kind, id: randomUUID(), companyId: randomUUID(), label: 'unknown' });

  /** What to name on each route: its objects (by id) or a company; `staff`: refused to all but staff. */
  const VOICE_ROWS: {
    route: string;
    staff?: true;
    outside?: string;
    names?: { kind: VoiceKind | 'company'; request: (o: { id: string }) => Req }[];
    list?: { kind: VoiceKind; request: Req; rows: (r: never) => { id: string; companyId: string }[] };
  }[] = [];
  const resource = (path: string, kind: VoiceKind, edit?: (o: { id: string }) => unknown) => {
    const records = (r: { records: { id: string; companyId: string }[] }) => r.records;
    VOICE_ROWS.push(
      {
        route: `GET ${path}/list`,
        names: [
          {
            kind: 'company',
            request: (o) => ({ method: 'GET', path: `${path}/list`, query: { companyId: o.id } }),
          },
        ],
        list: {
          kind,
          request: { method: 'GET', path: `${path}/list`, query: { pageSize: '500' } },
          rows: records as never,
        },
      },
      {
        route: `GET ${path}/queryById`,
        names: [
          { kind, request: (o) => ({ method: 'GET', path: `${path}/queryById`, query: { id: o.id } }) },
        ],
      },
      {
        route: `DELETE ${path}/delete`,
        names: [
          { kind, request: (o) => ({ method: 'DELETE', path: `${path}/delete`, query: { id: o.id } }) },
        ],
      },
      {
        route: `DELETE ${path}/deleteBatch`,
        names: [
          { kind, request: (o) => ({ method: 'DELETE', path: `${path}/deleteBatch`, query: { ids: o.id } }) },
        ],
      },
    );
    if (edit)
      VOICE_ROWS.push({
        route: `PUT ${path}/edit`,
        names: [{ kind, request: (o) => ({ method: 'PUT', path: `${path}/edit`, body: edit(o) }) }],
      });
  };
  resource('/caller', 'callerId', (o) => ({
    id: o.id,
    number: `4420799${String(Math.floor(Math.random() * 90000) + 10000)}`,
  }));
  resource('/callerGroup', 'callerGroup', (o) => ({
    id: o.id,
    name: `Walk ${uniq()}`,
    callerIds: [randomUUID()],
  }));
  resource('/voip/ivrFile', 'ivrFile');
  // The call centre (issue 26): seats, seat groups, call result settings and call lists.
  resource('/seat', 'seat', (o) => ({
    id: o.id,
    jobNumber: '1',
    name: 'Walk',
    sipUsername: `walk${uniq()}`,
  }));
  resource('/seatGroup', 'seatGroup', (o) => ({ id: o.id, name: `Walk ${uniq()}` }));
  resource('/callResultSetting', 'callResult', (o) => ({ id: o.id, name: `Walk ${uniq()}` }));
  resource('/callList', 'callList', (o) => ({ id: o.id, name: `Walk ${uniq()}` }));
  const outboundBody = () => ({
    name: `Walk ${uniq()}`,
    callListId: randomUUID(),
    seatGroupId: randomUUID(),
    periods: [{ start: '09:00', end: '10:00' }],
  });
  resource('/outboundTask', 'outboundTask', (o) => ({ id: o.id, ...outboundBody() }));
  const addsFor = (path: string, body: () => Record<string, unknown>) => ({
    route: `POST ${path}/add`,
    names: [
      {
        kind: 'company' as const,
        request: (o: { id: string }): Req => ({
          method: 'POST',
          path: `${path}/add`,
          body: { ...body(), companyId: o.id },
        }),
      },
    ],
  });
  const seatBody = () => ({
    jobNumber: '1',
    name: 'Walk',
    sipUsername: `walk${uniq()}`,
    sipPassword: 'Walk-Pass-1',
  });
  VOICE_ROWS.push(
    addsFor('/seat', seatBody),
    addsFor('/seatGroup', () => ({ name: `Walk ${uniq()}` })),
    addsFor('/callResultSetting', () => ({ name: `Walk ${uniq()}` })),
    addsFor('/callList', () => ({ name: `Walk ${uniq()}`, entries: [{ number: '+8613800000002' }] })),
    addsFor('/outboundTask', outboundBody),
    ...(['start', 'stop', 'finish'] as const).map((action) => ({
      route: `POST /outboundTask/${action}`,
      names: [
        {
          kind: 'outboundTask' as const,
          request: (o: { id: string }): Req => ({
            method: 'POST',
            path: `/outboundTask/${action}`,
            body: { id: o.id },
          }),
        },
      ],
    })),
    {
      route: 'GET /seat/state',
      names: [
        {
          kind: 'company',
          request: (o) => ({ method: 'GET', path: '/seat/state', query: { companyId: o.id } }),
        },
      ],
      list: {
        kind: 'seat',
        request: { method: 'GET', path: '/seat/state' },
        rows: ((r: { seatId: string; companyId: string }[]) =>
          r.map((x) => ({ id: x.seatId, companyId: x.companyId }))) as never,
      },
    },
    {
      route: 'GET /seat/userOptions',
      names: [
        {
          kind: 'company',
          request: (o) => ({ method: 'GET', path: '/seat/userOptions', query: { companyId: o.id } }),
        },
      ],
    },
    {
      route: 'GET /callList/numbers',
      names: [
        {
          kind: 'callList',
          request: (o) => ({ method: 'GET', path: '/callList/numbers', query: { id: o.id } }),
        },
      ],
    },
    {
      route: 'POST /callList/importNumbers',
      outside: 'reads an uploaded file into numbers; names no object',
    },
  );
  resource('/voip/ivrFlow', 'ivrFlow', (o) => ({ id: o.id, ...flowBody(randomUUID()) }));
  VOICE_ROWS.push(
    {
      route: 'POST /caller/add',
      names: [
        {
          kind: 'company',
          request: (o) => ({
            method: 'POST',
            path: '/caller/add',
            body: { number: `44207${String(Math.floor(Math.random() * 9e6) + 1e6)}`, companyId: o.id },
          }),
        },
      ],
    },
    {
      route: 'POST /callerGroup/add',
      names: [
        {
          kind: 'company',
          request: (o) => ({
            method: 'POST',
            path: '/callerGroup/add',
            body: { name: `Walk ${uniq()}`, companyId: o.id, callerIds: [randomUUID()] },
          }),
        },
      ],
    },
    {
      route: 'GET /voip/ivrFile/audio',
      names: [
        {
          kind: 'ivrFile',
          request: (o) => ({ method: 'GET', path: '/voip/ivrFile/audio', query: { id: o.id } }),
        },
      ],
    },
    {
      route: 'POST /voip/ivrFile/tts',
      outside: 'makes a file of the caller’s own company only (names none)',
    },
    {
      route: 'POST /voip/ivrFile/upload',
      outside: 'makes a file of the caller’s own company only (names none)',
    },
    {
      route: 'POST /voip/ivrFlow/add',
      names: [
        {
          kind: 'ivrFile',
          request: (o) => ({ method: 'POST', path: '/voip/ivrFlow/add', body: flowBody(o.id) }),
        },
      ],
    },
    {
      route: 'GET /groupCallTask/list',
      names: [
        {
          kind: 'company',
          request: (o) => ({ method: 'GET', path: '/groupCallTask/list', query: { companyId: o.id } }),
        },
      ],
      list: {
        kind: 'callTask',
        request: { method: 'GET', path: '/groupCallTask/list', query: { pageSize: '500' } },
        rows: ((r: { records: { id: string; companyId: string }[] }) => r.records) as never,
      },
    },
    {
      route: 'GET /groupCallTask/details/{id}',
      names: [
        { kind: 'callTask', request: (o) => ({ method: 'GET', path: `/groupCallTask/details/${o.id}` }) },
      ],
    },
    {
      route: 'GET /groupCallTask/numbers',
      names: [
        {
          kind: 'callTask',
          request: (o) => ({ method: 'GET', path: '/groupCallTask/numbers', query: { id: o.id } }),
        },
      ],
    },
    {
      route: 'POST /groupCallTask/add',
      names: [
        {
          kind: 'company',
          request: (o) => ({
            method: 'POST',
            path: '/groupCallTask/add',
            body: { ...taskBody(randomUUID()), companyId: o.id, numbers: ['+8613800000000'] },
          }),
        },
      ],
    },
    {
      route: 'PUT /groupCallTask/edit',
      names: [
        {
          kind: 'callTask',
          request: (o) => ({
            method: 'PUT',
            path: '/groupCallTask/edit',
            body: { id: o.id, ...taskBody(randomUUID()) },
          }),
        },
      ],
    },
    {
      route: 'DELETE /groupCallTask/delete',
      names: [
        {
          kind: 'callTask',
          request: (o) => ({ method: 'DELETE', path: '/groupCallTask/delete', query: { id: o.id } }),
        },
      ],
    },
    {
      route: 'POST /groupCallTask/importNumbers',
      outside: 'reads an uploaded sheet into numbers; names no object',
    },
    ...['submit', 'pause', 'resume', 'stop'].map((action) => ({
      route: `POST /groupCallTask/${action}`,
      names: [
        {
          kind: 'callTask' as const,
          request: (o: { id: string }) => ({
            method: 'POST',
            path: `/groupCallTask/${action}`,
            body: { id: o.id },
          }),
        },
      ],
    })),
    {
      route: 'POST /groupCallTask/reCall',
      names: [
        {
          kind: 'callTask',
          request: (o) => ({
            method: 'POST',
            path: '/groupCallTask/reCall',
            body: { id: o.id, only: 'failed' },
          }),
        },
      ],
    },
    {
      route: 'GET /groupCallTask/records',
      names: [
        {
          kind: 'company',
          request: (o) => ({ method: 'GET', path: '/groupCallTask/records', query: { companyId: o.id } }),
        },
      ],
    },
    {
      route: 'GET /groupCallTask/records/exportXls',
      names: [
        {
          kind: 'company',
          request: (o) => ({
            method: 'GET',
            path: '/groupCallTask/records/exportXls',
            query: { companyId: o.id },
          }),
        },
      ],
    },
    ...(['byDay', 'byTask', 'exportXls'] as const).map((leaf) => ({
      route: `GET /groupCallTask/stats/${leaf}`,
      names: [
        {
          kind: 'company' as const,
          request: (o: { id: string }): Req => ({
            method: 'GET',
            path: `/groupCallTask/stats/${leaf}`,
            query: { companyId: o.id, ...(leaf === 'exportXls' ? { dimension: 'task' } : {}) },
          }),
        },
      ],
    })),
    // Staff's (by trunk: admin and sales; the rebuild and gateway notify: administrators), and the
    // home figures of the caller's own scope: their roles and scope are walked in call-stats.test.ts,
    // voice-trunks.test.ts and route-access-walk.test.ts.
    { route: 'GET /groupCallTask/stats/byTrunk' },
    { route: 'POST /groupCallTask/stats/rebuild' },
    { route: 'GET /voip/gatewayNotify' },
    { route: 'PUT /voip/gatewayNotify' },
    { route: 'GET /home/voiceTotals' },
  );
  const STAFF: [string, Req][] = [
    [
      'POST /voip/trunk/add',
      { method: 'POST', path: '/voip/trunk/add', body: { name: `walk-${uniq()}`, host: 'sip.example.net' } },
    ],
    [
      'PUT /voip/trunk/edit',
      {
        method: 'PUT',
        path: '/voip/trunk/edit',
        body: { id: randomUUID(), name: `walk-${uniq()}`, host: 'sip.example.net' },
      },
    ],
    [
      'DELETE /voip/trunk/delete',
      { method: 'DELETE', path: '/voip/trunk/delete', query: { id: randomUUID() } },
    ],
    [
      'DELETE /voip/trunk/deleteBatch',
      { method: 'DELETE', path: '/voip/trunk/deleteBatch', query: { ids: randomUUID() } },
    ],
    ['GET /voip/trunk/list', { method: 'GET', path: '/voip/trunk/list' }],
    ['GET /voip/trunk/options', { method: 'GET', path: '/voip/trunk/options' }],
    [
      'GET /voip/trunk/queryById',
      { method: 'GET', path: '/voip/trunk/queryById', query: { id: randomUUID() } },
    ],
    ['GET /voip/trunk/state', { method: 'GET', path: '/voip/trunk/state' }],
    [
      'POST /voip/route/add',
      { method: 'POST', path: '/voip/route/add', body: { name: `walk-${uniq()}`, trunkIds: [randomUUID()] } },
    ],
    [
      'PUT /voip/route/edit',
      {
        method: 'PUT',
        path: '/voip/route/edit',
        body: { id: randomUUID(), name: `walk-${uniq()}`, trunkIds: [randomUUID()] },
      },
    ],
    [
      'DELETE /voip/route/delete',
      { method: 'DELETE', path: '/voip/route/delete', query: { id: randomUUID() } },
    ],
    [
      'DELETE /voip/route/deleteBatch',
      { method: 'DELETE', path: '/voip/route/deleteBatch', query: { ids: randomUUID() } },
    ],
    ['GET /voip/route/list', { method: 'GET', path: '/voip/route/list' }],
    [
      'GET /voip/route/queryById',
      { method: 'GET', path: '/voip/route/queryById', query: { id: randomUUID() } },
    ],
    [
      'GET /voip/route/test',
      {
        method: 'GET',
        path: '/voip/route/test',
        query: { companyId: ids['Direct Retail Ltd']!, number: '+8613800000000' },
      },
    ],
    [
      'POST /sys/fsAccount/add',
      {
        method: 'POST',
        path: '/sys/fsAccount/add',
        body: { username: `walk${uniq()}`, password: 'Secret-1' },
      },
    ],
    [
      'PUT /sys/fsAccount/edit',
      { method: 'PUT', path: '/sys/fsAccount/edit', body: { id: randomUUID(), username: `walk${uniq()}` } },
    ],
    [
      'DELETE /sys/fsAccount/delete',
      { method: 'DELETE', path: '/sys/fsAccount/delete', query: { id: randomUUID() } },
    ],
    [
      'DELETE /sys/fsAccount/deleteBatch',
      { method: 'DELETE', path: '/sys/fsAccount/deleteBatch', query: { ids: randomUUID() } },
    ],
    ['GET /sys/fsAccount/list', { method: 'GET', path: '/sys/fsAccount/list' }],
    [
      'GET /sys/fsAccount/queryById',
      { method: 'GET', path: '/sys/fsAccount/queryById', query: { id: randomUUID() } },
    ],
  ];
  for (const [route] of STAFF) VOICE_ROWS.push({ route, staff: true });

  /** A role's token: the walked demo roles and the customers of the second trees. */
  const voiceTokens = (): { who: Me; token: string }[] =>
    WALKED.map((r) => ({ who: me[r], token: me[r].token }));

  beforeAll(async () => {
    // The objects of every customer company (each tree's), made by its own user.
    const owners: [string, string][] = [
      [ids['Direct Retail Ltd']!, me.customer.token],
      [ids['Two-Way Logistics']!, me.customer2.token],
      [ids['Agency Client Co']!, me.agentcustomer.token],
      [ids['South Client']!, extraTokens['South Client']!],
    ];
    for (const [company, token] of owners) {
      const callerId = await call<{ id: string }>(token, 'POST', '/caller/add', {
        body: { number: `44207${String(Math.floor(Math.random() * 9e6) + 1e6)}` },
      });
      voiceObjects.push({
        kind: 'callerId',
        id: callerId.id,
        companyId: company,
        label: `caller ID of ${company}`,
      });
      const group = await call<{ id: string }>(token, 'POST', '/callerGroup/add', {
        body: { name: `Walk group ${uniq()}`, callerIds: [callerId.id] },
      });
      voiceObjects.push({
        kind: 'callerGroup',
        id: group.id,
        companyId: company,
        label: `caller group of ${company}`,
      });
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(wav())]), 'walk.wav');
      const uploaded = await fetch(
        `${s.baseUrl}${API_PREFIX}/voip/ivrFile/upload?name=walk_${uniq()}&language=en`,
        {
          method: 'POST',
          headers: { 'X-Access-Token': token, 'X-Forwarded-For': nextIp() },
          body: form,
        },
      );
      const file = ((await uploaded.json()) as Envelope<{ id: string }>).result;
      voiceObjects.push({
        kind: 'ivrFile',
        id: file.id,
        companyId: company,
        label: `IVR file of ${company}`,
      });
      const flow = await call<{ id: string }>(token, 'POST', '/voip/ivrFlow/add', {
        body: flowBody(file.id),
      });
      voiceObjects.push({
        kind: 'ivrFlow',
        id: flow.id,
        companyId: company,
        label: `IVR flow of ${company}`,
      });
      const task = await call<{ id: string }>(token, 'POST', '/groupCallTask/add', {
        body: { ...taskBody(flow.id), numbers: ['+8613800000001'] },
      });
      voiceObjects.push({
        kind: 'callTask',
        id: task.id,
        companyId: company,
        label: `call task of ${company}`,
      });
      const seat = await call<{ id: string }>(token, 'POST', '/seat/add', { body: seatBody() });
      voiceObjects.push({ kind: 'seat', id: seat.id, companyId: company, label: `seat of ${company}` });
      const seatGroup = await call<{ id: string }>(token, 'POST', '/seatGroup/add', {
        body: { name: `Walk ${uniq()}`, seatIds: [seat.id] },
      });
      voiceObjects.push({
        kind: 'seatGroup',
        id: seatGroup.id,
        companyId: company,
        label: `seat group of ${company}`,
      });
      const result = await call<{ id: string }>(token, 'POST', '/callResultSetting/add', {
        body: { name: `Walk ${uniq()}` },
      });
      voiceObjects.push({
        kind: 'callResult',
        id: result.id,
        companyId: company,
        label: `call result of ${company}`,
      });
      const callList = await call<{ id: string }>(token, 'POST', '/callList/add', {
        body: { name: `Walk ${uniq()}`, entries: [{ number: '+8613800000003' }] },
      });
      voiceObjects.push({
        kind: 'callList',
        id: callList.id,
        companyId: company,
        label: `call list of ${company}`,
      });
      const outbound = await call<{ id: string }>(token, 'POST', '/outboundTask/add', {
        body: { ...outboundBody(), callListId: callList.id, seatGroupId: seatGroup.id },
      });
      voiceObjects.push({
        kind: 'outboundTask',
        id: outbound.id,
        companyId: company,
        label: `outbound task of ${company}`,
      });
    }
  }, 300_000);

  function voiceRoutes(): Map<string, string | undefined> {
    const out = new Map<string, string | undefined>();
    for (const [path, operations] of Object.entries(openapi.paths))
      for (const [method, op] of Object.entries(operations))
        if (VOICE_MODULES.includes(op.tags?.[0] ?? ''))
          out.set(`${method.toUpperCase()} ${path.replace(/^\/api/, '')}`, op['x-permission']);
    return out;
  }

  it('has a row for every route of the voice modules, and none for a route that is gone', () => {
    const routes = voiceRoutes();
    expect(routes.size).toBeGreaterThan(40);
    const rows = VOICE_ROWS.map((r) => r.route);
    expect([...routes.keys()].filter((r) => !rows.includes(r))).toEqual([]);
    expect(rows.filter((r) => !routes.has(r))).toEqual([]);
    expect(new Set(rows).size).toBe(rows.length);
  });

  it('refuses every other tenant’s caller IDs, groups, files, flows and tasks as unknown ones, for every role', {
    timeout: 600_000,
  }, async () => {
    const routes = voiceRoutes();
    const problems: string[] = [];
    const tried = new Map<string, number>();
    for (const row of VOICE_ROWS.filter((r) => r.names)) {
      for (const { who, token } of voiceTokens()) {
        const permission = routes.get(row.route);
        const allowed = permission === undefined || who.permissions.has(permission);
        for (const named of row.names!) {
          // Another tenant's object answers exactly as an unknown one (the module's own not-found
          // code, or what the route says first of a request it refuses anyway); a company named by
          // id, and any route the role lacks, 403.
          let expected: { status: number; errorCode: string | undefined } =
            allowed && named.kind !== 'company'
              ? { status: 404, errorCode: 'NOT_FOUND' }
              : { status: 403, errorCode: 'NO_OPERATION_PERMISSION' };
          const foreign =
            named.kind === 'company'
              ? Object.values(ids)
                  .filter((c) => !inScope(who, c))
                  .map((c) => ({ id: c, label: `company ${c}` }))
              : byKind(named.kind).filter((o) => !inScope(who, o.companyId));
          const candidates = [
            named.kind === 'company' ? { id: randomUUID(), label: 'unknown' } : ghost(named.kind),
            ...foreign,
          ];
          for (const o of candidates) {
            if (o.label !== 'unknown') tried.set(row.route, (tried.get(row.route) ?? 0) + 1);
            const res = await send(token, named.request(o));
            const got = { status: res.status, errorCode: res.body?.errorCode };
            if (o.label === 'unknown' && allowed && named.kind !== 'company') {
              // The unknown id's answer is the one every foreign object must give.
              if (got.status !== 400 && got.status !== 404)
                problems.push(
                  `${who.role} ${row.route} unknown: ${got.status} ${got.errorCode ?? ''}, expected 400 or 404`,
                );
              expected = got;
              continue;
            }
            if (got.status !== expected.status || got.errorCode !== expected.errorCode)
              problems.push(
                `${who.role} ${row.route} ${o.label}: ${got.status} ${got.errorCode ?? ''}, expected ${expected.status} ${expected.errorCode}`,
              );
          }
        }
      }
    }
    expect(problems).toEqual([]);
    for (const row of VOICE_ROWS.filter((r) => r.names))
      expect(tried.get(row.route) ?? 0, row.route).toBeGreaterThan(0);
  });

  it('answers voice lists and records with exactly the caller’s scope', { timeout: 300_000 }, async () => {
    const problems: string[] = [];
    for (const row of VOICE_ROWS.filter((r) => r.list)) {
      const list = row.list!;
      for (const who of ROLES.map((r) => me[r])) {
        const res = await send(who.token, list.request);
        if (res.status !== 200) {
          problems.push(`${who.role} ${row.route}: ${res.status} ${res.body?.errorCode}`);
          continue;
        }
        const answered = new Set(list.rows(res.body!.result as never).map((r) => r.id));
        const known = byKind(list.kind);
        const expected = known
          .filter((o) => inScope(who, o.companyId))
          .map((o) => o.label)
          .sort();
        const got = known
          .filter((o) => answered.has(o.id))
          .map((o) => o.label)
          .sort();
        if (JSON.stringify(got) !== JSON.stringify(expected))
          problems.push(
            `${who.role} ${row.route}: answered ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`,
          );
        for (const r of list.rows(res.body!.result as never))
          if (!inScope(who, r.companyId))
            problems.push(`${who.role} ${row.route}: a row of ${r.companyId} out of scope`);
      }
    }
    // Call records and statistics: only rows of the caller's scope (one record per company, written here).
    const db = s.app.platform.db;
    for (const task of byKind('callTask')) {
      await db.execute(sql`insert into call_records (task_id, number_id, company_id, to_number, result, started_at, ended_at)
        values (${task.id}, ${randomUUID()}, ${task.companyId}, '8613800000001', 'busy', now(), now())`);
    }
    // Written outside the engine: the statistics' daily roll-up counts them once rebuilt (the
    // administrators' route), as it counts the engine's records when they are written.
    const today = new Date().toISOString().slice(0, 10);
    const rebuilt = await send(me.admin.token, {
      method: 'POST',
      path: '/groupCallTask/stats/rebuild',
      body: { dateFrom: today, dateTo: today },
    });
    expect(rebuilt.status, JSON.stringify(rebuilt.body)).toBe(200);
    for (const who of ROLES.map((r) => me[r])) {
      const res = await send(who.token, {
        method: 'GET',
        path: '/groupCallTask/records',
        query: { pageSize: '500' },
      });
      if (res.status !== 200) {
        problems.push(`${who.role} records: ${res.status}`);
        continue;
      }
      const rows = (res.body!.result as { records: { taskId: string; companyId: string }[] }).records;
      for (const r of rows)
        if (!inScope(who, r.companyId)) problems.push(`${who.role} records: a row of ${r.companyId}`);
      const theirs = new Set(rows.map((r) => r.taskId));
      for (const task of byKind('callTask'))
        if (theirs.has(task.id) !== inScope(who, task.companyId))
          problems.push(`${who.role} records: ${task.label} ${theirs.has(task.id) ? 'shown' : 'missing'}`);
      const stats = await send(who.token, { method: 'GET', path: '/groupCallTask/stats/byTask' });
      const keys = new Set((stats.body!.result as { rows: { key: string }[] }).rows.map((r) => r.key));
      for (const task of byKind('callTask'))
        if (keys.has(task.id) !== inScope(who, task.companyId))
          problems.push(`${who.role} stats: ${task.label} ${keys.has(task.id) ? 'counted' : 'missing'}`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps trunks, SIP accounts and voice routes to staff: every other role is refused, whatever it names', async () => {
    const problems: string[] = [];
    for (const [route, req] of STAFF) {
      for (const { who, token } of voiceTokens()) {
        const res = await send(token, req);
        if (res.status !== 403) problems.push(`${who.role} ${route}: ${res.status} ${res.body?.errorCode}`);
      }
      const admin = await send(me.admin.token, req);
      if (admin.status === 403 || admin.status >= 500) problems.push(`admin ${route}: ${admin.status}`);
    }
    expect(problems).toEqual([]);
  });
});
