import {
  API_PREFIX,
  CALL_TASK_PROGRESS_MESSAGE,
  type CallRecord,
  type CallTask,
  type CallTaskNumber,
  type CallTaskProgress,
  type Page,
  type SocketMessage,
  type VoiceStats,
  XLSX_MIME,
} from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  type CallPorts,
  type CallTaskEngine,
  callTaskEngine,
  type DialOutcome,
  type DialRequest,
  defaultPorts,
} from '../src/modules/call-task';
import { CallTaskRepo } from '../src/modules/call-task/repo';
import { rowsOf } from '../src/platform/db';
import { startServer } from './harness';
import {
  companyId,
  EN,
  eventually,
  expectError,
  expectFieldError,
  expectOk,
  text,
  topUp,
  userId,
  ZH,
} from './support/api';
import { apiSuite } from './support/suite';
import { promptFlow } from './support/voice';

/**
 * Group call tasks (issue 23) over HTTP on a real database: validation in both languages, the
 * state machine enforced, the engine (driven tick by tick, with the clock injected) waiting
 * outside its periods and calling inside them at most its ratio at once, pause and resume,
 * re-call of the failed numbers, per-minute charging exactly once with commissions, a pause for
 * balance and the resume after a top-up, crash leases (no number dialled twice), hang-up SMS,
 * records, export and statistics, and tenant isolation. The dialer is written here: it answers
 * by the number's last digit (the SIP dialer itself is tested in voice-dialer.test.ts).
 */

const DIRECT = companyId('Direct Retail Ltd'); // customer
const TWO_WAY = companyId('Two-Way Logistics'); // customer2
const AGENCY_CLIENT = companyId('Agency Client Co'); // agentcustomer, under Acme, under Northwind
const ACME = companyId('Acme Agency');
const NORTHWIND = companyId('Northwind Distribution');
const IVR = '5b1f4b7e-7d4c-4c39-9a57-0f6a6e0b6a11';

/** Outcome by the number's last digit. */
const BY_DIGIT: Record<
  string,
  Pick<DialOutcome, 'result' | 'ringMs' | 'talkMs' | 'keys' | 'sipCode' | 'ivrResult'>
> = {
  '0': { result: 'answered', ringMs: 3_000, talkMs: 61_500, keys: '1', ivrResult: 'yes', sipCode: 200 },
  '1': { result: 'busy', ringMs: 0, talkMs: 0, keys: '', sipCode: 486 },
  '2': { result: 'no_answer', ringMs: 45_000, talkMs: 0, keys: '', sipCode: 480 },
  '3': { result: 'rejected', ringMs: 2_000, talkMs: 0, keys: '', sipCode: 603 },
  '4': { result: 'invalid_number', ringMs: 0, talkMs: 0, keys: '', sipCode: 404 },
  '5': { result: 'failed', ringMs: 0, talkMs: 0, keys: '', sipCode: 503 },
  '6': { result: 'answered', ringMs: 1_000, talkMs: 7_000, keys: '29', sipCode: 200 },
};

/** The test's dialer: outcomes by pattern, calls held until released when `hold` is on. */
class TestDialer {
  readonly dialled: DialRequest[] = [];
  up = 0;
  maxUp = 0;
  hold = false;
  private readonly held: (() => void)[] = [];

  async dial(request: DialRequest): Promise<DialOutcome> {
    this.dialled.push(request);
    this.up++;
    this.maxUp = Math.max(this.maxUp, this.up);
    if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
    this.up--;
    const o = BY_DIGIT[request.to.at(-1)!] ?? BY_DIGIT['5']!;
    const startedAt = new Date();
    const answeredAt = o.result === 'answered' ? new Date(startedAt.getTime() + o.ringMs) : undefined;
    return {
      ...o,
      trunkId: 'trunk-test',
      startedAt,
      answeredAt,
      endedAt: new Date(startedAt.getTime() + o.ringMs + o.talkMs),
    };
  }

  /** Lets the held calls end. */
  release() {
    for (const resolve of this.held.splice(0)) resolve();
  }

  get heldCount() {
    return this.held.length;
  }

  count(to: string) {
    return this.dialled.filter((d) => d.to === to).length;
  }
}

