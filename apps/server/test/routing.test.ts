import {
  type AgentGateways,
  type CustomerGateways,
  type Envelope,
  type GrantList,
  type ImportResult,
  type Locale,
  type Operator,
  type Page,
  type Recommendation,
  type Route,
  type RouteTestResult,
  XLSX_MIME,
} from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, smsGateways } from '../src/schema';
import { companyId, EN, expectError, expectFieldError, expectOk, text, ZH } from './support/api';
import { apiSuite } from './support/suite';

/**
 * Routing over HTTP: routes (every route of the conventions, validation in both languages), the
 * tester and the recommendation, gateway grants to resellers and a reseller's choice for its own
 * customers (never another's), operators; and resolution as the sms module calls it.
 */

const DIRECT = companyId('Direct Retail Ltd');
const NORTHWIND = companyId('Northwind Distribution');
const ACME = companyId('Acme Agency');
const AGENCY_CLIENT = companyId('Agency Client Co');

const { s, call, tokens } = apiSuite(['admin', 'sales', 'distributor', 'agent', 'customer', 'agentcustomer']);
const gw: Record<string, { id: string; name: string }> = {};
let seq = 0;
const unique = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 6)}`;

async function addGateway(label: string) {
  const name = unique(label);
  const [row] = await s()
    .app.database.db.insert(smsGateways)
    .values({ name, host: '127.0.0.1', port: 2775, systemId: 'test', password: 'x' })
    .returning({ id: smsGateways.id });
  return { id: row!.id, name };
}

/** A fresh direct company of the platform, or a customer of `parent`. */
async function freshCompany(parent: string | null = null, type: 'direct' | 'agent' = 'direct') {
  const [row] = await s()
    .app.database.db.insert(companies)
    .values({ name: unique('Routing co'), type, approvalStatus: 'approved', parentCompanyId: parent })
    .returning({ id: companies.id });
  return row!.id;
}

const addRoute = async (body: Record<string, unknown>) =>
  expectOk(
    await call<Route>('admin', 'POST', '/sms/route/add', { body: { name: unique('route'), ...body } }),
  );

beforeAll(async () => {
  // The rules are checked on this file's routes alone: the seeded demo routes go.
  const demo = expectOk(
    await call<Page<Route>>('admin', 'GET', '/sms/route/list', { query: { pageSize: '500' } }),
  ).records;
  if (demo.length > 0) {
    expectOk(
      await call('admin', 'DELETE', '/sms/route/deleteBatch', {
        query: { ids: demo.map((r) => r.id).join(',') },
      }),
    );
  }
  for (const label of ['alpha', 'beta', 'gamma', 'delta']) gw[label] = await addGateway(label);
  // Costs by gateway name: alpha cheapest for GB, beta dearer, gamma on the O2 network only.
  for (const [g, cost, mcc, mnc] of [
    ['alpha', '0.010000', null, null],
    ['beta', '0.020000', null, null],
    ['gamma', '0.030000', '234', '10'],
  ] as const) {
    expectOk(
      await call('admin', 'POST', '/gatewayOperatorPrice/add', {
        body: { gateway: gw[g]!.name, kind: 'sms', countryCode: 'GB', mcc, mnc, cost },
      }),
    );
  }
});

describe('routes: the resource conventions (staff)', () => {
  it('adds, reads, lists, edits and deletes a route', async () => {
    const route = await addRoute({
      countryCode: 'GB',
      smsKind: 'otp',
      mcc: '234',
      mnc: '30',
      startTime: '22:00',
      endTime: '06:00',
      sortOrder: 7,
      strategy: 'weighted',
      gateways: [
        { gatewayId: gw.alpha!.id, weight: 3 },
        { gatewayId: gw.beta!.id, weight: 1 },
      ],
    });
    expect(route).toMatchObject({
      countryCode: 'GB',
      smsKind: 'otp',
      mcc: '234',
      mnc: '30',
      startTime: '22:00',
      endTime: '06:00',
      enabled: true,
      sortOrder: 7,
      strategy: 'weighted',
      gateways: [
        { gatewayId: gw.alpha!.id, name: gw.alpha!.name, weight: 3 },
        { gatewayId: gw.beta!.id, name: gw.beta!.name, weight: 1 },
      ],
    });
    expect(
      expectOk(await call<Route>('admin', 'GET', '/sms/route/queryById', { query: { id: route.id } })).id,
    ).toBe(route.id);
    const list = expectOk(
      await call<Page<Route>>('sales', 'GET', '/sms/route/list', {
        query: { gatewayId: gw.beta!.id, column: 'sortOrder', order: 'desc' },
      }),
    );
    expect(list.records.map((r) => r.id)).toContain(route.id);
    const edited = expectOk(
      await call<Route>('admin', 'PUT', '/sms/route/edit', {
        body: {
          id: route.id,
          name: 'Edited',
          enabled: false,
          gateways: [{ gatewayId: gw.beta!.id }, { gatewayId: gw.alpha!.id }],
        },
      }),
    );
    expect(edited).toMatchObject({ name: 'Edited', enabled: false, strategy: 'priority', countryCode: null });
    expect(edited.gateways.map((g) => g.gatewayId)).toEqual([gw.beta!.id, gw.alpha!.id]);
    expectOk(await call('admin', 'DELETE', '/sms/route/delete', { query: { id: route.id } }));
    expectError(
      await call('admin', 'GET', '/sms/route/queryById', { query: { id: route.id } }),
      404,
      'NOT_FOUND',
    );
  });

  it('deletes several routes at once, all or none', async () => {
    const a = await addRoute({ countryCode: 'AU', gateways: [{ gatewayId: gw.delta!.id }] });
    const b = await addRoute({ countryCode: 'AU', gateways: [{ gatewayId: gw.delta!.id }] });
    const ghost = '00000000-0000-4000-8000-00000000abcd';
    expectError(
      await call('admin', 'DELETE', '/sms/route/deleteBatch', { query: { ids: `${a.id},${ghost}` } }),
      404,
      'NOT_FOUND',
    );
    expect(
      expectOk(
        await call<{ deleted: number }>('admin', 'DELETE', '/sms/route/deleteBatch', {
          query: { ids: `${a.id},${b.id}` },
        }),
      ),
    ).toEqual({ deleted: 2 });
  });

  it('says what is wrong, in both languages', async () => {
    const one = [{ gatewayId: gw.alpha!.id }];
    expectFieldError(
      await call('admin', 'POST', '/sms/route/add', { body: { gateways: one } }),
      'name',
      /.+/,
    );
    expectFieldError(
      await call('admin', 'POST', '/sms/route/add', {
        body: { name: 'x', gateways: one, startTime: '25:00' },
        locale: ZH,
      }),
      'startTime',
      /格式不正确/,
    );
    for (const locale of [EN, ZH]) {
      const add = (body: Record<string, unknown>) =>
        call('admin', 'POST', '/sms/route/add', { body: { name: 'x', gateways: one, ...body }, locale });
      const field = async (body: Record<string, unknown>, name: string, code: Parameters<typeof text>[0]) => {
        const res = await add(body);
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        const problem = res.body.errors?.find((e) => e.field === name);
        expect(problem?.message, JSON.stringify(res.body)).toBe(text(code, locale));
      };
      await field({ startTime: '22:00' }, 'endTime', 'ROUTE_WINDOW_INCOMPLETE');
      await field({ startTime: '08:00', endTime: '08:00' }, 'endTime', 'ROUTE_WINDOW_EMPTY');
      await field({ mnc: '01' }, 'mnc', 'ROUTE_MNC_WITHOUT_MCC');
      await field({ gateways: [] }, 'gateways', 'ROUTE_GATEWAYS_REQUIRED');
      await field({ gateways: [...one, ...one] }, 'gateways', 'ROUTE_GATEWAY_DUPLICATE');
      await field(
        { strategy: 'weighted', gateways: [{ gatewayId: gw.alpha!.id, weight: 0 }] },
        'gateways',
        'ROUTE_WEIGHTS_ZERO',
      );
      const ghost = '00000000-0000-4000-8000-00000000beef';
      expectError(await add({ gateways: [{ gatewayId: ghost }] }), 400, 'ROUTE_GATEWAY_UNKNOWN', {
        locale,
        params: { name: ghost },
      });
      expectError(await add({ countryCode: 'GB', prefix: '8613' }), 400, 'ROUTE_COUNTRY_MISMATCH', {
        locale,
        params: { country: 'GB' },
      });
      expectError(await add({ companyId: ghost }), 403, 'NO_OPERATION_PERMISSION', { locale });
    }
  });

  it('is staff’s: resellers and customers are refused; sales read but do not change', async () => {
    for (const user of ['agent', 'distributor', 'customer', 'agentcustomer']) {
      expectError(await call(user, 'GET', '/sms/route/list'), 403, 'NO_OPERATION_PERMISSION', {
        message: false,
      });
      expectError(
        await call(user, 'POST', '/sms/route/test', {
          body: { companyId: DIRECT, kind: 'otp', number: '+447700900123' },
        }),
        403,
        'NO_OPERATION_PERMISSION',
        { message: false },
      );
    }
    expectError(
      await call('sales', 'POST', '/sms/route/add', {
        body: { name: 'x', gateways: [{ gatewayId: gw.alpha!.id }] },
      }),
      403,
      'NO_OPERATION_PERMISSION',
      { message: false },
    );
  });

  it('shows a sales user the routes of every company and of its own companies, not another’s', async () => {
    const outside = await freshCompany();
    const theirs = await addRoute({
      companyId: outside,
      countryCode: 'IE',
      gateways: [{ gatewayId: gw.alpha!.id }],
    });
    const common = await addRoute({ countryCode: 'IE', gateways: [{ gatewayId: gw.alpha!.id }] });
    const ids = async (user: string) =>
      expectOk(
        await call<Page<Route>>(user, 'GET', '/sms/route/list', { query: { countryCode: 'IE' } }),
      ).records.map((r) => r.id);
    expect((await ids('admin')).sort()).toEqual([theirs.id, common.id].sort());
    expect(await ids('sales')).toEqual([common.id]);
    expectError(
      await call('sales', 'GET', '/sms/route/queryById', { query: { id: theirs.id } }),
      404,
      'NOT_FOUND',
    );
    expectOk(await call('sales', 'GET', '/sms/route/queryById', { query: { id: common.id } }));
  });

  it('exports routes as a sheet that imports back; a bad row imports nothing', async () => {
    const country = 'NZ';
    await addRoute({
      countryCode: country,
      strategy: 'weighted',
      gateways: [
        { gatewayId: gw.alpha!.id, weight: 2 },
        { gatewayId: gw.beta!.id, weight: 5 },
      ],
    });
    const response = await fetch(`${s().baseUrl}/api/sms/route/exportXls?countryCode=${country}`, {
      headers: { 'X-Access-Token': tokens.admin!, 'X-Locale': ZH },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain(XLSX_MIME);
    const bytes = Buffer.from(await response.arrayBuffer());
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('路由');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('通道');
    const cells = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(cells).toContain(`${gw.alpha!.name}:2, ${gw.beta!.name}:5`);
    const upload = async (
      content: Uint8Array<ArrayBuffer> | string,
      filename: string,
      locale: Locale = EN,
    ) => {
      const form = new FormData();
      form.append('file', new Blob([content]), filename);
      const res = await fetch(`${s().baseUrl}/api/sms/route/importExcel`, {
        method: 'POST',
        headers: { 'X-Access-Token': tokens.admin!, 'X-Locale': locale },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as Envelope<ImportResult> };
    };
    const back = await upload(new Uint8Array(bytes), 'routes.xlsx');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.result.imported).toBe(1);
    const listed = expectOk(
      await call<Page<Route>>('admin', 'GET', '/sms/route/list', { query: { countryCode: country } }),
    );
    expect(listed.total).toBe(2);
    const bad = await upload(
      `name,gateways,countryCode\nok,${gw.alpha!.name},${country}\nbad,nosuchgateway,${country}\n`,
      'r.csv',
      ZH,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.result.errors).toEqual([
      {
        row: 3,
        field: 'gateways',
        column: '通道',
        message: text('ROUTE_GATEWAY_UNKNOWN', ZH, { name: 'nosuchgateway' }),
      },
    ]);
    expect(
      expectOk(
        await call<Page<Route>>('admin', 'GET', '/sms/route/list', { query: { countryCode: country } }),
      ).total,
    ).toBe(2);
  });
});

describe('resolution, the tester and the recommendation', () => {
  it('resolves as the sms module asks: first match, premium OTP on premium routes only, disabled gateways left out', async () => {
    const company = await freshCompany();
    const general = await addRoute({
      companyId: company,
      sortOrder: 50,
      gateways: [{ gatewayId: gw.alpha!.id }, { gatewayId: gw.beta!.id }],
    });
    const special = await addRoute({
      companyId: company,
      sortOrder: 10,
      prefix: '447700',
      gateways: [{ gatewayId: gw.gamma!.id }],
    });
    const resolve = (kind: 'otp' | 'premium_otp', number: string) =>
      s().app.services.routing.resolve({
        companyId: company,
        kind,
        number,
        countryCode: 'GB',
        mcc: null,
        mnc: null,
      });
    expect(await resolve('otp', '447700900123')).toEqual({
      ok: true,
      routeId: special.id,
      routeName: special.name,
      gatewayIds: [gw.gamma!.id],
    });
    expect(await resolve('otp', '447900900123')).toMatchObject({
      ok: true,
      routeId: general.id,
      gatewayIds: [gw.alpha!.id, gw.beta!.id],
    });
    expect(await resolve('premium_otp', '447900900123')).toEqual({ ok: false, reason: 'NO_ROUTE' });
    const premium = await addRoute({
      companyId: company,
      smsKind: 'premium_otp',
      gateways: [{ gatewayId: gw.beta!.id }],
    });
    expect(await resolve('premium_otp', '447900900123')).toMatchObject({ ok: true, routeId: premium.id });
    // A route turned off is passed over at once (the cache is cleared on change).
    expectOk(
      await call('admin', 'PUT', '/sms/route/edit', {
        body: {
          ...special,
          enabled: false,
          gateways: special.gateways.map(({ gatewayId, weight }) => ({ gatewayId, weight })),
        },
      }),
    );
    expect(await resolve('otp', '447700900123')).toMatchObject({ routeId: general.id });
  });

  it('tests a number: route, gateways in order, price; staff see cost and margin', async () => {
    const company = DIRECT;
    const route = await addRoute({
      companyId: company,
      sortOrder: 1,
      countryCode: 'GB',
      gateways: [{ gatewayId: gw.beta!.id }, { gatewayId: gw.alpha!.id }],
    });
    const result = expectOk(
      await call<RouteTestResult>('admin', 'POST', '/sms/route/test', {
        body: { companyId: company, kind: 'marketing', number: '+44 7900 900123' },
      }),
    );
    const quote = expectOk(
      await call<{ price: string }>('admin', 'GET', '/sys/feerate/quote', {
        query: { companyId: company, kind: 'marketing', number: '+447900900123' },
      }),
    );
    expect(result).toMatchObject({
      number: '+447900900123',
      countryCode: 'GB',
      reason: null,
      route: { id: route.id, name: route.name, strategy: 'priority' },
      gateways: [
        { id: gw.beta!.id, name: gw.beta!.name, cost: '0.020000' },
        { id: gw.alpha!.id, name: gw.alpha!.name, cost: '0.010000' },
      ],
      price: quote.price,
      cost: '0.020000',
    });
    expect(result.margin).not.toBeNull();
    // A number that is none, and a destination no route reaches, in both languages.
    for (const locale of [EN, ZH]) {
      const bad = expectOk(
        await call<RouteTestResult>('admin', 'POST', '/sms/route/test', {
          body: { companyId: company, kind: 'marketing', number: '12' },
          locale,
        }),
      );
      expect(bad).toMatchObject({
        reason: 'NUMBER_INVALID',
        reasonText: text('NUMBER_INVALID', locale),
        route: null,
      });
      const none = expectOk(
        await call<RouteTestResult>('admin', 'POST', '/sms/route/test', {
          body: { companyId: company, kind: 'premium_otp', number: '+6421123456' },
          locale,
        }),
      );
      expect(none).toMatchObject({ reason: 'NO_ROUTE', reasonText: text('NO_ROUTE', locale), gateways: [] });
    }
    expectFieldError(
      await call('admin', 'POST', '/sms/route/test', {
        body: { companyId: company, kind: 'sms', number: '1' },
      }),
      'kind',
      /.+/,
    );
  });

  it('ranks gateways for a country by cost, then by cost per delivered message when delivery rates are known', async () => {
    const ranked = expectOk(
      await call<Recommendation>('admin', 'GET', '/recommend', { query: { countryCode: 'GB' } }),
    );
    expect(ranked.withDeliveryRates).toBe(false);
    const names = ranked.gateways.map((g) => g.name);
    expect(names.indexOf(gw.alpha!.name)).toBeLessThan(names.indexOf(gw.beta!.name));
    expect(names.indexOf(gw.beta!.name)).toBeLessThan(names.indexOf(gw.gamma!.name));
    expect(names.indexOf(gw.gamma!.name)).toBeLessThan(names.indexOf(gw.delta!.name)); // no cost: last
    // alpha delivers 25 %, beta 100 %: beta's cost per delivered message (0.02) beats alpha's (0.04).
    // The statistics' daily roll-up says so (the rows the sms-stats module counts messages into).
    const day = new Date().toISOString().slice(0, 10);
    const company = companyId('Direct Retail Ltd');
    await s().app.database.db.execute(sql`
      insert into sms_stats_daily (day, company_id, kind, country_code, gateway_id, messages, sent, delivered)
      values (${day}::date, ${company}::uuid, 'otp', 'GB', ${gw.alpha!.id}::uuid, 100, 100, 25),
             (${day}::date, ${company}::uuid, 'otp', 'GB', ${gw.beta!.id}::uuid, 100, 100, 100)`);
    try {
      const withRates = expectOk(
        await call<Recommendation>('admin', 'GET', '/recommend', {
          query: { countryCode: 'GB', kind: 'otp' },
        }),
      );
      expect(withRates.withDeliveryRates).toBe(true);
      const order = withRates.gateways.map((g) => g.name);
      expect(order.indexOf(gw.beta!.name)).toBeLessThan(order.indexOf(gw.alpha!.name));
      expect(withRates.gateways.find((g) => g.id === gw.alpha!.id)).toMatchObject({
        deliveryRate: 0.25,
        sent: 100,
      });
    } finally {
      await s().app.database.db.execute(sql`delete from sms_stats_daily where company_id = ${company}::uuid`);
    }
    expectFieldError(
      await call('admin', 'GET', '/recommend', { query: { countryCode: 'G' } }),
      'countryCode',
      /.+/,
    );
  });
});

describe('gateway grants and a reseller’s choice for its customers', () => {
  it('staff grant gateways to resellers only; the reseller sees them; its customers use them', async () => {
    const reseller = await freshCompany(null, 'agent');
    const customer = await freshCompany(reseller);
    const route = await addRoute({
      companyId: customer,
      gateways: [{ gatewayId: gw.alpha!.id }, { gatewayId: gw.beta!.id }, { gatewayId: gw.gamma!.id }],
    });
    const resolve = () =>
      s().app.services.routing.resolve({
        companyId: customer,
        kind: 'otp',
        number: '447700900123',
        countryCode: 'GB',
      });
    expect(await resolve()).toMatchObject({ gatewayIds: [gw.alpha!.id, gw.beta!.id, gw.gamma!.id] });
    const saved = expectOk(
      await call<GrantList>('admin', 'POST', '/sms/gateway/grant/save', {
        body: { companyId: reseller, gatewayIds: [gw.gamma!.id, gw.beta!.id] },
      }),
    );
    expect(
      saved.gateways
        .filter((g) => g.granted)
        .map((g) => g.id)
        .sort(),
    ).toEqual([gw.beta!.id, gw.gamma!.id].sort());
    const listed = expectOk(
      await call<GrantList>('admin', 'GET', '/sms/gateway/grant/list', { query: { companyId: NORTHWIND } }),
    );
    expect(listed.gateways.length).toBeGreaterThanOrEqual(4);
    expect(await resolve()).toMatchObject({
      ok: true,
      routeId: route.id,
      gatewayIds: [gw.beta!.id, gw.gamma!.id],
    });
    for (const locale of [EN, ZH]) {
      expectError(
        await call('admin', 'POST', '/sms/gateway/grant/save', {
          body: { companyId: DIRECT, gatewayIds: [] },
          locale,
        }),
        400,
        'GATEWAY_GRANT_NOT_RESELLER',
        { locale },
      );
    }
    for (const user of ['agent', 'distributor', 'customer']) {
      expectError(
        await call(user, 'POST', '/sms/gateway/grant/save', { body: { companyId: ACME, gatewayIds: [] } }),
        403,
        'NO_OPERATION_PERMISSION',
        { message: false },
      );
    }
  });

  it('a reseller chooses among its granted gateways for its own customer, never another’s', async () => {
    expectOk(
      await call('admin', 'POST', '/sms/gateway/grant/save', {
        body: { companyId: ACME, gatewayIds: [gw.alpha!.id, gw.beta!.id] },
      }),
    );
    const mine = expectOk(await call<AgentGateways>('agent', 'GET', '/sms/agent/gateway/list'));
    expect(mine.unrestricted).toBe(false);
    expect(mine.gateways.map((g) => g.id).sort()).toEqual([gw.alpha!.id, gw.beta!.id].sort());
    // Northwind granted nothing: no limit.
    expect(
      expectOk(await call<AgentGateways>('distributor', 'GET', '/sms/agent/gateway/list')).unrestricted,
    ).toBe(true);

    const before = expectOk(
      await call<CustomerGateways>('agent', 'GET', '/sms/agent/customer/gateway', {
        query: { companyId: AGENCY_CLIENT },
      }),
    );
    expect(before.gatewayIds).toEqual([]);
    expect(before.available.map((g) => g.id).sort()).toEqual([gw.alpha!.id, gw.beta!.id].sort());
    for (const locale of [EN, ZH]) {
      expectError(
        await call('agent', 'POST', '/sms/agent/customer/gateway', {
          body: { companyId: AGENCY_CLIENT, gatewayIds: [gw.gamma!.id] },
          locale,
        }),
        400,
        'GATEWAY_NOT_GRANTED',
        { locale, params: { name: gw.gamma!.name } },
      );
    }
    const chosen = expectOk(
      await call<CustomerGateways>('agent', 'POST', '/sms/agent/customer/gateway', {
        body: { companyId: AGENCY_CLIENT, gatewayIds: [gw.beta!.id] },
      }),
    );
    expect(chosen.gatewayIds).toEqual([gw.beta!.id]);
    await addRoute({
      companyId: AGENCY_CLIENT,
      gateways: [{ gatewayId: gw.alpha!.id }, { gatewayId: gw.beta!.id }, { gatewayId: gw.gamma!.id }],
    });
    expect(
      await s().app.services.routing.resolve({
        companyId: AGENCY_CLIENT,
        kind: 'marketing',
        number: '447700900123',
        countryCode: 'GB',
      }),
    ).toMatchObject({ ok: true, gatewayIds: [gw.beta!.id] });

    // Another's customer, a customer below a customer, the platform's own: refused as an unknown one.
    const ghost = '00000000-0000-4000-8000-00000000f00d';
    for (const [user, target] of [
      ['agent', DIRECT],
      ['agent', NORTHWIND],
      ['agent', ghost],
      ['distributor', AGENCY_CLIENT],
      ['distributor', DIRECT],
      ['customer', DIRECT],
      ['agentcustomer', AGENCY_CLIENT],
    ] as const) {
      expectError(
        await call(user, 'GET', '/sms/agent/customer/gateway', { query: { companyId: target } }),
        403,
        'NO_OPERATION_PERMISSION',
        { message: false },
      );
      expectError(
        await call(user, 'POST', '/sms/agent/customer/gateway', {
          body: { companyId: target, gatewayIds: [] },
        }),
        403,
        'NO_OPERATION_PERMISSION',
        { message: false },
      );
    }
    expectError(await call('customer', 'GET', '/sms/agent/gateway/list'), 403, 'NO_OPERATION_PERMISSION', {
      message: false,
    });

    // Narrowing the grants drops choices outside them.
    expectOk(
      await call('admin', 'POST', '/sms/gateway/grant/save', {
        body: { companyId: ACME, gatewayIds: [gw.alpha!.id] },
      }),
    );
    expect(
      expectOk(
        await call<CustomerGateways>('agent', 'GET', '/sms/agent/customer/gateway', {
          query: { companyId: AGENCY_CLIENT },
        }),
      ).gatewayIds,
    ).toEqual([]);
    expectOk(
      await call('admin', 'POST', '/sms/gateway/grant/save', { body: { companyId: ACME, gatewayIds: [] } }),
    );
  });
});

describe('operators (/sys/smsOperator)', () => {
  it('has the seeded operators of the main countries', async () => {
    for (const country of [
      'CN',
      'US',
      'GB',
      'IN',
      'ID',
      'BR',
      'NG',
      'PH',
      'VN',
      'TH',
      'MY',
      'SG',
      'HK',
      'AE',
      'SA',
      'MX',
      'DE',
      'FR',
    ]) {
      const page = expectOk(
        await call<Page<Operator>>('admin', 'GET', '/sys/smsOperator/list', {
          query: { countryCode: country },
        }),
      );
      expect(page.total, country).toBeGreaterThan(0);
    }
  });

  it('adds, edits, finds, exports, imports and deletes operators, refusing what is wrong in both languages', async () => {
    const added = expectOk(
      await call<Operator>('admin', 'POST', '/sys/smsOperator/add', {
        body: { countryCode: 'KE', mcc: '639', mnc: '02', name: 'Safaricom', prefixes: '254722, 254721' },
      }),
    );
    expect(added).toMatchObject({ countryCode: 'KE', prefixes: ['254722', '254721'] });
    for (const locale of [EN, ZH]) {
      expectError(
        await call('admin', 'POST', '/sys/smsOperator/add', {
          body: { countryCode: 'KE', mcc: '639', mnc: '02', name: 'Again' },
          locale,
        }),
        409,
        'OPERATOR_DUPLICATE',
        { locale, params: { mcc: '639', mnc: '02' } },
      );
      expectError(
        await call('admin', 'POST', '/sys/smsOperator/add', {
          body: { countryCode: 'KE', mcc: '639', mnc: '03', name: 'Airtel KE', prefixes: ['4477'] },
          locale,
        }),
        400,
        'OPERATOR_PREFIX_COUNTRY',
        { locale, params: { prefix: '4477', country: 'KE', code: '254' } },
      );
    }
    const edited = expectOk(
      await call<Operator>('admin', 'PUT', '/sys/smsOperator/edit', {
        body: {
          id: added.id,
          countryCode: 'KE',
          mcc: '639',
          mnc: '02',
          name: 'Safaricom PLC',
          prefixes: ['254722'],
        },
      }),
    );
    expect(edited.name).toBe('Safaricom PLC');
    // Resolution uses it at once.
    expect((await s().app.services.rates.operators.locate('+254722000111'))?.operator?.name).toBe(
      'Safaricom PLC',
    );
    expect(
      expectOk(
        await call<Operator>('sales', 'GET', '/sys/smsOperator/queryById', { query: { id: added.id } }),
      ).id,
    ).toBe(added.id);
    const response = await fetch(`${s().baseUrl}/api/sys/smsOperator/exportXls?countryCode=KE`, {
      headers: { 'X-Access-Token': tokens.admin!, 'X-Locale': EN },
    });
    expect(response.status).toBe(200);
    // Every answer is read whole (an unread body keeps its connection, and the server's close, waiting).
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
    expect((book.worksheets[0]!.getRow(2).values as unknown[]).slice(1)).toEqual(
      expect.arrayContaining(['KE', '639', '02', 'Safaricom PLC', '254722']),
    );
    const form = new FormData();
    form.append(
      'file',
      new Blob(['countryCode,mcc,mnc,name,prefixes\nKE,639,07,Telkom Kenya,"254770;254771"\n']),
      'ops.csv',
    );
    const imported = await fetch(`${s().baseUrl}/api/sys/smsOperator/importExcel`, {
      method: 'POST',
      headers: { 'X-Access-Token': tokens.admin!, 'X-Locale': EN },
      body: form,
    });
    expect(imported.status).toBe(200);
    expect(((await imported.json()) as Envelope<ImportResult>).result.imported).toBe(1);
    const ke = expectOk(
      await call<Page<Operator>>('admin', 'GET', '/sys/smsOperator/list', { query: { countryCode: 'KE' } }),
    );
    expect(ke.records.map((o) => o.name).sort()).toEqual(['Safaricom PLC', 'Telkom Kenya']);
    for (const user of ['agent', 'customer'])
      expectError(await call(user, 'GET', '/sys/smsOperator/list'), 403, 'NO_OPERATION_PERMISSION', {
        message: false,
      });
    expectError(
      await call('sales', 'DELETE', '/sys/smsOperator/delete', { query: { id: added.id } }),
      403,
      'NO_OPERATION_PERMISSION',
      { message: false },
    );
    expectOk(await call('admin', 'DELETE', '/sys/smsOperator/delete', { query: { id: added.id } }));
    expectOk(
      await call('admin', 'DELETE', '/sys/smsOperator/deleteBatch', {
        query: {
          ids: ke.records
            .filter((o) => o.id !== added.id)
            .map((o) => o.id)
            .join(','),
        },
      }),
    );
  });
});
