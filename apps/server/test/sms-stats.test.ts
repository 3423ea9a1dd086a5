import {
  API_PREFIX,
  formatMoney,
  type HomeTotals,
  parseMoney,
  SMS_FINAL_STATUSES,
  type SmsAnalysis,
  units,
  XLSX_MIME,
} from '@switchboard/contracts';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_GATEWAY } from '../src/modules/sms-stats';
import { contributionOf } from '../src/modules/sms-stats/rules';
import { addDays, dayKey } from '../src/platform/daily-stats';
import { ledgerEntries, smsMessages } from '../src/schema';
import type { TestServer } from './harness';
import { companyId, EN, expectError, expectFieldError, expectOk, ZH } from './support/api';
import { smsSuite } from './support/sms-suite';

const ACME = companyId('Acme Agency');
const DIRECT = companyId('Direct Retail Ltd');
const CN = '8613800138000';
const CN2 = '8613900139000';
const CN3 = '8613700137000';
const GB = '447812345678';
const GB_REFUSED = '447812000111';
const BR = '5511987654321';
const LONG = 'x'.repeat(200); // two GSM-7 parts

let s: TestServer;
const suite = smsSuite('Stats test');
const { gateways, tokens, call, db, messageOf, statusOf, receipt } = suite;
const freshCompany = (parent: string | null, money: bigint) =>
  suite.freshCompany(parent, 'Standard SMS', money);
const today = dayKey(new Date());

const accept = (company: string, numbers: string[], textOf = 'Hello from the statistics tests') =>
  s.app.services.sms.accept({
    companyId: company,
    userId: null,
    kind: 'marketing',
    source: 'api',
    recipients: numbers.map((number) => ({ number })),
    text: textOf,
  });

const analysis = (user: string, path: string, query: Record<string, string> = {}) =>
  call<SmsAnalysis>(user, 'GET', `/sms/analysis/${path}`, { query });

/** A customer company below Acme (the agent's) with one of each outcome. */
let X: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  s = await suite.start({ SMS_POLL_MS: '20', SMS_SWEEP_MS: '100' }, [
    'admin',
    'agent',
    'customer',
    'agentcustomer',
    'sales',
  ]);
  gateways.behaviour = (sms) =>
    sms.to === GB_REFUSED ? { ok: false, retryable: false, errorCode: 'REFUSED' } : undefined;

  X = await freshCompany(ACME, units(10));
  const r1 = await accept(X, [CN, CN2, GB, 'nonsense', BR, GB_REFUSED]);
  const r2 = await accept(X, [CN3], LONG);
  for (const [i, name] of ['cn', 'cn2', 'gb', 'invalid', 'br', 'refused'].entries())
    ids[name] = r1.messages[i]!.id!;
  ids.long = r2.messages[0]!.id!;
  for (const k of ['cn', 'cn2', 'gb', 'long']) await statusOf(ids[k]!, 'sent');
  await statusOf(ids.refused!, 'failed');
  await receipt(ids.cn!, 'delivered');
  await receipt(ids.cn2!, 'undeliverable');
  await receipt(ids.long!, 'delivered');
  await statusOf(ids.cn!, 'delivered');
  await statusOf(ids.cn2!, 'undeliverable');
  await statusOf(ids.long!, 'delivered');
  // GB stays sent: no receipt yet.
});
afterAll(() => s?.close());

const price = async (id: string) => (await messageOf(id)).price;
const cost = async (id: string) => (await messageOf(id)).cost ?? 0n;

