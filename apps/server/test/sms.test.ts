import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_PREFIX,
  formatMoney,
  type Page,
  parseMoney,
  type SmsBatchRow,
  type SmsCallbackRow,
  type SmsMessageRow,
  type SmsNumberImport,
  type SmsPreview,
  type SmsSendResult,
  units,
  XLSX_MIME,
} from '@switchboard/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Priced } from '../src/modules/rate';
import { parseNumber } from '../src/modules/rate/resolve';
import type { AcceptWriter } from '../src/modules/sms';
import { companies, ledgerEntries, smsBatches, smsMessageParts, smsMessages } from '../src/schema';
import type { TestServer } from './harness';
import { companyId, EN, eventually, expectError, expectOk, text, ZH } from './support/api';
import { smsSuite } from './support/sms-suite';

const DIRECT = companyId('Direct Retail Ltd');
const TWO_WAY = companyId('Two-Way Logistics');
const ACME = companyId('Acme Agency');
const NORTHWIND = companyId('Northwind Distribution');
const AGENCY_CLIENT = companyId('Agency Client Co');
const CN = '8613800138000';
const CN2 = '8613900139000';
const GB = '447812345678';
const BR = '5511987654321';
const LONG = 'x'.repeat(200); // two GSM-7 parts

let s: TestServer;
const suite = smsSuite('SMS test');
const { gateways, groups, tokens, call, db, messageOf, statusOf } = suite;
const freshCompany = suite.freshCompany;

const sms = () => s.app.services.sms;
const balance = async (id: string) => (await s.app.services.ledger.balanceOf(id)).balance;
const commission = async (id: string) => (await s.app.services.ledger.balanceOf(id)).commission;

async function messagesOf(batchId: string) {
  return db().select().from(smsMessages).where(eq(smsMessages.batchId, batchId));
}

/** The ledger entries of a company under keys starting with `prefix`, in the order written. */
async function entries(company: string, keyPrefix: string) {
  return db()
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.companyId, company), like(ledgerEntries.idempotencyKey, `${keyPrefix}%`)))
    .orderBy(ledgerEntries.id);
}

const accept = (
  companyId: string,
  numbers: string[],
  options: Partial<Parameters<ReturnType<typeof sms>['accept']>[0]> = {},
) =>
  sms().accept({
    companyId,
    userId: null,
    kind: 'marketing',
    source: 'api',
    recipients: numbers.map((number) => ({ number })),
    text: 'Hello from the tests',
    ...options,
  });

beforeAll(async () => {
  s = await suite.start(
    {
      CALLBACK_ALLOW_PRIVATE: '1',
      SMS_POLL_MS: '20',
      SMS_SWEEP_MS: '100',
      SMS_CALLBACK_RETRY_MS: '50',
    },
    ['admin', 'sales', 'distributor', 'agent', 'customer', 'customer2', 'agentcustomer'],
  );
  // The demo customers send from the console with money of their own.
  for (const id of [DIRECT, TWO_WAY, AGENCY_CLIENT]) {
    await s.app.services.ledger.credit(id, 'topup', units(100), `sms-test-topup-${id}`);
  }
});
afterAll(() => s?.close());

