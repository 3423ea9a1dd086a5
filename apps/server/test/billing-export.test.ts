import {
  AGENT_CUSTOMER_EXPORT_PATH,
  COMPANY_EXPORT_PATH,
  type CompanyListItem,
  type Locale,
  ORDER_EXPORT_PATH,
  type Order,
  PAYOUT_EXPORT_PATH,
  type Page,
  type Payout,
  units,
  XLSX_MIME,
} from '@switchboard/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeSessionEvent } from '../src/modules/payments/providers/simulator';
import { startServer, type TestServer } from './harness';
import { companyId, EN, expectError, expectOk, text, tokenOf, ZH } from './support/api';

/**
 * The list conventions on companies, top-up orders, payouts and a reseller's customers: server
 * sort by a whitelisted column, and exportXls in the caller's scope and language.
 */

const DIRECT = companyId('Direct Retail Ltd');
const ACME = companyId('Acme Agency');
const AGENCY_CLIENT = companyId('Agency Client Co');

let s: TestServer;
const tokens: Record<string, string> = {};
const USERS = ['admin', 'sales', 'distributor', 'agent', 'customer', 'customer2', 'agentcustomer'];
const day = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const week = () => ({ from: iso(Date.now() - 6 * day), to: iso(Date.now() + 60_000) });

/** Orders made here: a paid one of Direct Retail, a pending one of Agency Client Co. */
let directPaid: string;
let clientPending: string;

beforeAll(async () => {
  s = await startServer();
  for (const user of USERS) tokens[user] = await tokenOf(s, user);
  const create = async (user: string, amount: string) =>
    expectOk(
      await s.call<{ orderId: string }>('POST', '/sys/order/create', {
        token: tokens[user],
        body: { amount, method: 'card' },
      }),
    ).orderId;
  directPaid = await create('customer', '1234.50');
  clientPending = await create('agentcustomer', '60');
  const order = (await s.app.services.payments.find(directPaid))!;
  const adapter = (await s.app.services.payments.providers.adapter('stripe')) as unknown as {
    sign(p: string): string;
  };
  const raw = JSON.stringify(stripeSessionEvent('checkout.session.completed', order));
  expectOk(
    await s.call('POST', '/payments/webhook/stripe', {
      rawBody: raw,
      contentType: 'application/json',
      headers: { 'stripe-signature': adapter.sign(raw) },
    }),
  );
  // Commission for payouts of Acme Agency: one decided, one pending.
  await s.app.services.ledger.post([
    { companyId: ACME, kind: 'commission', amount: units(100), idempotencyKey: 'export-test-commission' },
  ]);
  const first = expectOk(
    await s.call<Payout>('POST', '/sys/order/createPayout', {
      token: tokens.agent,
      body: { amount: '12.5', note: 'first' },
    }),
  );
  expectOk(
    await s.call('PUT', '/sys/order/payout/reject', {
      token: tokens.admin,
      body: { id: first.id, reason: 'wrong bank' },
    }),
  );
  expectOk(
    await s.call('POST', '/sys/order/createPayout', {
      token: tokens.agent,
      body: { amount: '30', note: 'second' },
    }),
  );
});
afterAll(() => s.close());

async function download(path: string, user: string, query: Record<string, string> = {}, locale: Locale = EN) {
  const response = await fetch(`${s.baseUrl}/api${path}?${new URLSearchParams(query)}`, {
    headers: { 'X-Access-Token': tokens[user]!, 'X-Locale': locale },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bytes,
    json: () => JSON.parse(bytes.toString()) as { errorCode: string; message: string },
  };
}

/** The first sheet: its name, header row and data rows (cells as values). */
async function sheetOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const ws = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { ws, name: ws.name, header: rows[0] as string[], rows: rows.slice(1) };
}

/** The data rows as objects keyed by the header. */
const records = (sheet: { header: string[]; rows: unknown[][] }) =>
  sheet.rows.map((row) => Object.fromEntries(sheet.header.map((h, i) => [h, row[i] ?? null])));

async function exported(path: string, user: string, query: Record<string, string> = {}, locale: Locale = EN) {
  const res = await download(path, user, query, locale);
  expect(res.status, res.bytes.toString().slice(0, 200)).toBe(200);
  expect(res.type).toBe(XLSX_MIME);
  return sheetOf(res.bytes);
}