let engine: CallTaskEngine;
const dialer = new TestDialer();
/** The clock the engine reads the periods by. */
let now = new Date('2026-03-02T08:00:00Z');
const ports: CallPorts = { ...defaultPorts(), dialer, now: () => now };
const { s, tokens, call } = apiSuite(['admin', 'agent', 'customer', 'customer2', 'agentcustomer'], () =>
  startServer({}, { services: { callPorts: ports } }),
);
const at = (hhmm: string) => {
  now = new Date(`2026-03-02T${hhmm}:00Z`);
};

const task = {
  name: 'Spring promotion',
  ivrFlowId: IVR,
  callRatio: 2,
  periods: [{ start: '09:00', end: '10:00' }],
  ttlS: 120,
};

/** Each company's own IVR flow (a task may name only its company's, one prompt): made in beforeAll. */
const flows: Record<string, string> = {};

async function addTask(user: string, body: Record<string, unknown>): Promise<CallTask> {
  return expectOk(
    await call<CallTask>(user, 'POST', '/groupCallTask/add', {
      body: { ...task, ivrFlowId: flows[user], ...body },
    }),
  );
}
async function act(user: string, path: string, id: string, extra: Record<string, unknown> = {}) {
  return expectOk(await call<CallTask>(user, 'POST', `/groupCallTask/${path}`, { body: { id, ...extra } }));
}
const details = async (user: string, id: string) =>
  expectOk(await call<CallTask>(user, 'GET', `/groupCallTask/details/${id}`));

/** Ticks (and lets the calls end) until the task is in `state`, at most `max` ticks. */
async function tickUntil(user: string, id: string, state: CallTask['state'], max = 20): Promise<CallTask> {
  for (let i = 0; i < max; i++) {
    await engine.tick();
    await engine.settle();
    const t = await details(user, id);
    if (t.state === state) return t;
  }
  throw new Error(`task ${id} did not reach ${state}: ${JSON.stringify(await details(user, id))}`);
}

async function balanceOf(company: string) {
  const res = await call<{ balance: string; commission: string }>('admin', 'GET', '/sys/balance', {
    query: { companyId: company },
  });
  return expectOk(res);
}
const micros = (decimal: string) => {
  const [whole, frac = ''] = decimal.split('.');
  const m = BigInt(whole!.replace('-', '')) * 1_000_000n + BigInt(frac.padEnd(6, '0').slice(0, 6));
  return decimal.startsWith('-') ? -m : m;
};
const credit = (company: string, amount: string) => topUp(s(), tokens.admin!, company, amount);
/** Today's UTC day (the calls of these tests start now). */
const today = () => new Date().toISOString().slice(0, 10);

/** What the company's voice rate charges for `seconds` to `number` (from the quote: increments and fee). */
async function expectedCharge(company: string, number: string, seconds: number) {
  const q = expectOk(
    await call<{
      price: string;
      connectionFee: string;
      billingInitial: number;
      billingIncrement: number;
    }>('admin', 'GET', '/sys/feerate/quote', { query: { companyId: company, kind: 'voice', number } }),
  );
  const billed =
    seconds <= q.billingInitial
      ? q.billingInitial
      : q.billingInitial + Math.ceil((seconds - q.billingInitial) / q.billingIncrement) * q.billingIncrement;
  const raw = micros(q.price) * BigInt(billed);
  return micros(q.connectionFee) + (raw * 2n + 60n) / 120n;
}

beforeAll(async () => {
  engine = callTaskEngine(s().app.services, s().app.platform);
  for (const user of ['customer', 'customer2', 'agentcustomer'])
    flows[user] = (await promptFlow(s(), tokens[user]!)).id;
  task.ivrFlowId = flows.customer!;
  await credit(DIRECT, '100');
  await credit(AGENCY_CLIENT, '100');
});
afterAll(async () => {
  dialer.release();
  await engine.stop();
});