describe('acceptance', () => {
  it('sends from the console: invalid, repeated and unroutable numbers reported per recipient, the rest charged as one ledger entry', async () => {
    const before = await balance(DIRECT);
    const result = expectOk(
      await call<SmsSendResult>('customer', 'POST', '/sms/marketing/send', {
        body: {
          recipients: [
            { number: `+${CN}`, vars: { name: 'Ann' } },
            { number: '12' },
            { number: CN },
            { number: BR },
            { number: GB, vars: { name: 'Bo' } },
          ],
          text: 'Hi {name}',
        },
      }),
    );
    expect(result.accepted).toBe(2);
    expect(result.problems).toEqual([
      { index: 1, number: '12', reason: 'NUMBER_INVALID' },
      { index: 2, number: CN, reason: 'NUMBER_DUPLICATE' },
      { index: 3, number: BR, reason: 'NO_ROUTE' },
    ]);
    const rows = await messagesOf(result.batchId);
    // The repeated number is not stored; the invalid and unroutable ones are, final and free.
    expect(rows.map((r) => [r.toNumber, r.status, r.errorCode, r.price]).sort()).toEqual(
      [
        ['12', 'invalid_number', 'NUMBER_INVALID', 0n],
        [BR, 'failed', 'NO_ROUTE', 0n],
        [CN, expect.any(String), null, parseMoney('0.045')!],
        [GB, expect.any(String), null, parseMoney('0.038')!],
      ].sort(),
    );
    expect(rows.find((r) => r.toNumber === CN)!.text).toBe('Hi Ann');
    expect(rows.find((r) => r.toNumber === GB)!.text).toBe('Hi Bo');
    expect(parseMoney(String(result.amount))).toBe(parseMoney('0.083')!);
    // One entry for the batch: the charged messages' total, what they were priced each; none
    // per message.
    const [entry, ...more] = await entries(DIRECT, `sms-batch:${result.batchId}`);
    expect(more).toEqual([]);
    // The note is a code with its parameters, written in the reader's language when shown.
    expect([entry!.kind, entry!.amount, entry!.reference, entry!.noteCode, entry!.noteParams]).toEqual([
      'charge',
      -parseMoney('0.083')!,
      `sms-batch:${result.batchId}`,
      'sms_batch',
      { kind: 'marketing', count: 2 },
    ]);
    for (const r of rows) expect(await entries(DIRECT, r.id)).toEqual([]);
    expect(before - (await balance(DIRECT))).toBe(parseMoney('0.083')!);
  });

  it('answers per message through the service (the HTTP API and SMPP use it): ids, parts, prices, statuses', async () => {
    const company = await freshCompany(null, 'Standard SMS', units(1));
    const r = await accept(company, [CN, 'nonsense', CN], { text: LONG });
    expect(r.messages.map((m) => [m.index, m.status, m.reason, m.parts, m.id === null])).toEqual([
      [0, 'accepted', null, 2, false],
      [1, 'invalid_number', 'NUMBER_INVALID', 2, false],
      [2, 'failed', 'NUMBER_DUPLICATE', 2, true],
    ]);
    expect(r.messages[0]!.price).toBe(parseMoney('0.09')!);
    expect(r.amount).toBe(parseMoney('0.09')!);
  });

  it('arrears: what the balance cannot cover is refused with nothing charged, the rest goes', async () => {
    const company = await freshCompany(null, 'Standard SMS', parseMoney('0.05')!);
    const r = await accept(company, [CN, CN2, GB]);
    expect(r.messages.map((m) => m.status)).toEqual(['accepted', 'arrears', 'arrears']);
    expect(r.messages.map((m) => m.reason)).toEqual([null, 'BALANCE_INSUFFICIENT', 'BALANCE_INSUFFICIENT']);
    expect(await balance(company)).toBe(parseMoney('0.005')!);
    // The batch keeps what was charged, not what its prices added up to.
    const [batch] = await db().select().from(smsBatches).where(eq(smsBatches.id, r.batchId));
    expect(batch!.amount).toBe(r.amount);
    expect(r.amount).toBe(parseMoney('0.045')!);
    const rows = await messagesOf(r.batchId);
    for (const m of rows.filter((row) => row.status === 'arrears')) expect(m.price).toBe(0n);
    // The batch's entry holds only the covered message.
    expect((await entries(company, `sms-batch:${r.batchId}`)).map((e) => [e.amount, e.noteParams])).toEqual([
      [-parseMoney('0.045')!, { kind: 'marketing', count: 1 }],
    ]);
  });

  it('a reseller’s customer: each message is charged the price and commissions acceptance gave it, even when the rates changed before the charge', async () => {
    // A group of the customer's own (a copy of Acme's), so changing its prices touches no other test.
    const name = `Charged as accepted ${randomUUID().slice(0, 8)}`;
    const copy = expectOk(
      await call<{ id: string }>('agent', 'POST', '/sys/feerateGroup/copy', {
        body: { id: groups.get('Acme customers SMS'), name },
      }),
    );
    groups.set(name, copy.id);
    const customer = await freshCompany(ACME, name, units(1));
    const [acme0, nw0] = [await commission(ACME), await commission(NORTHWIND)];
    const pricing = s.app.services.rates.pricing;
    const original = pricing.forCompany.bind(pricing);
    // Acceptance prices the numbers once; then, before the charge, the customer's rates go up by
    // half (committed: every cache of them is dropped). The charge must take the prices given.
    const shown = new Map<string, Priced>();
    let reads = 0;
    pricing.forCompany = async (...args) => {
      const real = await original(...args);
      reads++;
      expectOk(
        await call('agent', 'PUT', '/sys/feerate/batchEdit', {
          body: { groupId: copy.id, mode: 'percent', percent: '50' },
        }),
      );
      return {
        price: (number, parts) => {
          const p = real.price(number, parts);
          shown.set(number.digits, p);
          return p;
        },
      };
    };
    let r: Awaited<ReturnType<typeof accept>>;
    try {
      r = await accept(customer, [CN, GB]);
    } finally {
      pricing.forCompany = original;
    }
    expect(reads).toBe(1);
    const now = await original(customer, 'marketing');
    expect(r.messages.map((m) => m.status)).toEqual(['accepted', 'accepted']);
    const rows = await messagesOf(r.batchId);
    const earned = new Map([
      [ACME, 0n],
      [NORTHWIND, 0n],
    ]);
    let total = 0n;
    for (const row of rows) {
      const m = r.messages.find((x) => x.id === row.id)!;
      const accepted = shown.get(row.toNumber)!;
      // The rates did move: priced now, the message would cost more and earn Acme more.
      const repriced = now.price(parseNumber(row.toNumber)!, row.parts);
      expect(repriced.amount).toBeGreaterThan(accepted.amount);
      // Stored and charged as accepted.
      expect(row.price).toBe(accepted.amount);
      expect(m.price).toBe(accepted.amount);
      expect(row.commissions).toEqual(
        accepted.commissions.map((c) => ({ companyId: c.companyId, amount: formatMoney(c.amount) })),
      );
      total += accepted.amount;
      for (const c of accepted.commissions) earned.set(c.companyId, earned.get(c.companyId)! + c.amount);
    }
    expect([...earned.values()].every((x) => x > 0n)).toBe(true);
    expect(r.amount).toBe(total);
    expect((await entries(customer, `sms-batch:${r.batchId}`)).map((e) => e.amount)).toEqual([-total]);
    expect(await balance(customer)).toBe(units(1) - total);
    expect((await commission(ACME)) - acme0).toBe(earned.get(ACME));
    expect((await commission(NORTHWIND)) - nw0).toBe(earned.get(NORTHWIND));
    // The reseller's one commission entry for the batch says the same.
    const [entry] = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.companyId, ACME), eq(ledgerEntries.reference, `sms-batch:${r.batchId}`)));
    expect(entry!.amount).toBe(earned.get(ACME));
  });

  it('a failure after the messages are written but before the charge commits leaves nothing: no batch, no message, no charge', async () => {
    const company = await freshCompany(null, 'Standard SMS', units(1));
    const charging = s.app.services.rates.charging;
    const original = charging.post.bind(charging);
    // Fault injection: the charge of this company is cut off after the ledger wrote it (as a
    // crash or a lost connection would), inside acceptance's transaction.
    charging.post = async (groups, options) => {
      const outcomes = await original(groups, options);
      if (groups.some((g) => g.companyId === company)) throw new Error('connection lost');
      return outcomes;
    };
    try {
      await expect(accept(company, [CN, GB])).rejects.toThrow('connection lost');
    } finally {
      charging.post = original;
    }
    expect(await db().select().from(smsMessages).where(eq(smsMessages.companyId, company))).toEqual([]);
    expect(await balance(company)).toBe(units(1));
    expect(await entries(company, '')).toHaveLength(1); // the top-up only
    // The same send again goes through whole.
    const r = await accept(company, [CN, GB]);
    expect(r.messages.map((m) => m.status)).toEqual(['accepted', 'accepted']);
    expect(await entries(company, '')).toHaveLength(2); // the top-up and the batch
  });

  it('acceptances made at once (grouped into shared transactions) each get their own outcome, charged once', async () => {
    const poor = await freshCompany(null, 'Standard SMS', parseMoney('0.10')!); // two messages' worth
    const rich = await freshCompany(null, 'Standard SMS', units(1));
    const third = await freshCompany(null, 'Standard SMS', units(1));
    const written: string[] = [];
    // A caller's rows in the same transaction; one caller's write fails.
    const writer: AcceptWriter<string> = {
      async write(list) {
        if (list.some((x) => x.data === 'bad')) throw new Error('writer failed');
        written.push(...list.map((x) => x.data));
      },
    };
    const number = (i: number) => `86138${String(i).padStart(8, '0')}`;
    const one = (company: string, i: number, data?: string) =>
      sms().accept(
        {
          companyId: company,
          userId: null,
          kind: 'marketing',
          source: 'api',
          recipients: [{ number: number(i) }],
          text: 'Hello from the tests',
        },
        data === undefined ? undefined : writer,
        data,
      );
    const results = await Promise.allSettled([
      ...Array.from({ length: 10 }, (_, i) => one(poor, i)),
      ...Array.from({ length: 10 }, (_, i) => one(rich, i)),
      ...Array.from({ length: 10 }, (_, i) => one(third, i, i === 4 ? 'bad' : `ok${i}`)),
    ]);
    const fulfilled = results.map((r) =>
      r.status === 'fulfilled' ? r.value.messages[0]!.status : 'rejected',
    );
    expect(fulfilled.slice(0, 10).filter((st) => st === 'accepted')).toHaveLength(2);
    expect(fulfilled.slice(0, 10).filter((st) => st === 'arrears')).toHaveLength(8);
    expect(fulfilled.slice(10, 20)).toEqual(Array(10).fill('accepted'));
    expect(fulfilled.slice(20)).toEqual([
      ...Array(4).fill('accepted'),
      'rejected',
      ...Array(5).fill('accepted'),
    ]);
    expect((results[24] as PromiseRejectedResult).reason).toEqual(new Error('writer failed'));
    expect(written.sort()).toEqual(['ok0', 'ok1', 'ok2', 'ok3', 'ok5', 'ok6', 'ok7', 'ok8', 'ok9']);
    // The failed one left nothing; every message answered accepted was charged in its batch's
    // one entry, the others in none (what they answered, not their status now: the dispatcher
    // moves them on).
    const thirdRows = await db().select().from(smsMessages).where(eq(smsMessages.companyId, third));
    expect(thirdRows.map((m) => m.toNumber).sort()).toEqual([0, 1, 2, 3, 5, 6, 7, 8, 9].map(number));
    const companyOf = (i: number) => (i < 10 ? poor : i < 20 ? rich : third);
    for (const [i, r] of results.entries()) {
      if (r.status !== 'fulfilled') continue;
      const m = r.value.messages[0]!;
      const charged = await entries(companyOf(i), `sms-batch:${r.value.batchId}`);
      expect(charged.map((e) => e.amount)).toEqual(m.status === 'accepted' ? [-m.price] : []);
    }
    expect(await balance(poor)).toBe(parseMoney('0.01')!);
    expect(await balance(rich)).toBe(units(1) - 10n * parseMoney('0.045')!);
    expect(await balance(third)).toBe(units(1) - 9n * parseMoney('0.045')!);
    const reconciled = await s.app.services.ledger.reconcile();
    expect(reconciled.differences).toEqual([]);
  });

  it('no rate: failed with the reason, never charged', async () => {
    // A company without an SMS rate group.
    const [row] = await db()
      .insert(companies)
      .values({ name: `No rates ${randomUUID().slice(0, 8)}`, type: 'direct', approvalStatus: 'approved' })
      .returning({ id: companies.id });
    const r = await accept(row!.id, [CN]);
    expect(r.messages[0]).toMatchObject({ status: 'failed', reason: 'RATE_NOT_FOUND', price: 0n });
  });

  it('refuses a schedule in the past, in both languages', async () => {
    const body = {
      recipients: [{ number: CN }],
      text: 'later',
      scheduledAt: new Date(Date.now() - 60_000).toISOString(),
    };
    for (const locale of [EN, ZH]) {
      expectError(
        await call('customer', 'POST', '/sms/marketing/send', { body, locale }),
        400,
        'SCHEDULE_IN_PAST',
        {
          locale,
        },
      );
      expectError(
        await call('customer', 'POST', '/sms/marketing/preview', { body, locale }),
        400,
        'SCHEDULE_IN_PAST',
        {
          locale,
        },
      );
    }
    expect(text('SCHEDULE_IN_PAST', ZH)).not.toBe(text('SCHEDULE_IN_PAST', EN));
  });

  it('refuses a bad sender id and an empty text, naming the field in both languages', async () => {
    for (const locale of [EN, ZH]) {
      const res = await call('customer', 'POST', '/sms/otpReguler/send', {
        body: { recipients: [{ number: CN }], text: 'x', sender: 'bad sender!' },
        locale,
      });
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('VALIDATION_FAILED');
      expect(res.body.errors?.[0]?.field).toBe('sender');
      const empty = await call('customer', 'POST', '/sms/otpReguler/send', {
        body: { recipients: [], text: '' },
        locale,
      });
      expect(empty.status).toBe(400);
    }
  });

  it('a user without a company cannot send', async () => {
    expectError(
      await call('sales', 'POST', '/sms/notify/send', { body: { recipients: [{ number: CN }], text: 'x' } }),
      400,
      'SMS_NO_COMPANY',
    );
  });

  it('previews counts, problems, parts and cost, and whether the balance covers it', async () => {
    const p = expectOk(
      await call<SmsPreview>('customer', 'POST', '/sms/marketing/preview', {
        body: { recipients: [{ number: CN }, { number: GB }, { number: 'x' }, { number: BR }], text: LONG },
      }),
    );
    expect(p).toMatchObject({ total: 4, valid: 2, parts: 4, encoding: 'gsm7', covered: true });
    expect(parseMoney(String(p.amount))).toBe(parseMoney('0.166')!);
    expect(p.problems.map((x) => x.reason)).toEqual(['NUMBER_INVALID', 'NO_ROUTE']);
    const poor = await freshCompany(null, 'Standard SMS', 0n);
    const preview = await sms().sends.preview(
      { user: { companyId: poor, id: randomUUID() }, roles: ['customer'] } as never,
      'marketing',
      { recipients: [{ number: CN }], text: '你好' },
    );
    expect(preview).toMatchObject({ valid: 1, encoding: 'ucs2', covered: false });
  });

  it('imports numbers from txt and csv files; .xls and other types are refused', async () => {
    const upload = async (filename: string, content: string, locale = EN) => {
      const form = new FormData();
      form.append('file', new Blob([content]), filename);
      const res = await fetch(`${s.baseUrl}${API_PREFIX}/sms/marketing/importNumbers`, {
        method: 'POST',
        headers: { 'X-Access-Token': tokens.customer!, 'X-Locale': locale },
        body: form,
      });
      return {
        status: res.status,
        body: (await res.json()) as { result: SmsNumberImport; errorCode?: string; message: string },
      };
    };
    const txt = await upload('numbers.txt', `+${CN}\n12\n${GB}\n${CN}\n`);
    expect(txt.status).toBe(200);
    expect(txt.body.result.recipients).toEqual([{ number: CN }, { number: GB }]);
    expect(txt.body.result.problems.map((p) => [p.row, p.reason])).toEqual([
      [2, 'NUMBER_INVALID'],
      [4, 'NUMBER_DUPLICATE'],
    ]);
    const csv = await upload('numbers.csv', `number,name\n${CN},Ann\n${GB},Bo\n`);
    expect(csv.body.result.columns).toEqual(['name']);
    expect(csv.body.result.recipients[1]).toEqual({ number: GB, vars: { name: 'Bo' } });
    for (const locale of [EN, ZH]) {
      const xls = await upload('numbers.xls', 'x', locale);
      expect(xls.status).toBe(400);
      expect(xls.body.errorCode).toBe('IMPORT_XLS_UNSUPPORTED');
      expect(xls.body.message).toBe(text('IMPORT_XLS_UNSUPPORTED', locale));
      const pdf = await upload('numbers.pdf', 'x', locale);
      expect(pdf.body.errorCode).toBe('IMPORT_FILE_TYPE');
    }
  });
});

