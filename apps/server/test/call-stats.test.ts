import { API_PREFIX, type VoiceHomeTotals, type VoiceStats, XLSX_MIME } from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRUNK } from '../src/modules/trunk';
import { rowsOf } from '../src/platform/db';
import { startServer, type TestServer } from './harness';
import { companyId, EN, expectError, expectFieldError, expectOk, tokenOf, ZH } from './support/api';

/**
 * Call statistics (issue 23) over HTTP: by day, task and trunk (staff), each role held to its
 * scope (a customer its company, a reseller its customers, staff all), cost and margin for staff
 * only, the export, the roll-up's rebuild, and the home dashboards' voice figures. The calls are
 * written here as call records (the engine writes them in call-tasks.test.ts, which also holds the
 * incremental roll-up to a rebuild); the rebuild counts them.
 */

const DIRECT = companyId('Direct Retail Ltd'); // customer
const TWO_WAY = companyId('Two-Way Logistics'); // customer2
const AGENCY_CLIENT = companyId('Agency Client Co'); // agentcustomer, under Acme (agent)
const TRUNK = DEMO_TRUNK.trunkId;
const D1 = '2026-03-01';
const D2 = '2026-03-02';

let s: TestServer;
const tokens: Record<string, string> = {};
const tasks: Record<string, string> = {};

const call = <T>(
  user: string,
  method: string,
  path: string,
  options: { query?: Record<string, string>; body?: unknown; locale?: string } = {},
) => s.call<T>(method, path, { token: tokens[user], ...options });

const period = { dateFrom: D1, dateTo: D2 };
const stats = async (user: string, by: 'byDay' | 'byTask' | 'byTrunk', query: Record<string, string> = {}) =>
  expectOk(
    await call<VoiceStats>(user, 'GET', `/groupCallTask/stats/${by}`, { query: { ...period, ...query } }),
  );

async function addTask(company: string, name: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await s.app.platform.db.execute(sql`
      insert into call_tasks (company_id, name, ivr_flow_id, call_ratio, periods, ttl_s, state)
      values (${company}, ${name}, gen_random_uuid(), 1, '[{"start":"09:00","end":"10:00"}]', 60, 'success')
      returning id`),
  );
  return String(row!.id);
}

interface Rec {
  task: string;
  company: string;
  at: string;
  result: string;
  trunk?: string | null;
  talkMs?: number;
  charge?: 'none' | 'due' | 'charged';
  amount?: string;
  cost?: string | null;
  billedS?: number;
}

async function record(r: Rec) {
  await s.app.platform.db.execute(sql`
    insert into call_records (task_id, number_id, company_id, to_number, trunk_id, result, started_at, ended_at,
      ring_ms, talk_ms, billed_s, amount, cost, charge_state)
    values (${r.task}, gen_random_uuid(), ${r.company}, '8613800000000', ${r.trunk === undefined ? TRUNK : r.trunk},
      ${r.result}, ${r.at}::timestamptz, ${r.at}::timestamptz, 1000, ${r.talkMs ?? 0}, ${r.billedS ?? 0},
      ${r.amount ?? '0'}::numeric, ${r.cost ?? null}::numeric, ${r.charge ?? 'none'})`);
}

beforeAll(async () => {
  s = await startServer();
  for (const user of ['admin', 'sales', 'agent', 'customer', 'customer2', 'agentcustomer'])
    tokens[user] = await tokenOf(s, user);
  tasks.a = await addTask(DIRECT, 'Spring promotion');
  tasks.b = await addTask(AGENCY_CLIENT, 'Agency reminders');
  tasks.c = await addTask(TWO_WAY, 'Logistics survey');
  const d1 = `${D1}T10:00:00Z`;
  const d2 = `${D2}T23:59:59Z`;
  // The customer's task: day 1 two answered (one charged, one still due), a busy one and one lost
  // without a trunk; day 2 an answered call whose carrier cost is unknown and one not answered.
  await record({
    task: tasks.a,
    company: DIRECT,
    at: d1,
    result: 'answered',
    talkMs: 30_000,
    charge: 'charged',
    amount: '0.120000',
    cost: '0.050000',
    billedS: 30,
  });
  await record({ task: tasks.a, company: DIRECT, at: d1, result: 'answered', talkMs: 10_000, charge: 'due' });
  await record({ task: tasks.a, company: DIRECT, at: d1, result: 'busy' });
  await record({ task: tasks.a, company: DIRECT, at: d1, result: 'failed', trunk: null });
  await record({
    task: tasks.a,
    company: DIRECT,
    at: d2,
    result: 'answered',
    talkMs: 60_000,
    charge: 'charged',
    amount: '0.240000',
    billedS: 60,
  });
  await record({ task: tasks.a, company: DIRECT, at: d2, result: 'no_answer' });
  // The agent's customer: one charged call and a rejected one; another customer: an invalid number.
  await record({
    task: tasks.b,
    company: AGENCY_CLIENT,
    at: d1,
    result: 'answered',
    talkMs: 45_500,
    charge: 'charged',
    amount: '0.500000',
    cost: '0.200000',
    billedS: 60,
  });
  await record({ task: tasks.b, company: AGENCY_CLIENT, at: d1, result: 'rejected' });
  await record({ task: tasks.c, company: TWO_WAY, at: d2, result: 'invalid_number' });
  // The day after the period: never counted in it.
  await record({ task: tasks.c, company: TWO_WAY, at: '2026-03-03T00:00:00Z', result: 'busy' });
  expect(
    expectOk(
      await call('admin', 'POST', '/groupCallTask/stats/rebuild', {
        body: { dateFrom: D1, dateTo: '2026-03-03' },
      }),
    ),
  ).toEqual({ days: 3, rows: 6 });
});
afterAll(() => s.close());