describe('validation', () => {
  it('refuses a ratio of 0, bad periods, TTL and hang-up SMS, in both languages', async () => {
    const add = (body: Record<string, unknown>, locale = EN) =>
      call('customer', 'POST', '/groupCallTask/add', {
        body: { ...task, numbers: ['+8613800000000'], ...body },
        locale,
      });
    expectFieldError(await add({ callRatio: 0 }), 'callRatio', text('CALL_RATIO_INVALID'));
    expectFieldError(await add({ callRatio: 0 }, ZH), 'callRatio', text('CALL_RATIO_INVALID', ZH));
    expectFieldError(
      await add({
        periods: [
          { start: '09:00', end: '10:00' },
          { start: '09:30', end: '11:00' },
        ],
      }),
      'periods',
      text('CALL_PERIODS_OVERLAP'),
    );
    expectFieldError(
      await add({ periods: [{ start: '10:00', end: '09:00' }] }, ZH),
      'periods',
      text('CALL_PERIOD_START_AFTER_END', ZH),
    );
    expectFieldError(
      await add({ periods: [{ start: '09:00', end: '09:04' }] }),
      'periods',
      text('CALL_PERIOD_TOO_SHORT'),
    );
    expectFieldError(
      await add({
        periods: ['01', '03', '05', '07', '09', '11'].map((h) => ({ start: `${h}:00`, end: `${h}:30` })),
      }),
      'periods',
      text('CALL_PERIODS_TOO_MANY'),
    );
    expectFieldError(await add({ ttlS: 59 }), 'ttlS', text('CALL_TTL_INVALID'));
    expectFieldError(await add({ ttlS: 601 }, ZH), 'ttlS', text('CALL_TTL_INVALID', ZH));
    expectFieldError(
      await add({ hangupSms: { to: 'answered', text: 'x'.repeat(321) } }),
      'hangupSms.text',
      text('HANGUP_SMS_TOO_LONG'),
    );
    expectError(await add({ numbers: ['+8613800000000', 'not a number'] }), 400, 'CALL_TASK_NUMBER_INVALID', {
      params: { number: 'not a number' },
    });
  });

  it('keeps numbers once each and refuses actions the state does not allow', async () => {
    const t = await addTask('customer', {
      numbers: ['+8613800000010', '8613800000010', '+86 138 0000 0011'],
    });
    expect(t).toMatchObject({ state: 'waiting_submit', actions: ['run', 'stop'] });
    expect(t.counts.total).toBe(2);
    expectError(
      await call('customer', 'POST', '/groupCallTask/pause', { body: { id: t.id } }),
      409,
      'CALL_TASK_ACTION_NOT_ALLOWED',
    );
    expectError(
      await call('customer', 'POST', '/groupCallTask/reCall', {
        body: { id: t.id, only: 'failed' },
        locale: ZH,
      }),
      409,
      'CALL_TASK_ACTION_NOT_ALLOWED',
      { locale: ZH },
    );
    const edited = expectOk(
      await call<CallTask>('customer', 'PUT', '/groupCallTask/edit', {
        body: { ...task, id: t.id, name: 'Renamed', numbers: ['+8613800000012'] },
      }),
    );
    expect(edited).toMatchObject({ name: 'Renamed', counts: { total: 1 } });
    await act('customer', 'stop', t.id);
    expectError(
      await call('customer', 'PUT', '/groupCallTask/edit', { body: { ...task, id: t.id } }),
      409,
      'CALL_TASK_NOT_EDITABLE',
    );
    expectError(
      await call('customer', 'DELETE', '/groupCallTask/delete', { query: { id: t.id } }),
      409,
      'CALL_TASK_NOT_EDITABLE',
    );
  });
});