describe('roll-up and analysis', () => {
  it('counts each outcome exactly: delivered, failed, pending, refunded not in revenue, parts', async () => {
    const a = expectOk(await analysis('admin', 'byDay', { companyId: X, dateFrom: today, dateTo: today }));
    expect(a.rows).toHaveLength(1);
    const row = a.rows[0]!;
    expect(row.key).toBe(today);
    // 7 messages: cn, cn2, long final and sent; gb sent (pending); invalid, no route, refused (by
    // every gateway: none took it) failed.
    expect([row.total, row.sent, row.delivered, row.failed, row.pending]).toEqual([7, 4, 2, 4, 1]);
    // Delivery rate over the sent messages whose outcome is known: cn, cn2, long.
    expect(row.deliveryRate).toBeCloseTo(2 / 3, 10);
    // Parts: 1 each, 2 for the long one (invalid and unroutable are stored with their parts too).
    expect(row.parts).toBe(8);
    // Revenue: what was charged and kept (the refused one was refunded; invalid and no route free).
    const revenue =
      (await price(ids.cn!)) + (await price(ids.cn2!)) + (await price(ids.gb!)) + (await price(ids.long!));
    expect(await price(ids.refused!)).toBeGreaterThan(0n);
    expect(parseMoney(row.revenue)).toBe(revenue);
    expect(revenue).toBe(parseMoney('0.045')! * 4n + parseMoney('0.038')!);
    const c =
      (await cost(ids.cn!)) + (await cost(ids.cn2!)) + (await cost(ids.gb!)) + (await cost(ids.long!));
    expect(parseMoney(row.cost!)).toBe(c);
    expect(parseMoney(row.margin!)).toBe(revenue - c);
    const { key: _k, name: _n, ...figures } = row;
    expect(a.totals).toEqual(figures);
  });

  it('a receipt that arrives later moves the message from pending to delivered, once; a repeated receipt changes nothing', async () => {
    await receipt(ids.gb!, 'delivered');
    await statusOf(ids.gb!, 'delivered');
    await receipt(ids.gb!, 'delivered');
    const row = expectOk(await analysis('admin', 'byDay', { companyId: X, dateFrom: today, dateTo: today }))
      .rows[0]!;
    expect([row.total, row.sent, row.delivered, row.failed, row.pending]).toEqual([7, 4, 3, 4, 0]);
    expect(row.deliveryRate).toBeCloseTo(3 / 4, 10);
  });

  it('by country, by gateway (staff: names, cost), by company', async () => {
    const byCountry = expectOk(await analysis('admin', 'byCountry', { companyId: X, dateFrom: today }));
    expect(byCountry.rows.map((r) => [r.key, r.total, r.sent, r.delivered])).toEqual([
      ['', 1, 0, 0],
      ['BR', 1, 0, 0],
      ['CN', 3, 3, 2],
      ['GB', 2, 1, 1],
    ]);
    const byGateway = expectOk(await analysis('admin', 'byGateway', { companyId: X }));
    expect(byGateway.rows.map((r) => [r.name, r.total, r.sent, r.delivered])).toEqual([
      ['fake-a', 4, 4, 3],
      ['', 3, 0, 0],
    ]);
    const gatewayA = byGateway.rows.find((r) => r.key === gateways.ids.a)!;
    expect(gatewayA.name).toBe('fake-a');
    const byCompany = expectOk(await analysis('admin', 'byCompany', { dateFrom: today }));
    const mine = byCompany.rows.find((r) => r.key === X)!;
    expect(mine.name).toMatch(/^Stats test/);
    expect(mine.total).toBe(7);
  });

  it('the routing module reads delivery rates per gateway for a country', async () => {
    const rates = await s.app.services.smsStats.deliveryRates('cn', new Date());
    expect(rates.get(gateways.ids.a)).toEqual({ sent: 3, delivered: 2 });
    const gb = await s.app.services.smsStats.deliveryRates('GB', new Date(), 'otp');
    expect(gb.size).toBe(0);
  });

  it('a receipt days later counts on the day the message was created', async () => {
    const r = await accept(X, [CN2]);
    const id = r.messages[0]!.id!;
    await statusOf(id, 'sent');
    const earlier = addDays(today, -3);
    // The message was created three days ago (as if its receipt were three days late).
    await db().execute(
      sql`update sms_message_parts set message_created_at = message_created_at - interval '3 days' where message_id = ${id}`,
    );
    await db().execute(
      sql`update sms_messages set created_at = created_at - interval '3 days' where id = ${id}`,
    );
    await receipt(id, 'delivered');
    await statusOf(id, 'delivered');
    const a = expectOk(await analysis('admin', 'byDay', { companyId: X, dateFrom: earlier, dateTo: today }));
    expect(a.rows.map((row) => [row.key, row.total, row.delivered])).toEqual([
      [earlier, 1, 1],
      [addDays(earlier, 1), 0, 0],
      [addDays(earlier, 2), 0, 0],
      [today, 7, 3],
    ]);
    expect(a.totals.total).toBe(8);
  });

  it('the stored roll-up is the counting rule applied to every final message, once', async () => {
    const from = addDays(today, -5);
    const rows = await s.app.services.smsStats.repo.rollup.rowsOf(from, today);
    const expected = new Map<string, Record<string, string | number>>();
    for (const m of await db().select().from(smsMessages)) {
      if (!(SMS_FINAL_STATUSES as readonly string[]).includes(m.status)) continue;
      const c = contributionOf({ ...m, price: m.price, cost: m.cost });
      const e = expected.get(c.key) ?? {
        messages: 0,
        sent: 0,
        parts: 0,
        revenue: '0',
        cost: '0',
        [m.status]: 0,
      };
      e.messages = Number(e.messages) + 1;
      e.sent = Number(e.sent) + c.sent;
      e.parts = Number(e.parts) + c.parts;
      e[c.status] = Number(e[c.status] ?? 0) + 1;
      e.revenue = formatMoney(parseMoney(String(e.revenue))! + c.revenue);
      e.cost = formatMoney(parseMoney(String(e.cost))! + c.cost);
      expected.set(c.key, e);
    }
    const stored = new Map(
      rows.map((r) => {
        const row = r as unknown as Record<string, string>;
        const gateway = row.gateway_id === NO_GATEWAY ? '' : row.gateway_id;
        const key = [row.day, row.company_id, row.kind, row.country_code, gateway].join('|');
        const counts: Record<string, string | number> = {
          messages: Number(row.messages),
          sent: Number(row.sent),
          parts: Number(row.parts),
          revenue: row.revenue!,
          cost: row.cost!,
        };
        for (const status of SMS_FINAL_STATUSES) {
          const n = Number(row[status]);
          if (n > 0) counts[status] = n;
        }
        return [key, counts];
      }),
    );
    expect(stored.size).toBeGreaterThan(0);
    expect(Object.fromEntries(stored)).toEqual(Object.fromEntries(expected));
  });

  it('a rebuild computes the same rows again from the messages', async () => {
    const from = addDays(today, -5);
    const before = await s.app.services.smsStats.repo.rollup.rowsOf(from, today);
    expect(before.length).toBeGreaterThan(0);
    const result = expectOk(
      await call<{ days: number; rows: number }>('admin', 'POST', '/sms/analysis/rebuild', {
        body: { dateFrom: from, dateTo: today },
      }),
    );
    expect(result.days).toBe(6);
    expect(result.rows).toBe(before.length);
    expect(await s.app.services.smsStats.repo.rollup.rowsOf(from, today)).toEqual(before);
    // Rows wiped by hand come back.
    await db().execute(sql`delete from sms_stats_daily where company_id = ${X}`);
    await s.app.services.smsStats.rebuild(new Date(`${from}T00:00:00Z`), new Date());
    expect(await s.app.services.smsStats.repo.rollup.rowsOf(from, today)).toEqual(before);
    expectError(
      await call('agent', 'POST', '/sms/analysis/rebuild', { body: { dateFrom: from, dateTo: today } }),
      403,
      'NO_OPERATION_PERMISSION',
      { message: false },
    );
  });
});