describe('GET /sys/company/exportXls', () => {
  it('administrators export every company, in English and in Chinese, money as numbers', async () => {
    const en = await exported(COMPANY_EXPORT_PATH, 'admin');
    expect(en.name).toBe('Companies');
    expect(en.header).toEqual([
      'Company',
      'Type',
      'Parent company',
      'Approval',
      'Status',
      'Contact',
      'Phone',
      'E-mail',
      'Sales',
      'Balance',
      'Credit limit',
      'Created (UTC)',
    ]);
    const byName = new Map(records(en).map((r) => [r.Company, r]));
    expect([...byName.keys()]).toEqual(
      expect.arrayContaining([
        'Direct Retail Ltd',
        'Two-Way Logistics',
        'Acme Agency',
        'Agency Client Co',
        'Northwind Distribution',
      ]),
    );
    const direct = byName.get('Direct Retail Ltd')!;
    expect(direct).toMatchObject({ Type: 'Direct', Approval: 'Approved', Status: 'Normal', Sales: 'sales' });
    expect(direct.Balance).toBe(
      Number((await s.app.services.ledger.balanceOf(DIRECT)).balance / 10_000n) / 100,
    );
    expect(String(direct['Created (UTC)'])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(byName.get('Acme Agency')).toMatchObject({
      Type: 'Agent',
      'Parent company': 'Northwind Distribution',
    });
    // The balance column is a number with a number format (two decimals shown at least).
    const balanceCol = en.header.indexOf('Balance') + 1;
    expect(en.ws.getColumn(balanceCol).numFmt).toMatch(/^#,##0\.00/);

    const zh = await exported(COMPANY_EXPORT_PATH, 'admin', {}, ZH);
    expect(zh.name).toBe('公司');
    expect(zh.header.slice(0, 5)).toEqual(['公司名称', '类型', '上级公司', '审核状态', '状态']);
    const zDirect = records(zh).find((r) => r.公司名称 === 'Direct Retail Ltd')!;
    expect(zDirect).toMatchObject({ 类型: '直客', 审核状态: '审核通过', 状态: '正常' });
  });

  it('applies the list’s filters and sort', async () => {
    const agents = await exported(COMPANY_EXPORT_PATH, 'admin', {
      type: 'agent',
      column: 'name',
      order: 'desc',
    });
    const names = records(agents).map((r) => r.Company);
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(names).toEqual([...names].sort().reverse());
    expect(records(agents).every((r) => r.Type === 'Agent')).toBe(true);
    const res = await download(COMPANY_EXPORT_PATH, 'admin', { column: 'balance' }, ZH);
    expect(res.status).toBe(400);
    expect(res.json().errorCode).toBe('SORT_COLUMN_INVALID');
    expect(res.json().message).toBe(text('SORT_COLUMN_INVALID', ZH, { column: 'balance' }));
  });

  it('sales export only their assigned companies; resellers and customers may not export', async () => {
    const names = records(await exported(COMPANY_EXPORT_PATH, 'sales')).map((r) => r.Company);
    expect(names).toEqual(expect.arrayContaining(['Direct Retail Ltd', 'Two-Way Logistics']));
    expect(names).not.toContain('Acme Agency');
    expect(names).not.toContain('Agency Client Co');
    for (const user of ['distributor', 'agent', 'customer']) {
      const res = await download(COMPANY_EXPORT_PATH, user);
      expect(res.status, user).toBe(403);
    }
    expect((await fetch(`${s.baseUrl}/api${COMPANY_EXPORT_PATH}`)).status).toBe(401);
  });
});

describe('GET /sys/order/exportXls', () => {
  it('needs a window of at most seven days (the list’s filters otherwise), said in the caller’s language', async () => {
    for (const [query, locale] of [
      [{}, EN],
      [{ from: iso(Date.now() - 8 * day), to: iso(Date.now()) }, ZH],
    ] as const) {
      const res = await download(ORDER_EXPORT_PATH, 'admin', query, locale);
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'EXPORT_WINDOW_REQUIRED',
        message: text('EXPORT_WINDOW_REQUIRED', locale, { days: 7 }),
      });
    }
  });

  it('staff export every order in scope with states in words and exact amounts', async () => {
    const en = await exported(ORDER_EXPORT_PATH, 'admin', week());
    expect(en.name).toBe('Top-up orders');
    expect(en.header).toEqual([
      'Created (UTC)',
      'Order',
      'Company',
      'Method',
      'Provider',
      'State',
      'Amount',
      'Paid',
      'Credited',
      'Difference',
      'Currency',
      'Provider reference',
      'Created by',
      'Updated (UTC)',
    ]);
    const byId = new Map(records(en).map((r) => [r.Order, r]));
    expect(byId.get(directPaid)).toMatchObject({
      Company: 'Direct Retail Ltd',
      Method: 'Card',
      Provider: 'Stripe',
      State: 'Finished',
      Amount: 1234.5,
      Paid: 1234.5,
      Credited: 1234.5,
      Difference: 0,
      Currency: 'USD',
      'Created by': 'customer',
    });
    expect(byId.get(clientPending)).toMatchObject({ State: 'Pending payment', Credited: 0 });
    const zh = records(await exported(ORDER_EXPORT_PATH, 'admin', week(), ZH));
    expect(zh.find((r) => r.订单号 === directPaid)).toMatchObject({ 状态: '已完成', 支付方式: '银行卡' });
    expect(zh.find((r) => r.订单号 === clientPending)).toMatchObject({ 状态: '待支付' });
    // Filtered by state, as the list.
    const finished = records(await exported(ORDER_EXPORT_PATH, 'admin', { ...week(), state: 'finished' }));
    expect(finished.map((r) => r.Order)).toContain(directPaid);
    expect(finished.map((r) => r.Order)).not.toContain(clientPending);
  });

  it('a customer exports its own orders only; sales their companies’; a reseller its subtree', async () => {
    const ids = async (user: string) =>
      records(await exported(ORDER_EXPORT_PATH, user, week())).map((r) => r.Order);
    expect(await ids('customer')).toContain(directPaid);
    expect(await ids('customer')).not.toContain(clientPending);
    expect(await ids('customer2')).toEqual([]);
    expect(await ids('agentcustomer')).toEqual([clientPending]);
    expect(await ids('sales')).toContain(directPaid);
    expect(await ids('sales')).not.toContain(clientPending);
    expect(await ids('agent')).toEqual([clientPending]);
    expect(await ids('distributor')).toContain(clientPending);
    const other = await download(ORDER_EXPORT_PATH, 'customer', { ...week(), companyId: AGENCY_CLIENT });
    expect(other.status).toBe(403);
    expect(other.json().errorCode).toBe('NO_OPERATION_PERMISSION');
  });
});