describe('the engine', () => {
  it('waits outside its periods, calls inside them at most its ratio at once, and finishes', async () => {
    const numbers = [
      '+8613800001000',
      '+8613800001001',
      '+8613800001002',
      '+8613800001003',
      '+8613800001004',
      '+8613800001005',
    ];
    const t = await addTask('customer', { numbers, callRatio: 2 });
    at('08:00');
    await act('customer', 'submit', t.id);
    const before = dialer.dialled.length;
    const waiting = await tickUntil('customer', t.id, 'running');
    // More ticks outside the period: still waiting, nothing dialled.
    for (let i = 0; i < 3; i++) await engine.tick();
    expect((await details('customer', t.id)).state).toBe('running');
    expect(dialer.dialled.length).toBe(before);
    expect(waiting.actions).toEqual(['pause', 'stop']);

    // Inside the period: two calls up at once, held; further ticks add none.
    at('09:00');
    dialer.hold = true;
    dialer.maxUp = 0;
    await engine.tick();
    await eventually(async () => expect(dialer.heldCount).toBe(2));
    await engine.tick();
    await engine.tick();
    expect(dialer.heldCount).toBe(2);
    expect((await details('customer', t.id)).state).toBe('calling');
    // Paused: the calls up end, no new ones; resumed: it calls again.
    expect((await act('customer', 'pause', t.id)).pauseReason).toBe('user');
    dialer.release();
    await engine.settle();
    await engine.tick();
    await engine.settle();
    expect(dialer.dialled.length).toBe(before + 2);
    expect((await details('customer', t.id)).state).toBe('paused');
    await act('customer', 'resume', t.id);
    dialer.hold = false;
    const done = await tickUntil('customer', t.id, 'success');
    expect(dialer.maxUp).toBeLessThanOrEqual(2);
    expect(dialer.dialled.length).toBe(before + 6);
    for (const n of numbers) expect(dialer.count(n.slice(1))).toBe(1);
    expect(done.counts).toMatchObject({
      total: 6,
      done: 6,
      answered: 1,
      busy: 1,
      no_answer: 1,
      rejected: 1,
      invalid_number: 1,
      failed: 1,
    });
    expect(done.actions).toEqual(['recall_all', 'recall_failed']);

    const list = expectOk(
      await call<Page<CallTaskNumber>>('customer', 'GET', '/groupCallTask/numbers', {
        query: { id: t.id, result: 'answered' },
      }),
    );
    expect(list.records).toMatchObject([
      { number: '8613800001000', ringS: 3, talkS: 61.5, keys: '1', ivrResult: 'yes', attempts: 1 },
    ]);
  });

  it('leaves the period by itself and comes back inside it', async () => {
    const t = await addTask('customer', { numbers: ['+8613800002000', '+8613800002001'], callRatio: 1 });
    at('09:30');
    await act('customer', 'submit', t.id);
    await tickUntil('customer', t.id, 'calling');
    await engine.settle();
    at('10:00');
    await tickUntil('customer', t.id, 'running');
    const dialled = dialer.dialled.length;
    await engine.tick();
    expect(dialer.dialled.length).toBe(dialled);
    at('09:00');
    await tickUntil('customer', t.id, 'success');
  });

  it('re-calls the failed numbers only', async () => {
    const numbers = ['+8613800003000', '+8613800003001', '+8613800003002'];
    const t = await addTask('customer', { numbers, callRatio: 3 });
    at('09:10');
    await act('customer', 'submit', t.id);
    await tickUntil('customer', t.id, 'success');
    const again = await act('customer', 'reCall', t.id, { only: 'failed' });
    expect(again.state).toBe('running');
    expect(again.counts).toMatchObject({ pending: 2, done: 1, answered: 1 });
    const done = await tickUntil('customer', t.id, 'success');
    expect(dialer.count('8613800003000')).toBe(1);
    expect(dialer.count('8613800003001')).toBe(2);
    expect(dialer.count('8613800003002')).toBe(2);
    expect(done.counts.done).toBe(3);
    const records = expectOk(
      await call<Page<CallRecord>>('customer', 'GET', '/groupCallTask/records', { query: { taskId: t.id } }),
    );
    expect(records.total).toBe(5);
  });

  it('never dials a number twice after a crash: lapsed marks fail, lapsed claims go back', async () => {
    const t = await addTask('customer', { numbers: ['+8613800004000', '+8613800004006'], callRatio: 2 });
    at('09:20');
    await act('customer', 'submit', t.id);
    await tickUntil('customer', t.id, 'running');
    dialer.hold = true;
    await engine.tick();
    await eventually(async () => expect(dialer.heldCount).toBe(2));
    // The process "dies" during both calls: their leases lapse; a new engine finds them.
    const db = s().app.platform.db;
    await db.execute(
      sql`update call_task_numbers set lease_until = now() - interval '1 second' where task_id = ${t.id}`,
    );
    const other = callTaskEngine(s().app.services, s().app.platform);
    await other.tick();
    const after = await details('customer', t.id);
    expect(after.counts).toMatchObject({ done: 2, failed: 2 });
    // The first engine's calls end now: their results are not written over the failures.
    dialer.release();
    await engine.settle();
    dialer.hold = false;
    expect((await details('customer', t.id)).counts).toMatchObject({ failed: 2, answered: 0 });
    expect(dialer.count('8613800004000')).toBe(1);
    expect(dialer.count('8613800004006')).toBe(1);
    await tickUntil('customer', t.id, 'success');

    // A claim never marked (the process died before dialling) goes back to pending and is called once.
    const u = await addTask('customer', { numbers: ['+8613800004010'], callRatio: 1 });
    await act('customer', 'submit', u.id);
    await tickUntil('customer', u.id, 'running');
    await db.execute(
      sql`update call_task_numbers set state = 'dialling', attempts = 1, lease_until = now() - interval '1 second' where task_id = ${u.id}`,
    );
    await tickUntil('customer', u.id, 'success');
    expect(dialer.count('8613800004010')).toBe(1);
  });
});