describe('scheduled sends', () => {
  it('are charged at acceptance, refunded once when cancelled before they start, and cannot be cancelled twice', async () => {
    const before = await balance(DIRECT);
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const result = expectOk(
      await call<SmsSendResult>('customer', 'POST', '/sms/notify/send', {
        body: { recipients: [{ number: CN }, { number: GB }], text: 'Your parcel', scheduledAt },
      }),
    );
    expect(result.scheduledAt).toBe(scheduledAt);
    const charged = parseMoney(String(result.amount))!;
    expect(charged).toBe(parseMoney('0.075')!);
    expect(before - (await balance(DIRECT))).toBe(charged);
    const outbox = expectOk(
      await call<Page<SmsBatchRow>>('customer', 'GET', '/sms/notify/batchList', {
        query: { pageSize: '50' },
      }),
    );
    expect(outbox.records.find((b) => b.id === result.batchId)).toMatchObject({
      state: 'scheduled',
      total: 2,
      counts: { accepted: 2 },
    });
    // Another customer cannot cancel it (it does not exist for them).
    expectError(
      await call('customer2', 'POST', '/sms/notify/cancel', { query: { id: result.batchId } }),
      404,
      'NOT_FOUND',
    );
    expect(
      expectOk(
        await call<{ cancelled: number }>('customer', 'POST', '/sms/notify/cancel', {
          query: { id: result.batchId },
        }),
      ),
    ).toEqual({ cancelled: 2 });
    expect(await balance(DIRECT)).toBe(before);
    for (const m of await messagesOf(result.batchId)) {
      expect(m).toMatchObject({ status: 'failed', errorCode: 'CANCELLED' });
      expect(await entries(DIRECT, `${m.id}:refund`)).toHaveLength(1);
    }
    for (const locale of [EN, ZH]) {
      expectError(
        await call('customer', 'POST', '/sms/notify/cancel', { query: { id: result.batchId }, locale }),
        409,
        'SMS_BATCH_NOT_CANCELLABLE',
        { locale },
      );
    }
    expect(await balance(DIRECT)).toBe(before);
    const after = expectOk(
      await call<Page<SmsBatchRow>>('customer', 'GET', '/sms/notify/batchList', {
        query: { state: 'cancelled' },
      }),
    );
    expect(after.records.map((b) => b.id)).toContain(result.batchId);
  });

  it('a batch of another kind is not found under this kind', async () => {
    const r = await accept(DIRECT, [CN], {
      scheduledAt: new Date(Date.now() + 3_600_000),
      source: 'console',
    });
    expectError(
      await call('customer', 'POST', '/sms/otpReguler/cancel', { query: { id: r.batchId } }),
      404,
      'NOT_FOUND',
    );
    expectOk(await call('customer', 'POST', '/sms/marketing/cancel', { query: { id: r.batchId } }));
  });
});