describe('GET /sys/order/payoutExportXls', () => {
  it('exports the payouts in scope with their decisions, in both languages', async () => {
    const en = records(await exported(PAYOUT_EXPORT_PATH, 'admin', { companyId: ACME }));
    expect(en.map((r) => [r.Amount, r.State, r.Note, r.Reason])).toEqual(
      expect.arrayContaining([
        [12.5, 'Rejected', 'first', 'wrong bank'],
        [30, 'Pending review', 'second', null],
      ]),
    );
    expect(en[0]).toMatchObject({ Company: 'Acme Agency', 'Requested by': 'agent' });
    const zh = await exported(PAYOUT_EXPORT_PATH, 'admin', { companyId: ACME, state: 'rejected' }, ZH);
    expect(zh.name).toBe('佣金提现');
    expect(records(zh).map((r) => [r.金额, r.状态, r.原因])).toEqual([[12.5, '已驳回', 'wrong bank']]);
  });

  it('a reseller exports its own subtree’s; sales none of Acme’s; customers may not', async () => {
    const agent = records(await exported(PAYOUT_EXPORT_PATH, 'agent'));
    expect(agent.length).toBe(2);
    expect(agent.every((r) => r.Company === 'Acme Agency')).toBe(true);
    expect(records(await exported(PAYOUT_EXPORT_PATH, 'distributor')).length).toBe(2);
    expect(records(await exported(PAYOUT_EXPORT_PATH, 'sales'))).toEqual([]);
    expect((await download(PAYOUT_EXPORT_PATH, 'customer')).status).toBe(403);
    expect((await download(PAYOUT_EXPORT_PATH, 'sales', { companyId: ACME })).status).toBe(403);
  });
});

describe('GET /sms/agent/customer/exportXls', () => {
  it('an agent exports its own customers only; a distributor its agents and theirs', async () => {
    const en = await exported(AGENT_CUSTOMER_EXPORT_PATH, 'agent');
    expect(en.name).toBe('Customers');
    // A reseller's sheet has no approval or sales columns (staff matters).
    expect(en.header).not.toContain('Sales');
    expect(en.header).not.toContain('Approval');
    expect(records(en).map((r) => r.Company)).toEqual(['Agency Client Co']);
    const zh = await exported(AGENT_CUSTOMER_EXPORT_PATH, 'agent', {}, ZH);
    expect(zh.name).toBe('客户');
    expect(records(zh)[0]).toMatchObject({
      公司名称: 'Agency Client Co',
      上级公司: 'Acme Agency',
      状态: '正常',
    });
    const distributor = records(await exported(AGENT_CUSTOMER_EXPORT_PATH, 'distributor')).map(
      (r) => r.Company,
    );
    expect(distributor).toEqual(expect.arrayContaining(['Acme Agency', 'Agency Client Co']));
    expect(distributor).not.toContain('Northwind Distribution');
    expect(distributor).not.toContain('Direct Retail Ltd');
  });

  it('is for resellers: customers and sales are refused, and so is an administrator without a reseller company', async () => {
    for (const user of ['customer', 'agentcustomer', 'sales', 'admin']) {
      expect((await download(AGENT_CUSTOMER_EXPORT_PATH, user)).status, user).toBe(403);
    }
  });
});