describe('billing', () => {
  it('charges each answered call once per minute rules, with commissions up the chain', async () => {
    const gb = '+447400123450'; // answered, 61.5 s: GB bills 1/1 with a connection fee
    const us = '+12025550126'; // answered, 7 s: US bills 6/6
    const t = await addTask('agentcustomer', { numbers: [gb, us, '+447400123451'], callRatio: 3 });
    const [client0, acme0, northwind0] = await Promise.all([
      balanceOf(AGENCY_CLIENT),
      balanceOf(ACME),
      balanceOf(NORTHWIND),
    ]);
    at('09:15');
    await act('agentcustomer', 'submit', t.id);
    const done = await tickUntil('agentcustomer', t.id, 'success');
    const gbCharge = await expectedCharge(AGENCY_CLIENT, gb, 62);
    const usCharge = await expectedCharge(AGENCY_CLIENT, us, 7);
    expect(micros(done.amount)).toBe(gbCharge + usCharge);
    const client1 = await balanceOf(AGENCY_CLIENT);
    expect(micros(client0.balance) - micros(client1.balance)).toBe(gbCharge + usCharge);
    // Acme earns its customer's price less its own; Northwind Acme's less its own.
    const acmeMargin =
      gbCharge + usCharge - ((await expectedCharge(ACME, gb, 62)) + (await expectedCharge(ACME, us, 7)));
    const northwindMargin =
      (await expectedCharge(ACME, gb, 62)) +
      (await expectedCharge(ACME, us, 7)) -
      ((await expectedCharge(NORTHWIND, gb, 62)) + (await expectedCharge(NORTHWIND, us, 7)));
    expect(acmeMargin).toBeGreaterThan(0n);
    expect(micros((await balanceOf(ACME)).commission) - micros(acme0.commission)).toBe(acmeMargin);
    expect(micros((await balanceOf(NORTHWIND)).commission) - micros(northwind0.commission)).toBe(
      northwindMargin,
    );

    // Charging again changes nothing.
    await engine.chargeDue();
    expect((await balanceOf(AGENCY_CLIENT)).balance).toBe(client1.balance);
    const records = expectOk(
      await call<Page<CallRecord>>('agentcustomer', 'GET', '/groupCallTask/records', {
        query: { taskId: t.id },
      }),
    );
    const byTo = Object.fromEntries(records.records.map((r) => [r.to, r]));
    expect(byTo['447400123450']).toMatchObject({ result: 'answered', billedS: 62, talkS: 61.5 });
    expect(micros(byTo['447400123450']!.amount)).toBe(gbCharge);
    // US bills 6/6: a 7 s call is billed 12 s.
    expect(byTo['12025550126']).toMatchObject({ result: 'answered', billedS: 12, talkS: 7 });
    expect(micros(byTo['12025550126']!.amount)).toBe(usCharge);
    expect(byTo['447400123451']).toMatchObject({ result: 'busy', billedS: 0, amount: '0.000000' });
    const keys = rowsOf<{ n: number }>(
      await s().app.platform.db.execute(
        sql`select count(*)::int as n from ledger_entries where company_id = ${AGENCY_CLIENT} and idempotency_key like 'voice:%'`,
      ),
    );
    expect(Number(keys[0]!.n)).toBeGreaterThanOrEqual(2);
  });

  it('pauses a task whose company runs out of balance, and resumes it after a top-up', async () => {
    // Indonesia bills 60/60: each 7 s call is one minute.
    const us = ['+6281234567806', '+6281234567816', '+6281234567826'];
    const charge = await expectedCharge(TWO_WAY, us[0]!, 7);
    expect(charge).toBe(60_000n);
    // Enough for one call, not two.
    const start = micros((await balanceOf(TWO_WAY)).balance);
    expect(start).toBe(0n);
    const topUp = 90_000n;
    await credit(TWO_WAY, '0.09');
    const t = await addTask('customer2', { numbers: us, callRatio: 1 });
    at('09:40');
    await act('customer2', 'submit', t.id);
    const paused = await tickUntil('customer2', t.id, 'paused');
    expect(paused.pauseReason).toBe('BALANCE_INSUFFICIENT');
    expect(paused.actions).toEqual(['resume', 'stop']);
    const dialledWhilePaused = dialer.dialled.length;
    await engine.tick();
    expect(dialer.dialled.length).toBe(dialledWhilePaused);
    await credit(TWO_WAY, '10');
    const done = await tickUntil('customer2', t.id, 'success');
    expect(done.counts.answered).toBe(3);
    expect(micros(done.amount)).toBe(charge * 3n);
    for (const n of us) expect(dialer.count(n.slice(1))).toBe(1);
    const end = micros((await balanceOf(TWO_WAY)).balance);
    expect(start + topUp + 10_000_000n - end).toBe(charge * 3n);
  });

  it('sends the hang-up SMS to answered numbers through the SMS engine', async () => {
    const t = await addTask('customer', {
      numbers: ['+8613800005000', '+8613800005001'],
      hangupSms: { to: 'answered', text: 'Thanks for taking our call' },
    });
    at('09:50');
    await act('customer', 'submit', t.id);
    await tickUntil('customer', t.id, 'success');
    await engine.tick();
    const sent = rowsOf<{ to_number: string }>(
      await s().app.platform.db.execute(
        sql`select to_number from sms_messages where company_id = ${DIRECT} and text = 'Thanks for taking our call'`,
      ),
    );
    expect(sent.map((r) => r.to_number)).toEqual(['8613800005000']);
    await engine.tick();
    expect(
      rowsOf(
        await s().app.platform.db.execute(
          sql`select 1 from sms_messages where company_id = ${DIRECT} and text = 'Thanks for taking our call'`,
        ),
      ),
    ).toHaveLength(1);
  });
});