describe('dispatch and receipts', () => {
  it('submits to the route’s first gateway, stores the upstream ids, and a receipt makes it delivered', async () => {
    const r = await accept(DIRECT, [CN], { kind: 'otp', text: 'Code 1234' });
    const id = r.messages[0]!.id!;
    const sent = await statusOf(id, 'sent');
    expect(sent.gatewayId).toBe(gateways.ids.a);
    expect(sent.sentAt).not.toBeNull();
    const [submit] = gateways.submitsOf(id);
    expect(submit!.sms).toMatchObject({ messageId: id, to: CN, text: 'Code 1234', registeredDelivery: true });
    const upstream = submit!.outcome.ok ? submit!.outcome.upstreamIds : [];
    await gateways.receipt(gateways.ids.a, upstream[0]!, 'delivered');
    const done = await statusOf(id, 'delivered');
    expect(done.doneAt).not.toBeNull();
    // A repeated receipt, or a later different one, changes nothing: final is final.
    await gateways.receipt(gateways.ids.a, upstream[0]!, 'undeliverable', '001');
    expect((await messageOf(id)).status).toBe('delivered');
    expect(gateways.submitsOf(id)).toHaveLength(1);
  });

  it('a receipt whose done date is to the minute (before the submit) makes the message done no earlier than it was sent', async () => {
    const r = await accept(DIRECT, [CN], { text: 'minute receipt' });
    const id = r.messages[0]!.id!;
    const sent = await statusOf(id, 'sent');
    const o = gateways.submitsOf(id)[0]!.outcome;
    // YYMMDDhhmm: the start of the minute, up to 59 s before the submit.
    const minute = new Date(Math.floor(sent.sentAt!.getTime() / 60_000) * 60_000 - 1);
    await gateways.receipt(gateways.ids.a, o.ok ? o.upstreamIds[0]! : '', 'delivered', null, minute);
    const done = await statusOf(id, 'delivered');
    expect(done.doneAt!.getTime()).toBeGreaterThanOrEqual(done.createdAt.getTime());
    expect(done.doneAt!.getTime()).toBeGreaterThanOrEqual(sent.sentAt!.getTime());
  });

  it('a multipart message is final when every part has its receipt: delivered only if all were, else the worst', async () => {
    const r = await accept(DIRECT, [CN, GB], { text: LONG });
    const [a, b] = [r.messages[0]!.id!, r.messages[1]!.id!];
    await statusOf(a, 'sent');
    await statusOf(b, 'sent');
    const idsOf = (id: string) => {
      const o = gateways.submitsOf(id)[0]!.outcome;
      return o.ok ? o.upstreamIds : [];
    };
    expect(idsOf(a)).toHaveLength(2);
    await gateways.receipt(gateways.ids.a, idsOf(a)[0]!, 'delivered');
    expect((await messageOf(a)).status).toBe('sent');
    await gateways.receipt(gateways.ids.a, idsOf(a)[1]!, 'delivered');
    await statusOf(a, 'delivered');
    await gateways.receipt(gateways.ids.a, idsOf(b)[1]!, 'expired', '027');
    await gateways.receipt(gateways.ids.a, idsOf(b)[0]!, 'delivered');
    const worst = await statusOf(b, 'expired');
    expect(worst.errorCode).toBe('027');
  });

  it('premium OTP goes through its premium route only', async () => {
    const r = await accept(DIRECT, [GB], { kind: 'premium_otp', text: 'Premium 9' });
    const m = await statusOf(r.messages[0]!.id!, 'sent');
    expect(m.gatewayId).toBe(gateways.ids.premium);
    expect(m.routeName).toBe('premium route');
  });

  it('fails over to the next gateway on a non-retryable error; retries later on a retryable one', async () => {
    gateways.behaviour = (sms, gatewayId) => {
      if (sms.text === 'failover' && gatewayId === gateways.ids.a) {
        return { ok: false, retryable: false, errorCode: 'ESME_RINVDSTADR', commandStatus: 11 };
      }
      if (
        sms.text === 'retry' &&
        gateways.submits.filter((x) => x.sms.messageId === sms.messageId).length === 0
      ) {
        return { ok: false, retryable: true, errorCode: 'ESME_RTHROTTLED', commandStatus: 88 };
      }
      return undefined;
    };
    try {
      const f = await accept(DIRECT, [CN], { text: 'failover' });
      const over = await statusOf(f.messages[0]!.id!, 'sent');
      expect(over.gatewayId).toBe(gateways.ids.b);
      expect(gateways.submitsOf(over.id).map((x) => x.gatewayId)).toEqual([gateways.ids.a, gateways.ids.b]);

      const t = await accept(DIRECT, [CN], { text: 'retry' });
      const retried = await statusOf(t.messages[0]!.id!, 'sent');
      expect(retried.attempts).toBe(2);
      expect(gateways.submitsOf(retried.id).map((x) => x.outcome.ok)).toEqual([false, true]);
    } finally {
      gateways.behaviour = () => undefined;
    }
  });

  it('no gateway takes it: failed and refunded exactly once, the resellers’ commissions taken back', async () => {
    const customer = await freshCompany(ACME, 'Acme customers SMS', units(1));
    const [acme0, nw0] = [await commission(ACME), await commission(NORTHWIND)];
    gateways.behaviour = (sms) =>
      sms.text === 'refused everywhere'
        ? { ok: false, retryable: false, errorCode: 'ESME_RSUBMITFAIL', commandStatus: 69 }
        : undefined;
    // No gateway ready until the charge is checked: a quick dispatcher would refund it first.
    gateways.setReady([]);
    try {
      const r = await accept(customer, [CN], { text: 'refused everywhere' });
      const id = r.messages[0]!.id!;
      // The message keeps what each reseller earned on it (the ledger has it per batch).
      const [stored] = await db().select().from(smsMessages).where(eq(smsMessages.id, id));
      const earned = (stored!.commissions ?? []).map((c) => ({ ...c, amount: parseMoney(c.amount)! }));
      try {
        expect(await balance(customer)).toBe(units(1) - r.amount);
        expect(await commission(ACME)).toBeGreaterThan(acme0);
        expect(earned.map((c) => c.companyId).sort()).toEqual([ACME, NORTHWIND].sort());
        expect(earned.find((c) => c.companyId === ACME)!.amount).toBe((await commission(ACME)) - acme0);
        expect(earned.find((c) => c.companyId === NORTHWIND)!.amount).toBe(
          (await commission(NORTHWIND)) - nw0,
        );
      } finally {
        gateways.setReady(Object.values(gateways.ids));
      }
      const failed = await statusOf(id, 'failed');
      expect(failed.errorCode).toBe('ESME_RSUBMITFAIL');
      expect(gateways.submitsOf(id)).toHaveLength(2);
      expect(await balance(customer)).toBe(units(1));
      expect(await entries(customer, `${id}:refund`)).toHaveLength(1);
      for (const reseller of [ACME, NORTHWIND]) {
        expect((await entries(reseller, `${id}:refund`)).map((e) => e.kind)).toEqual(['adjustment']);
      }
      expect(await commission(ACME)).toBe(acme0);
      expect(await commission(NORTHWIND)).toBe(nw0);
      // Refunding again (a second worker, a replay) changes nothing.
      await sms().refunds.refund([
        {
          ...r.messages[0]!,
          id,
          companyId: customer,
          createdAt: failed.createdAt,
          clientRef: null,
          status: 'failed',
          errorCode: 'x',
          doneAt: new Date(),
          source: 'api',
          price: r.amount,
          commissions: earned,
        },
      ] as never);
      expect(await balance(customer)).toBe(units(1));
      expect(await entries(customer, `${id}:refund`)).toHaveLength(1);
      expect((await s.app.services.ledger.reconcile()).differences).toEqual([]);
    } finally {
      gateways.behaviour = () => undefined;
    }
  });

  it('waiting past validity with no gateway ready: failed (SMS_NO_GATEWAY) and refunded', async () => {
    const company = await freshCompany(null, 'Standard SMS', units(1));
    gateways.setReady([]);
    try {
      const r = await accept(company, [GB], { text: 'nobody home' });
      const id = r.messages[0]!.id!;
      expect(await balance(company)).toBe(units(1) - r.amount);
      await db()
        .update(smsMessages)
        .set({ validUntil: new Date(Date.now() - 1_000) })
        .where(eq(smsMessages.id, id));
      const m = await statusOf(id, 'failed');
      expect(m.errorCode).toBe('SMS_NO_GATEWAY');
      expect(await balance(company)).toBe(units(1));
      expect(gateways.submitsOf(id)).toHaveLength(0);
    } finally {
      gateways.setReady(Object.values(gateways.ids));
    }
  });

  it('OTP and premium OTP are claimed ahead of bulk', async () => {
    gateways.setReady([]);
    try {
      const bulk = await accept(DIRECT, [CN, GB], { kind: 'marketing', text: 'bulk' });
      const notify = await accept(DIRECT, [CN], { kind: 'notification', text: 'notice' });
      const otp = await accept(DIRECT, [GB], { kind: 'otp', text: 'otp' });
      const premium = await accept(DIRECT, [CN], { kind: 'premium_otp', text: 'premium' });
      const claimed = await sms().dispatch.claim(1_000, 60_000);
      const order = claimed.map((m) => m.id);
      const pos = (r: typeof bulk) => order.indexOf(r.messages[0]!.id!);
      expect(pos(premium)).toBeLessThan(pos(otp));
      expect(pos(otp)).toBeLessThan(pos(notify));
      expect(pos(notify)).toBeLessThan(pos(bulk));
      // Claimed here (not by a dispatcher): settled as a dispatcher that answered would.
      await sms().dispatch.recordSubmits(
        claimed.map((m) => ({ kind: 'retry', message: m, nextAt: new Date(), errorCode: 'TEST' })),
      );
    } finally {
      gateways.setReady(Object.values(gateways.ids));
    }
  });

  it('sent without a receipt within validity: timeout (charged: it reached a gateway)', async () => {
    const r = await accept(DIRECT, [CN], { text: 'no receipt' });
    const id = r.messages[0]!.id!;
    await statusOf(id, 'sent');
    await db()
      .update(smsMessages)
      .set({ validUntil: new Date(Date.now() - 1_000) })
      .where(eq(smsMessages.id, id));
    const m = await statusOf(id, 'timeout');
    expect(m.errorCode).toBe('NO_RECEIPT');
    expect(await entries(DIRECT, `${id}:refund`)).toHaveLength(0);
  });

  it('claimed and never answered (a crash mid-submit): timeout SUBMIT_UNCONFIRMED, never submitted again', async () => {
    gateways.setReady([]);
    let id = '';
    try {
      const r = await accept(DIRECT, [GB], { text: 'crashed' });
      id = r.messages[0]!.id!;
      // As a dispatcher that died after claiming it leaves it.
      await db()
        .update(smsMessages)
        .set({ status: 'queued', queuedAt: new Date(Date.now() - 3_600_000) })
        .where(eq(smsMessages.id, id));
    } finally {
      gateways.setReady(Object.values(gateways.ids));
    }
    const m = await statusOf(id, 'timeout');
    expect(m.errorCode).toBe('SUBMIT_UNCONFIRMED');
    expect(gateways.submitsOf(id)).toHaveLength(0);
  });

  it('claimed and never written (a crash before its window had room): back in the queue after the lease, then sent once', async () => {
    gateways.setReady([]);
    let id = '';
    try {
      const r = await accept(DIRECT, [GB], { text: 'claimed, not written' });
      id = r.messages[0]!.id!;
      // As a dispatcher that died holding it unwritten leaves it: claimed, not marked, lease over.
      await db()
        .update(smsMessages)
        .set({ status: 'queued', queuedAt: null, nextAttemptAt: new Date(Date.now() - 1_000) })
        .where(eq(smsMessages.id, id));
    } finally {
      gateways.setReady(Object.values(gateways.ids));
    }
    await statusOf(id, 'sent');
    expect(gateways.submitsOf(id)).toHaveLength(1);
  });

  it('a write mark written again (its commit landed, its answer was lost) is its own claim’s; another claim’s is not', async () => {
    gateways.setReady([]);
    try {
      const id = (await accept(DIRECT, [GB], { text: 'mark written twice' })).messages[0]!.id!;
      const claimed = (await sms().dispatch.claim(1_000, 60_000)).find((m) => m.id === id)!;
      const mark = [{ ...claimed, gatewayId: gateways.ids.a, attempts: claimed.attempts }];
      expect([...(await sms().dispatch.markWriting(mark))]).toEqual([id]);
      // The same write again (a group commit's retry after a lost answer): still this claim's.
      expect([...(await sms().dispatch.markWriting(mark))]).toEqual([id]);
      // A claim made since (another attempt) or another gateway: not this one's, never submitted.
      expect([
        ...(await sms().dispatch.markWriting([{ ...mark[0]!, attempts: claimed.attempts + 1 }])),
      ]).toEqual([]);
      expect([...(await sms().dispatch.markWriting([{ ...mark[0]!, gatewayId: gateways.ids.b }]))]).toEqual(
        [],
      );
      // Settled here, as a dispatcher that answered would.
      await sms().dispatch.recordSubmits([
        { kind: 'retry', message: claimed, nextAt: new Date(), errorCode: 'TEST' },
      ]);
    } finally {
      gateways.setReady(Object.values(gateways.ids));
    }
  });

  it('a receipt that comes before the submit’s answer is stored is kept and applied', async () => {
    gateways.behaviour = async (sms, gatewayId) => {
      if (sms.text !== 'fast receipt') return undefined;
      const upstreamId = `early-${sms.messageId.slice(0, 8)}`;
      await gateways.receipt(gatewayId, upstreamId, 'delivered');
      return { ok: true as const, upstreamIds: [upstreamId] };
    };
    try {
      const r = await accept(DIRECT, [CN], { text: 'fast receipt' });
      await statusOf(r.messages[0]!.id!, 'delivered');
    } finally {
      gateways.behaviour = () => undefined;
    }
  });

  it('a write of submit answers or receipts that fails once (a deadlock, a lost connection) is written again: nothing is lost', async () => {
    const { queue, receipts: receiptRepo } = sms().repos;
    const { markSent } = queue;
    const { applyReceipts } = receiptRepo;
    let id = '';
    let upstreamId = '';
    let sentFailed = false;
    let receiptFailed = false;
    // Only this test's message and receipt fail (the dispatcher and the sweeps write others too).
    queue.markSent = async (rows) => {
      if (!sentFailed && rows.some((r) => r.id === id)) {
        sentFailed = true;
        throw new Error('deadlock detected');
      }
      return markSent.call(queue, rows);
    };
    receiptRepo.applyReceipts = async (receipts) => {
      if (!receiptFailed && receipts.some((r) => r.upstreamId === upstreamId)) {
        receiptFailed = true;
        throw new Error('connection lost');
      }
      return applyReceipts.call(receiptRepo, receipts);
    };
    try {
      // Held until the id is known, so the dispatcher cannot write its answer before.
      gateways.setReady([]);
      try {
        id = (await accept(DIRECT, [CN], { text: 'written again' })).messages[0]!.id!;
      } finally {
        gateways.setReady(Object.values(gateways.ids));
      }
      await statusOf(id, 'sent');
      expect(sentFailed).toBe(true);
      const o = gateways.submitsOf(id)[0]!.outcome;
      upstreamId = o.ok ? o.upstreamIds[0]! : '';
      // The receipt handler answers once the second write stored it (the SMSC is not told to resend).
      await gateways.receipt(gateways.ids.a, upstreamId, 'delivered');
      expect(receiptFailed).toBe(true);
      expect((await messageOf(id)).status).toBe('delivered');
      expect(gateways.submitsOf(id)).toHaveLength(1);
    } finally {
      queue.markSent = markSent;
      receiptRepo.applyReceipts = applyReceipts;
    }
  });

  it('an answer stored after the sweep gave up on its message adds no parts', async () => {
    gateways.setReady([]);
    try {
      const id = (await accept(DIRECT, [GB], { text: 'answered too late' })).messages[0]!.id!;
      const claimed = await sms().dispatch.claim(1_000, 60_000);
      const mine = claimed.find((m) => m.id === id)!;
      // As the sweep leaves a message whose answer did not come in time.
      await db().update(smsMessages).set({ status: 'timeout' }).where(eq(smsMessages.id, id));
      await sms().dispatch.recordSubmits(
        claimed.map((m) =>
          m === mine
            ? {
                kind: 'sent',
                message: m,
                gatewayId: gateways.ids.a,
                upstreamIds: ['too-late-1'],
                at: new Date(),
              }
            : { kind: 'retry', message: m, nextAt: new Date(), errorCode: 'TEST' },
        ),
      );
      expect(await db().select().from(smsMessageParts).where(eq(smsMessageParts.messageId, id))).toEqual([]);
      expect((await messageOf(id)).status).toBe('timeout');
    } finally {
      gateways.setReady(Object.values(gateways.ids));
    }
  });

  it('tells onFinal listeners once per final message', async () => {
    const heard: string[] = [];
    sms().onFinal((m) => heard.push(`${m.id}:${m.status}`));
    const r = await accept(DIRECT, [CN], { text: 'listen' });
    const id = r.messages[0]!.id!;
    await statusOf(id, 'sent');
    const o = gateways.submitsOf(id)[0]!.outcome;
    await gateways.receipt(gateways.ids.a, o.ok ? o.upstreamIds[0]! : '', 'rejected', '011');
    await eventually(async () => expect(heard).toContain(`${id}:rejected`));
    await gateways.receipt(gateways.ids.a, o.ok ? o.upstreamIds[0]! : '', 'delivered');
    expect(heard.filter((h) => h.startsWith(id))).toEqual([`${id}:rejected`]);
  });

  it('holds no more messages than twice what the bound gateway windows take at once, and writes no more than they take', async () => {
    // Windows of 5 in all: a dispatcher has at most 10 in hand, however many are due, and 5 submitted.
    gateways.windows = 5;
    let outstanding = 0;
    let most = 0;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    gateways.behaviour = async (sms) => {
      if (sms.text !== 'held') return undefined;
      outstanding++;
      most = Math.max(most, outstanding);
      await released;
      outstanding--;
      return undefined;
    };
    try {
      const numbers = Array.from({ length: 30 }, (_, i) => `86137${String(i).padStart(8, '0')}`);
      const r = await accept(DIRECT, numbers, { text: 'held' });
      await eventually(async () => expect(outstanding).toBe(5));
      await eventually(async () => {
        const rows = await messagesOf(r.batchId);
        expect(rows.filter((m) => m.status === 'queued')).toHaveLength(10);
        // Marked as being written (what a kill could leave unsendable): the windows' 5 only.
        expect(rows.filter((m) => m.status === 'queued' && m.queuedAt !== null)).toHaveLength(5);
      });
      release();
      await eventually(async () => {
        const rows = await messagesOf(r.batchId);
        expect(rows.filter((m) => m.status === 'sent')).toHaveLength(30);
      });
      expect(most).toBe(5);
    } finally {
      gateways.windows = Number.POSITIVE_INFINITY;
      gateways.behaviour = () => undefined;
      release();
    }
  });

  it('a large batch is accepted, charged once (one ledger entry), and every message reaches a final status', async () => {
    const company = await freshCompany(null, 'Standard SMS', units(100));
    const numbers = Array.from({ length: 300 }, (_, i) => `86138${String(i).padStart(8, '0')}`);
    const r = await accept(company, numbers, { text: 'bulk run' });
    expect(r.messages.every((m) => m.status === 'accepted')).toBe(true);
    // The top-up and the batch's charge: 300 messages at 0.045.
    expect((await entries(company, '')).map((e) => e.amount)).toEqual([
      units(100),
      -300n * parseMoney('0.045')!,
    ]);
    await eventually(async () => {
      const rows = await messagesOf(r.batchId);
      expect(rows.filter((m) => m.status === 'sent')).toHaveLength(300);
    });
    for (const m of r.messages) {
      const o = gateways.submitsOf(m.id!)[0]!.outcome;
      await gateways.receipt(gateways.ids.a, o.ok ? o.upstreamIds[0]! : '', 'delivered');
    }
    await eventually(async () => {
      const rows = await messagesOf(r.batchId);
      expect(rows.filter((m) => m.status === 'delivered')).toHaveLength(300);
    });
    const submitted = new Set(r.messages.map((m) => m.id));
    expect(gateways.submits.filter((x) => submitted.has(x.sms.messageId))).toHaveLength(300);
  });
});