describe('server sort on the lists (column/order, whitelisted)', () => {
  const get = <T>(path: string, user: string, query: Record<string, string>, locale: Locale = EN) =>
    s.call<Page<T>>('GET', path, { token: tokens[user], query, locale });

  it('companies: by name either way, by creation; an unknown column is a 400 naming it', async () => {
    const names = async (order: 'asc' | 'desc') =>
      expectOk(
        await get<CompanyListItem>('/sys/company/list', 'admin', { column: 'name', order, pageSize: '500' }),
      ).records.map((r) => r.name);
    const asc = await names('asc');
    expect(asc).toEqual([...asc].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(await names('desc')).toEqual([...asc].reverse());
    const byType = expectOk(
      await get<CompanyListItem>('/sys/company/list', 'admin', { column: 'type', pageSize: '500' }),
    ).records.map((r) => r.type);
    // Stored as its code: sorted by the code's text.
    expect(byType).toEqual([...byType].sort());
    expect(new Set(byType).size).toBe(3);
    for (const locale of [EN, ZH]) {
      expectError(
        await get('/sys/company/list', 'admin', { column: 'password' }, locale),
        400,
        'SORT_COLUMN_INVALID',
        {
          locale,
          params: { column: 'password' },
        },
      );
    }
    expectError(
      await get('/sys/company/list', 'admin', { column: 'name', order: 'sideways' }),
      400,
      'VALIDATION_FAILED',
      {
        message: false,
      },
    );
  });

  it('orders: by amount either way; newest first without a column', async () => {
    const amounts = async (query: Record<string, string>) =>
      expectOk(await get<Order>('/sys/order/list', 'admin', { pageSize: '500', ...query })).records.map((o) =>
        Number(o.amountRequested),
      );
    const asc = await amounts({ column: 'amountRequested' });
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(await amounts({ column: 'amountRequested', order: 'desc' })).toEqual(
      [...asc].sort((a, b) => b - a),
    );
    const created = expectOk(await get<Order>('/sys/order/list', 'admin', { pageSize: '500' })).records.map(
      (o) => o.createdAt,
    );
    expect(created).toEqual([...created].sort().reverse());
    expectError(await get('/sys/order/list', 'admin', { column: 'companyId' }), 400, 'SORT_COLUMN_INVALID', {
      params: { column: 'companyId' },
    });
    // The export refuses it the same way.
    const res = await download(ORDER_EXPORT_PATH, 'admin', { ...week(), column: 'nope' });
    expect([res.status, res.json().errorCode]).toEqual([400, 'SORT_COLUMN_INVALID']);
  });

  it('payouts: by amount; an unknown column is a 400', async () => {
    const amounts = async (order: string) =>
      expectOk(await get<Payout>('/sys/order/payoutList', 'agent', { column: 'amount', order })).records.map(
        (p) => p.amount,
      );
    expect(await amounts('asc')).toEqual(['12.500000', '30.000000']);
    expect(await amounts('desc')).toEqual(['30.000000', '12.500000']);
    expectError(await get('/sys/order/payoutList', 'agent', { column: 'note' }), 400, 'SORT_COLUMN_INVALID', {
      params: { column: 'note' },
    });
  });

  it('a reseller’s customers: by name; approval is not among its columns', async () => {
    const names = expectOk(
      await get<CompanyListItem>('/sms/agent/customer/list', 'distributor', {
        column: 'name',
        order: 'desc',
      }),
    ).records.map((r) => r.name);
    expect(names).toEqual([...names].sort().reverse());
    expect(names.length).toBeGreaterThanOrEqual(2);
    expectError(
      await get('/sms/agent/customer/list', 'distributor', { column: 'approvalStatus' }),
      400,
      'SORT_COLUMN_INVALID',
      { params: { column: 'approvalStatus' } },
    );
    // Not in another reseller's list, sorted or not.
    expect(
      expectOk(
        await get<CompanyListItem>('/sms/agent/customer/list', 'agent', { column: 'createdAt' }),
      ).records.map((r) => r.id),
    ).toEqual([AGENCY_CLIENT]);
  });
});