describe('records and tenants', () => {
  it('lists, exports the past week and counts statistics; cost only for staff', async () => {
    const mine = expectOk(
      await call<Page<CallRecord>>('customer', 'GET', '/groupCallTask/records', {
        query: { pageSize: '100' },
      }),
    );
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.records.every((r) => r.companyId === DIRECT)).toBe(true);
    // Every attempt counted once, on the day it started (all today here).
    const stats = expectOk(
      await call<VoiceStats>('customer', 'GET', '/groupCallTask/stats/byTask', {
        query: { dateFrom: today(), dateTo: today() },
      }),
    );
    expect(stats.rows.reduce((sum, r) => sum + r.calls, 0)).toBe(mine.total);
    expect(stats.totals.calls).toBe(mine.total);
    expect(stats.rows.every((r) => r.cost === null && r.margin === null)).toBe(true);
    const charged = mine.records.reduce((sum, r) => sum + micros(r.amount), 0n);
    expect(micros(stats.totals.revenue)).toBe(charged);
    // Staff see what the carriers cost (the demo's voice gateway costs) and the margin.
    const staff = expectOk(
      await call<VoiceStats>('admin', 'GET', '/groupCallTask/stats/byTrunk', {
        query: { dateFrom: today(), dateTo: today() },
      }),
    );
    const trunk = staff.rows.find((r) => r.key === 'trunk-test');
    expect(trunk?.cost).not.toBeNull();
    expect(micros(trunk!.revenue) - micros(trunk!.cost!)).toBe(micros(trunk!.margin!));
    expect(micros(trunk!.cost!)).toBeGreaterThan(0n);
    // The calls lost in the crash above have a record too, without a trunk.
    expect(staff.rows.find((r) => r.key === '')?.failed).toBeGreaterThanOrEqual(2);
    const res = await fetch(`${s().baseUrl}${API_PREFIX}/groupCallTask/records/exportXls`, {
      headers: { 'X-Access-Token': tokens.customer! },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_MIME);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    // The header row and one row per record of the past week (all of them: made just now).
    const sheet = book.worksheets[0]!;
    expect(sheet.actualRowCount).toBe(mine.total + 1);
    // The IVR result is a column; the amount an exact number (not text such as "0.040000").
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toContain('IVR result');
    const column = (name: string) => headers.indexOf(name) + 1;
    const answered = mine.records.find((r) => r.result === 'answered' && micros(r.amount) > 0n)!;
    const row = sheet
      .getRows(2, mine.total)!
      .find(
        (r) =>
          r.getCell(column('Number')).value === answered.to &&
          r.getCell(column('IVR result')).value === answered.ivrResult,
      )!;
    expect(row.getCell(column('Amount')).value).toBe(Number(answered.amount));
    expect(answered.ivrResult).toBe('yes');
  });

  it('keeps the roll-up as a rebuild from the records computes it: each call once, each charge once', async () => {
    const rollup = new CallTaskRepo(s().app.platform.db).stats.rollup;
    const day = today();
    const kept = await rollup.rowsOf(day, day);
    expect(kept.length).toBeGreaterThan(0);
    // Each record (one per attempt, the lost ones included) counted once.
    const counts = rowsOf<{ records: number }>(
      await s().app.platform.db.execute(sql`select count(*)::int as records from call_records`),
    )[0]!;
    const calls = kept.reduce((sum, r) => sum + Number(r.calls), 0);
    expect(calls).toBe(Number(counts.records));
    expectOk(
      await call('admin', 'POST', '/groupCallTask/stats/rebuild', { body: { dateFrom: day, dateTo: day } }),
    );
    expect(await rollup.rowsOf(day, day)).toEqual(kept);
  });

  it('keeps tasks and records to their company: others see nothing and can do nothing', async () => {
    const t = await addTask('customer', { numbers: ['+8613800006000'] });
    expectError(await call('customer2', 'GET', `/groupCallTask/details/${t.id}`), 404, 'NOT_FOUND');
    expectError(
      await call('customer2', 'POST', '/groupCallTask/submit', { body: { id: t.id } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call('customer2', 'DELETE', '/groupCallTask/delete', { query: { id: t.id } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call('customer2', 'GET', '/groupCallTask/numbers', { query: { id: t.id } }),
      404,
      'NOT_FOUND',
    );
    const theirs = expectOk(await call<Page<CallTask>>('customer2', 'GET', '/groupCallTask/list'));
    expect(theirs.records.some((r) => r.companyId !== TWO_WAY)).toBe(false);
    expectError(
      await call('customer2', 'GET', '/groupCallTask/records', { query: { companyId: DIRECT } }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectError(
      await call('customer2', 'POST', '/groupCallTask/add', {
        body: { ...task, companyId: DIRECT, numbers: ['+8613800006001'] },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    // What a task names is its company's own: another company's flow, caller group or caller IDs
    // are refused when it is saved (both languages), and a trunk or route is staff's to choose.
    const refused = (body: Record<string, unknown>, locale = EN) =>
      call('customer2', 'POST', '/groupCallTask/add', {
        body: { ...task, ivrFlowId: flows.customer2, numbers: ['+8613800006002'], ...body },
        locale,
      });
    for (const locale of [EN, ZH]) {
      expectError(await refused({ ivrFlowId: flows.customer }, locale), 400, 'CALL_TASK_FLOW_UNKNOWN', {
        locale,
      });
    }
    const directCallers = expectOk(
      await call<Page<{ number: string }>>('customer', 'GET', '/caller/list', { query: { pageSize: '10' } }),
    );
    const directGroups = expectOk(
      await call<Page<{ id: string }>>('customer', 'GET', '/callerGroup/list', { query: { pageSize: '10' } }),
    );
    expect(directCallers.records.length).toBeGreaterThan(0);
    expect(directGroups.records.length).toBeGreaterThan(0);
    expectError(
      await refused({ callerIds: [directCallers.records[0]!.number] }),
      400,
      'CALL_TASK_CALLERS_UNKNOWN',
    );
    expectError(
      await refused({ callerGroupId: directGroups.records[0]!.id }),
      400,
      'CALL_TASK_CALLERS_UNKNOWN',
    );
    expectError(
      await refused({ trunkId: '00000000-0000-4000-8000-000000000001' }),
      403,
      'CALL_TASK_TRUNK_STAFF_ONLY',
    );
    // A reseller sees its customer's tasks; the customer's own stays out of its siblings' reach.
    const agents = expectOk(
      await call<Page<CallTask>>('agent', 'GET', '/groupCallTask/list', { query: { pageSize: '100' } }),
    );
    expect(agents.records.length).toBeGreaterThan(0);
    expect(agents.records.every((r) => r.companyId === AGENCY_CLIENT || r.companyId === ACME)).toBe(true);
    const all = expectOk(
      await call<Page<CallTask>>('admin', 'GET', '/groupCallTask/list', { query: { pageSize: '100' } }),
    );
    expect(all.records.some((r) => r.id === t.id)).toBe(true);
    await expect(
      call('admin', 'DELETE', '/groupCallTask/delete', { query: { id: t.id } }),
    ).resolves.toMatchObject({ status: 200 });
  });
});

describe('the worker', () => {
  it('runs a task to the end by itself as a module worker, beside another engine', async () => {
    await s().app.startWorkers({ only: ['callTask'], jobs: false });
    at('09:05');
    const numbers = ['+8613800007000', '+8613800007001', '+8613800007006', '+8613800007003'];
    const t = await addTask('customer', { numbers, callRatio: 2 });
    await act('customer', 'submit', t.id);
    const done = await eventually(async () => {
      const d = await details('customer', t.id);
      expect(d.state).toBe('success');
      return d;
    });
    expect(done.counts).toMatchObject({ done: 4, answered: 2, busy: 1, rejected: 1 });
    for (const n of numbers) expect(dialer.count(n.slice(1))).toBe(1);
  });
});

describe('live progress', () => {
  it('pushes a task’s state and counts over the websocket to its maker, never to another company', async () => {
    const open = (user: string) =>
      new Promise<{ socket: WebSocket; messages: SocketMessage[] }>((resolve, reject) => {
        const socket = new WebSocket(`${s().baseUrl.replace('http', 'ws')}/websocket/${userId(user)}`, [
          'switchboard',
          tokens[user]!,
        ]);
        const messages: SocketMessage[] = [];
        socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as SocketMessage));
        socket.on('open', () => resolve({ socket, messages }));
        socket.on('error', reject);
      });
    const mine = await open('customer');
    const other = await open('customer2');
    try {
      const t = await addTask('customer', { numbers: ['+8613800008000', '+8613800008001'] });
      at('09:00');
      await act('customer', 'submit', t.id);
      await tickUntil('customer', t.id, 'success');
      const progress = () =>
        mine.messages
          .filter((m) => m.cmd === 'topic' && m.msgId === CALL_TASK_PROGRESS_MESSAGE)
          .map((m) => JSON.parse((m as { msgTxt: string }).msgTxt) as CallTaskProgress)
          .filter((p) => p.id === t.id);
      const last = await eventually(async () => {
        const found = progress().find((p) => p.state === 'success');
        expect(found).toBeDefined();
        return found!;
      });
      expect(last.counts).toMatchObject({ total: 2, done: 2, answered: 1, busy: 1 });
      expect(other.messages.some((m) => m.cmd === 'topic' && m.msgId === CALL_TASK_PROGRESS_MESSAGE)).toBe(
        false,
      );
    } finally {
      mine.socket.close();
      other.socket.close();
    }
  });
});