describe('records and who sees them', () => {
  let mine: string;
  let theirs: string;
  let agents: string;
  beforeAll(async () => {
    mine = (await accept(DIRECT, [CN], { source: 'console', text: 'records mine' })).messages[0]!.id!;
    theirs = (await accept(TWO_WAY, [CN], { source: 'console', text: 'records theirs' })).messages[0]!.id!;
    agents = (await accept(AGENCY_CLIENT, [CN], { source: 'console', text: 'records agents' })).messages[0]!
      .id!;
    await statusOf(mine, 'sent');
  });

  const list = async (user: string, query: Record<string, string> = {}) =>
    expectOk(
      await call<Page<SmsMessageRow>>(user, 'GET', '/sms/marketing/list', {
        query: { pageSize: '500', ...query },
      }),
    ).records.map((r) => r.id);

  it('a customer sees only its company’s messages; a reseller its customers’; staff all', async () => {
    const customer = await list('customer');
    expect(customer).toContain(mine);
    expect(customer).not.toContain(theirs);
    expect(customer).not.toContain(agents);
    const customer2 = await list('customer2');
    expect(customer2).toContain(theirs);
    expect(customer2).not.toContain(mine);
    for (const reseller of ['agent', 'distributor']) {
      const seen = await list(reseller);
      expect(seen).toContain(agents);
      expect(seen).not.toContain(mine);
      expect(seen).not.toContain(theirs);
    }
    const admin = await list('admin');
    expect(admin).toEqual(expect.arrayContaining([mine, theirs, agents]));
    // Naming another company is refused as for an unknown one.
    expectError(
      await call('customer', 'GET', '/sms/marketing/list', { query: { companyId: TWO_WAY } }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectError(
      await call('agent', 'GET', '/sms/marketing/batchList', { query: { companyId: DIRECT } }),
      403,
      'NO_OPERATION_PERMISSION',
    );
  });

  it('queryById: another tenant’s message does not exist for the caller', async () => {
    expectOk(await call('customer', 'GET', '/sms/marketing/queryById', { query: { id: mine } }));
    expectError(
      await call('customer2', 'GET', '/sms/marketing/queryById', { query: { id: mine } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call('agent', 'GET', '/sms/marketing/queryById', { query: { id: mine } }),
      404,
      'NOT_FOUND',
    );
    expectOk(await call('agent', 'GET', '/sms/marketing/queryById', { query: { id: agents } }));
    // Under another kind's path it is not found either.
    expectError(
      await call('customer', 'GET', '/sms/notify/queryById', { query: { id: mine } }),
      404,
      'NOT_FOUND',
    );
  });

  it('gateway, route and cost are shown to staff only; staff filter by gateway', async () => {
    const row = expectOk(
      await call<SmsMessageRow>('admin', 'GET', '/sms/marketing/queryById', { query: { id: mine } }),
    );
    expect(row).toMatchObject({ gatewayName: 'fake-a', routeName: 'test route' });
    expect(row.cost).not.toBeNull();
    const own = expectOk(
      await call<SmsMessageRow>('customer', 'GET', '/sms/marketing/queryById', { query: { id: mine } }),
    );
    expect(own).toMatchObject({ gatewayName: null, routeName: null, cost: null });
    expect(await list('admin', { gatewayId: gateways.ids.b })).not.toContain(mine);
    expect(await list('admin', { gatewayId: gateways.ids.a })).toContain(mine);
    // A customer's gateway filter is ignored, never an oracle.
    expect(await list('customer', { gatewayId: gateways.ids.b })).toContain(mine);
  });

  it('lists the current day by default; another period on request; filters by number, status and batch', async () => {
    expect(await list('customer', { dateFrom: '2020-01-01', dateTo: '2020-01-02' })).toEqual([]);
    expect(await list('customer', { number: '13800138' })).toContain(mine);
    expect(await list('customer', { number: '447' })).not.toContain(mine);
    expect(await list('customer', { status: 'invalid_number' })).not.toContain(mine);
    const batch = (await messageOf(mine)).batchId!;
    expect(await list('customer', { batchId: batch })).toEqual([mine]);
    for (const locale of [EN, ZH]) {
      expectError(
        await call('customer', 'GET', '/sms/marketing/list', {
          query: { dateFrom: '2020-01-01', dateTo: '2021-01-01' },
          locale,
        }),
        400,
        'PERIOD_TOO_LONG',
        { locale, params: { days: 93 } },
      );
    }
  });

  it('a day filter includes its day: dateFrom=D&dateTo=D lists the messages and batches of D', async () => {
    const stored = await messageOf(mine);
    const day = stored.createdAt.toISOString().slice(0, 10);
    expect(await list('customer', { dateFrom: day, dateTo: day })).toContain(mine);
    const batch = stored.batchId!;
    const batches = expectOk(
      await call<Page<{ id: string }>>('customer', 'GET', '/sms/marketing/batchList', {
        query: { dateFrom: day, dateTo: day, pageSize: '500' },
      }),
    );
    expect(batches.records.map((b) => b.id)).toContain(batch);
    // The day before is another day.
    const before = new Date(stored.createdAt.getTime() - 86_400_000).toISOString().slice(0, 10);
    expect(await list('customer', { dateFrom: before, dateTo: before })).not.toContain(mine);
  });

  it('exports the past week only, as .xlsx', async () => {
    const old = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    for (const locale of [EN, ZH]) {
      expectError(
        await call('customer', 'GET', '/sms/marketing/exportXls', { query: { dateFrom: old }, locale }),
        400,
        'SMS_EXPORT_PAST_WEEK',
        { locale, params: { days: 7 } },
      );
    }
    const res = await fetch(`${s.baseUrl}${API_PREFIX}/sms/marketing/exportXls`, {
      headers: { 'X-Access-Token': tokens.customer! },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(XLSX_MIME);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('every route needs its permission', async () => {
    const anonymous = await s.call('GET', '/sms/marketing/list');
    expect(anonymous.status).toBe(401);
  });
});

describe('delivery callbacks', () => {
  let server: http.Server;
  let url: string;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  let failFirst = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        if (failFirst > 0) {
          failFirst--;
          res.writeHead(500).end('not now');
        } else res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dlr`;
    expectOk(await call('customer', 'PUT', '/sys/configCallback/edit', { body: { url } }));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts {id, clientRef, to, status, errorCode, doneAt} signed with X-Switchboard-Timestamp and X-Switchboard-Signature, retried and logged', async () => {
    const secret = expectOk(
      await call<{ signingSecret: string }>('customer', 'POST', '/sys/configCallback/revealSecret', {
        body: {},
      }),
    ).signingSecret;
    failFirst = 1;
    const r = await sms().accept({
      companyId: DIRECT,
      userId: null,
      kind: 'otp',
      source: 'api',
      recipients: [{ number: CN, clientRef: 'order-77' }],
      text: 'Code 7777',
    });
    const id = r.messages[0]!.id!;
    await statusOf(id, 'sent');
    const o = gateways.submitsOf(id)[0]!.outcome;
    await gateways.receipt(gateways.ids.a, o.ok ? o.upstreamIds[0]! : '', 'delivered');
    const posts = await eventually(async () => {
      const mine = received.filter((x) => x.body.includes(id));
      expect(mine).toHaveLength(2);
      return mine;
    });
    const body = JSON.parse(posts[1]!.body) as Record<string, unknown>;
    expect(body).toEqual({
      id,
      clientRef: 'order-77',
      to: CN,
      status: 'delivered',
      errorCode: null,
      doneAt: expect.any(String),
    });
    for (const post of posts) {
      const timestamp = String(post.headers['x-switchboard-timestamp']);
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(120);
      const expected = createHmac('sha256', secret).update(`${timestamp}.${post.body}`).digest('hex');
      expect(post.headers['x-switchboard-signature']).toBe(`v1=${expected}`);
    }
    const log = await eventually(async () => {
      const page = expectOk(
        await call<Page<SmsCallbackRow>>('customer', 'GET', '/sms/callback/list', {
          query: { pageSize: '100' },
        }),
      );
      const row = page.records.find((c) => c.messageId === id);
      expect(row?.state).toBe('delivered');
      return row!;
    });
    expect(log.attempts).toBe(2);
    expect(log.log.map((e) => e.status)).toEqual([500, 200]);
    expect((await messageOf(id)).callbackState).toBe('done');
    // The delivery log is the company's own; staff see all.
    const other = expectOk(
      await call<Page<SmsCallbackRow>>('customer2', 'GET', '/sms/callback/list', {
        query: { pageSize: '100' },
      }),
    );
    expect(other.records.map((c) => c.messageId)).not.toContain(id);
    const staff = expectOk(
      await call<Page<SmsCallbackRow>>('admin', 'GET', '/sms/callback/list', { query: { pageSize: '100' } }),
    );
    expect(staff.records.map((c) => c.messageId)).toContain(id);
  });

  it('a final status at acceptance (an invalid number) is reported too; a company without a URL is owed none', async () => {
    const r = await accept(DIRECT, ['12'], { source: 'api' });
    const id = r.messages[0]!.id!;
    await eventually(async () => expect(received.some((x) => x.body.includes(id))).toBe(true));
    const body = JSON.parse(received.find((x) => x.body.includes(id))!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'invalid_number', errorCode: 'NUMBER_INVALID' });
    const none = await accept(TWO_WAY, ['12'], { source: 'api' });
    const noneId = none.messages[0]!.id!;
    const page = expectOk(
      await call<Page<SmsCallbackRow>>('admin', 'GET', '/sms/callback/list', { query: { pageSize: '100' } }),
    );
    expect(page.records.map((c) => c.messageId)).not.toContain(noneId);
    expect((await messageOf(noneId)).callbackState).toBe('none');
    expect(received.some((x) => x.body.includes(noneId))).toBe(false);
  });

  it('logs a real delivery a receiver refused with the delivery’s code, not the send test’s', async () => {
    // A port nothing listens on: the receiver refuses the connection.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/dlr`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expectOk(await call('agentcustomer', 'PUT', '/sys/configCallback/edit', { body: { url: closedUrl } }));
    const r = await accept(AGENCY_CLIENT, ['12'], { source: 'api' });
    const id = r.messages[0]!.id!;
    const row = await eventually(async () => {
      const page = expectOk(
        await call<Page<SmsCallbackRow>>('admin', 'GET', '/sms/callback/list', {
          query: { pageSize: '100' },
        }),
      );
      const mine = page.records.find((c) => c.messageId === id);
      expect(mine?.log.length).toBeGreaterThan(0);
      return mine!;
    });
    expect(row.lastError).toBe('CALLBACK_REFUSED');
    expect(row.log[0]).toMatchObject({ status: null, errorCode: 'CALLBACK_REFUSED' });
  });
});