describe('statistics by day, task and trunk', () => {
  it('gives a customer its own calls by day: every day, each call once, money exact, no cost', async () => {
    const byDay = await stats('customer', 'byDay');
    expect(byDay).toMatchObject({ dimension: 'day', dateFrom: D1, dateTo: D2, staff: false });
    expect(byDay.rows.map((r) => r.key)).toEqual([D1, D2]);
    expect(byDay.rows[0]).toMatchObject({
      calls: 4,
      answered: 2,
      busy: 1,
      failed: 1,
      noAnswer: 0,
      answerRate: 0.5,
      talkS: 40,
      avgTalkS: 20,
      billedS: 30,
      uncharged: 1,
      revenue: '0.120000',
      cost: null,
      margin: null,
    });
    expect(byDay.rows[1]).toMatchObject({
      calls: 2,
      answered: 1,
      noAnswer: 1,
      revenue: '0.240000',
      uncharged: 0,
    });
    expect(byDay.totals).toMatchObject({
      calls: 6,
      answered: 3,
      answerRate: 0.5,
      revenue: '0.360000',
      cost: null,
    });
    // A day without calls is a row of zeros.
    const quiet = await stats('customer', 'byDay', { dateFrom: '2026-02-27', dateTo: '2026-02-28' });
    expect(quiet.rows.map((r) => [r.key, r.calls, r.answerRate, r.avgTalkS])).toEqual([
      ['2026-02-27', 0, null, null],
      ['2026-02-28', 0, null, null],
    ]);
  });

  it('names tasks, and keeps a reseller to its customers and a customer to its company', async () => {
    const mine = await stats('customer', 'byTask');
    expect(mine.rows.map((r) => [r.name, r.calls])).toEqual([['Spring promotion', 6]]);
    const agents = await stats('agent', 'byTask');
    expect(agents.rows.map((r) => [r.name, r.calls, r.revenue])).toEqual([
      ['Agency reminders', 2, '0.500000'],
    ]);
    expect(agents.staff).toBe(false);
    expect((await stats('customer2', 'byDay')).totals.calls).toBe(1);
    // Another company's figures are refused, not emptied.
    expectError(
      await call('customer', 'GET', '/groupCallTask/stats/byDay', { query: { companyId: TWO_WAY } }),
      403,
      'NO_OPERATION_PERMISSION',
      { message: false },
    );
    expect((await stats('agent', 'byDay', { companyId: AGENCY_CLIENT })).totals.calls).toBe(2);
    expect((await stats('customer', 'byDay', { taskId: tasks.b! })).totals.calls).toBe(0);
  });

  it('shows staff every company with cost and margin, and trunks; trunks are refused to others', async () => {
    const all = await stats('admin', 'byDay');
    expect(all.staff).toBe(true);
    expect(all.totals).toMatchObject({
      calls: 9,
      answered: 4,
      revenue: '0.860000',
      // The call without a known carrier cost adds none.
      cost: '0.250000',
      margin: '0.610000',
    });
    const trunks = await stats('admin', 'byTrunk');
    expect(trunks.rows.map((r) => [r.key, r.name, r.calls])).toEqual([
      [TRUNK, DEMO_TRUNK.name, 8],
      ['', '', 1],
    ]);
    expect((await stats('sales', 'byTrunk')).staff).toBe(true);
    expect((await stats('admin', 'byDay', { trunkId: TRUNK })).totals.calls).toBe(8);
    for (const user of ['customer', 'agent']) {
      expectError(await call(user, 'GET', '/groupCallTask/stats/byTrunk'), 403, 'NO_OPERATION_PERMISSION', {
        message: false,
      });
    }
    expectError(
      await call('customer', 'GET', '/groupCallTask/stats/byDay', { query: { trunkId: TRUNK }, locale: ZH }),
      403,
      'VOICE_STATS_STAFF_ONLY',
      { locale: ZH },
    );
  });

  it('refuses a period ending before it starts or longer than a year, in both languages', async () => {
    expectError(
      await call('customer', 'GET', '/groupCallTask/stats/byDay', { query: { dateFrom: D2, dateTo: D1 } }),
      400,
      'FIELD_INVALID',
      { message: false },
    );
    expectError(
      await call('customer', 'GET', '/groupCallTask/stats/byDay', {
        query: { dateFrom: '2024-01-01', dateTo: '2026-01-01' },
        locale: ZH,
      }),
      400,
      'PERIOD_TOO_LONG',
      { locale: ZH, params: { days: 366 } },
    );
    expectFieldError(
      await call('customer', 'GET', '/groupCallTask/stats/byDay', { query: { taskId: 'nope' } }),
      'taskId',
      /.+/,
    );
  });

  it('exports each view as .xlsx, with cost and margin for staff only', async () => {
    const sheet = async (user: string, dimension: string) => {
      const query = new URLSearchParams({ ...period, dimension });
      const res = await fetch(`${s.baseUrl}${API_PREFIX}/groupCallTask/stats/exportXls?${query}`, {
        headers: { 'X-Access-Token': tokens[user]!, 'X-Locale': EN },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(XLSX_MIME);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      const ws = book.worksheets[0]!;
      return { header: (ws.getRow(1).values as unknown[]).slice(1), rows: ws.actualRowCount - 1 };
    };
    const customer = await sheet('customer', 'day');
    expect(customer.rows).toBe(2);
    expect(customer.header).toContain('Answer rate');
    expect(customer.header).not.toContain('Cost');
    const admin = await sheet('admin', 'task');
    expect(admin.rows).toBe(3);
    expect(admin.header).toEqual(expect.arrayContaining(['Task', 'Cost', 'Margin']));
    const res = await call('customer', 'GET', '/groupCallTask/stats/exportXls', {
      query: { ...period, dimension: 'trunk' },
    });
    expectError(res, 403, 'VOICE_STATS_STAFF_ONLY');
  });

  it('rebuilds for administrators only, to the same figures', async () => {
    const before = await stats('admin', 'byTask');
    expectOk(await call('admin', 'POST', '/groupCallTask/stats/rebuild', { body: period }));
    expect(await stats('admin', 'byTask')).toEqual(before);
    for (const user of ['sales', 'customer']) {
      expectError(
        await call(user, 'POST', '/groupCallTask/stats/rebuild', { body: period }),
        403,
        'NO_OPERATION_PERMISSION',
        { message: false },
      );
    }
  });
});

describe('home dashboards', () => {
  it('gives each role its voice figures of today: its company, its customers, or all with the margin', async () => {
    const now = new Date();
    const at = now.toISOString();
    await record({
      task: tasks.a!,
      company: DIRECT,
      at,
      result: 'answered',
      talkMs: 90_000,
      charge: 'charged',
      amount: '1.000000',
      cost: '0.400000',
      billedS: 90,
    });
    await record({ task: tasks.a!, company: DIRECT, at, result: 'busy' });
    await record({
      task: tasks.b!,
      company: AGENCY_CLIENT,
      at,
      result: 'answered',
      talkMs: 30_000,
      charge: 'charged',
      amount: '0.250000',
      billedS: 30,
    });
    const day = at.slice(0, 10);
    expectOk(
      await call('admin', 'POST', '/groupCallTask/stats/rebuild', { body: { dateFrom: day, dateTo: day } }),
    );

    const customer = expectOk(await call<VoiceHomeTotals>('customer', 'GET', '/home/voiceTotals'));
    expect(customer.scope).toBe('company');
    expect(customer.today).toEqual({
      calls: 2,
      answered: 1,
      answerRate: 0.5,
      minutes: 1.5,
      spend: '1.000000',
      margin: null,
    });
    expect(customer.series).toHaveLength(30);
    expect(customer.series.at(-1)).toMatchObject({
      day,
      calls: 2,
      answered: 1,
      minutes: 1.5,
      spend: '1.000000',
    });
    expect(customer.month.calls).toBeGreaterThanOrEqual(2);

    const agent = expectOk(await call<VoiceHomeTotals>('agent', 'GET', '/home/voiceTotals'));
    expect(agent.scope).toBe('customers');
    expect(agent.today).toMatchObject({
      calls: 1,
      answered: 1,
      minutes: 0.5,
      spend: '0.250000',
      margin: null,
    });

    const admin = expectOk(await call<VoiceHomeTotals>('admin', 'GET', '/home/voiceTotals'));
    expect(admin.scope).toBe('all');
    expect(admin.today).toMatchObject({ calls: 3, answered: 2, spend: '1.250000', margin: '0.850000' });
    expect(
      expectOk(await call<VoiceHomeTotals>('agentcustomer', 'GET', '/home/voiceTotals')).today.calls,
    ).toBe(1);
  });
});