describe('scope', () => {
  it('a customer sees its own company only, without cost, margin or gateways', async () => {
    const a = expectOk(await analysis('customer', 'byCompany'));
    expect(a.staff).toBe(false);
    expect(a.rows.every((r) => r.key === DIRECT)).toBe(true);
    expect(a.totals.cost).toBeNull();
    expect(a.totals.margin).toBeNull();
    expectError(await analysis('customer', 'byCompany', { companyId: X }), 403, 'NO_OPERATION_PERMISSION', {
      message: false,
    });
    const g = expectOk(await analysis('agent', 'byGateway', { companyId: X }));
    expect(g.rows.map((r) => [r.key, r.name, r.total, r.cost, r.margin])).toEqual([['', '', 8, null, null]]);
  });

  it('a reseller sees its customers (by company) and nobody else', async () => {
    const a = expectOk(await analysis('agent', 'byCompany', { dateFrom: addDays(today, -3) }));
    expect(a.rows.map((r) => r.key)).toContain(X);
    expect(a.rows.map((r) => r.key)).not.toContain(DIRECT);
    expect(a.totals.cost).toBeNull();
    // With its commission balance (nobody else has one here).
    expect(parseMoney(a.commission!)).toBe((await s.app.services.ledger.balanceOf(ACME)).commission);
    expect(expectOk(await analysis('customer', 'byDay')).commission).toBeNull();
    expect(expectOk(await analysis('admin', 'byDay')).commission).toBeNull();
  });

  it('bad input is answered in both languages, never a 500', async () => {
    for (const locale of [EN, ZH]) {
      const long = await call('admin', 'GET', '/sms/analysis/byDay', {
        query: { dateFrom: '2020-01-01', dateTo: '2026-01-01' },
        locale,
      });
      expectError(long, 400, 'PERIOD_TOO_LONG', { locale, params: { days: 366 } });
      const backwards = await call('admin', 'GET', '/sms/analysis/byDay', {
        query: { dateFrom: today, dateTo: addDays(today, -1) },
        locale,
      });
      expectError(backwards, 400, 'FIELD_INVALID', { locale, message: false });
      expect(backwards.body.message).not.toBe('');
    }
    expectError(await analysis('admin', 'byDay', { dateFrom: 'soon' }), 400, 'VALIDATION_FAILED', {
      message: false,
    });
    // The probe that once looped forever (addDays('9999-12-31', 1) gave '+010000-01', a text the
    // day loop never passed): dates outside 2000–2100 are refused, naming the bounds.
    for (const locale of [EN, ZH]) {
      for (const path of ['byDay', 'exportXls']) {
        const res = await call('customer', 'GET', `/sms/analysis/${path}`, {
          query: {
            dateFrom: '9999-12-31',
            dateTo: '9999-12-31',
            ...(path === 'exportXls' ? { dimension: 'day' } : {}),
          },
          locale,
        });
        const message = (field: string) =>
          locale === EN
            ? `${field} must be a date from 2000-01-01 to 2100-12-31`
            : `${field}须为2000-01-01至2100-12-31之间的日期`;
        expectFieldError(res, 'dateFrom', message('dateFrom'));
        expectFieldError(res, 'dateTo', message('dateTo'));
      }
    }
    // The last day allowed is one day, answered.
    const last = expectOk(
      await analysis('customer', 'byDay', { dateFrom: '2100-12-31', dateTo: '2100-12-31' }),
    );
    expect(last.rows.map((r) => r.key)).toEqual(['2100-12-31']);
    expectError(await analysis('admin', 'byCountry', { countryCode: 'China' }), 400, 'VALIDATION_FAILED', {
      message: false,
    });
  });

  it('exports an analysis as xlsx (cost columns for staff only)', async () => {
    const sheetOf = async (user: string) => {
      const res = await fetch(
        `${s.baseUrl}${API_PREFIX}/sms/analysis/exportXls?dimension=country&companyId=${X}&dateFrom=${addDays(today, -3)}`,
        { headers: { 'X-Access-Token': tokens[user]! } },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(XLSX_MIME);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      const sheet = book.worksheets[0]!;
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const staff = await sheetOf('admin');
    expect(staff[0]).toEqual([
      'Country',
      'Messages',
      'To gateway',
      'Delivered',
      'Failed',
      'Pending',
      'Delivery rate',
      'Parts',
      'Revenue',
      'Cost',
      'Margin',
    ]);
    expect(staff.find((r) => r[0] === 'CN')!.slice(1, 7)).toEqual([4, 4, 3, 1, 0, '75.00%']);
    const agent = await sheetOf('agent');
    expect(agent[0]).toHaveLength(9);
  });
});

describe('home totals', () => {
  it('a customer: its company today and this month, its balance, 30 days', async () => {
    const h = expectOk(await call<HomeTotals>('customer', 'GET', '/home/totals'));
    expect(h.scope).toBe('company');
    expect(h.series).toHaveLength(30);
    expect(h.series.at(-1)!.day).toBe(today);
    expect(parseMoney(h.balance!)).toBe((await s.app.services.ledger.balanceOf(DIRECT)).balance);
    expect(h.commission).toBeNull();
    expect(h.today.sent).toBe(0);
  });

  it('a reseller: its customers’ figures (not its own) and its commission balance', async () => {
    const h = expectOk(await call<HomeTotals>('agent', 'GET', '/home/totals'));
    expect(h.scope).toBe('customers');
    const b = await s.app.services.ledger.balanceOf(ACME);
    expect(parseMoney(h.commission!)).toBe(b.commission);
    expect(parseMoney(h.balance!)).toBe(b.balance);
    const day = expectOk(await analysis('agent', 'byDay', { dateFrom: today, dateTo: today })).rows[0]!;
    expect(h.today).toMatchObject({
      sent: day.total,
      delivered: day.delivered,
      deliveryRate: day.deliveryRate,
      spend: day.revenue,
    });
    expect(h.today.sent).toBe(7);
    expect(h.today.delivered).toBe(3);
    expect(h.series.at(-1)).toEqual({ day: today, sent: 7, delivered: 3, spend: day.revenue });
    // This month: today's 7 and, when it falls in this month, the one created three days ago.
    const earlierInMonth = addDays(today, -3) >= `${today.slice(0, 8)}01`;
    expect(h.month.sent).toBe(earlierInMonth ? 8 : 7);
    expect(h.month.delivered).toBe(earlierInMonth ? 4 : 3);
    // Commission earned today and this month: its commission entries since then, payouts left
    // out, reversals counted; the same once the earlier days are closed (the sum starts there).
    const entries = await db()
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, createdAt: ledgerEntries.createdAt })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.companyId, ACME), eq(ledgerEntries.account, 'commission')));
    const earnedSince = (day: string) =>
      entries
        .filter((e) => e.kind !== 'payout' && e.createdAt >= new Date(`${day}T00:00:00Z`))
        .reduce((sum, e) => sum + e.amount, 0n);
    expect(earnedSince(today)).toBeGreaterThan(0n);
    expect(parseMoney(h.today.commission!)).toBe(earnedSince(today));
    expect(parseMoney(h.month.commission!)).toBe(earnedSince(`${today.slice(0, 8)}01`));
    for (const back of [1, 2, 3, 40]) await s.app.services.ledger.closeDay(addDays(today, -back));
    const closed = expectOk(await call<HomeTotals>('agent', 'GET', '/home/totals'));
    expect(closed.today.commission).toBe(h.today.commission);
    expect(closed.month.commission).toBe(h.month.commission);
    expect(expectOk(await call<HomeTotals>('customer', 'GET', '/home/totals')).month.commission).toBeNull();
  });

  it('a salesperson: the companies assigned to it, said so (not every company)', async () => {
    const h = expectOk(await call<HomeTotals>('sales', 'GET', '/home/totals'));
    expect(h.scope).toBe('assigned');
    const all = expectOk(await call<HomeTotals>('admin', 'GET', '/home/totals'));
    expect(h.month.sent).toBeLessThanOrEqual(all.month.sent);
  });

  it('staff: every company in its scope', async () => {
    const h = expectOk(await call<HomeTotals>('admin', 'GET', '/home/totals'));
    expect(h.scope).toBe('all');
    expect(h.today.sent).toBeGreaterThanOrEqual(7);
    expect(formatMoney(parseMoney(h.today.spend)!)).toBe(h.today.spend);
  });
});
