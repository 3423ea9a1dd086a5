import { type Locale, XLSX_MIME } from '@switchboard/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { companyId, EN, expectOk, text, tokenOf, ZH } from './support/api';

/** `GET /sys/ledger/exportXls`: the ledger a week at a time, in the caller's scope, as .xlsx. */

const DIRECT = companyId('Direct Retail Ltd');
const TWO_WAY = companyId('Two-Way Logistics');

let s: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  s = await startServer();
  for (const user of ['admin', 'customer', 'customer2']) tokens[user] = await tokenOf(s, user);
  for (const [company, amount, reason] of [
    [DIRECT, '1234.5', 'Opening credit'],
    [DIRECT, '0.0035', 'Tiny credit'],
    [TWO_WAY, '77', 'Other company'],
  ] as const) {
    expectOk(
      await s.call('POST', '/sys/balance/adjust', {
        token: tokens.admin,
        body: {
          companyId: company,
          direction: 'credit',
          amount,
          reason,
          idempotencyKey: `export-${reason.replace(/ /g, '-')}`,
        },
      }),
    );
  }
});
afterAll(() => s.close());

const day = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function exportAs(user: string, query: Record<string, string>, locale: Locale = EN) {
  const response = await fetch(`${s.baseUrl}/api/sys/ledger/exportXls?${new URLSearchParams(query)}`, {
    headers: { 'X-Access-Token': tokens[user]!, 'X-Locale': locale },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type'), bytes };
}

async function sheet(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return workbook.worksheets[0]!;
}

describe('GET /sys/ledger/exportXls', () => {
  const week = { from: iso(Date.now() - 6 * day), to: iso(Date.now() + 60_000) };

  it('needs a from–to window of at most seven days, said in the caller’s language', async () => {
    for (const [query, locale] of [
      [{}, EN],
      [{ from: week.from }, ZH],
      [{ from: iso(Date.now() - 8 * day), to: iso(Date.now()) }, EN],
      [{ from: week.to, to: week.from }, ZH],
    ] as const) {
      const res = await exportAs('customer', query, locale);
      expect(res.status).toBe(400);
      const body = JSON.parse(res.bytes.toString());
      expect([body.errorCode, body.message]).toEqual([
        'EXPORT_WINDOW_REQUIRED',
        text('EXPORT_WINDOW_REQUIRED', locale, { days: 7 }),
      ]);
    }
    expect(text('EXPORT_WINDOW_REQUIRED', ZH, { days: 7 })).toBe(
      '请选择不超过7天的导出时间段（开始和结束时间）',
    );
  });

  it('exports the caller’s own entries only, with exact amounts, headers in English', async () => {
    const res = await exportAs('customer', week);
    expect([res.status, res.type]).toEqual([200, XLSX_MIME]);
    const ws = await sheet(res.bytes);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Time (UTC)',
      'Company',
      'Account',
      'Kind',
      'Amount',
      'Balance after',
      'Reference',
      'Note',
      'By',
    ]);
    const rows: unknown[][] = [];
    ws.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(2, 9));
    });
    // Newest first; the other company's entry is not there.
    expect(rows).toEqual([
      ['Direct Retail Ltd', 'Balance', 'Adjustment', 0.0035, 1234.5035, undefined, 'Tiny credit'],
      ['Direct Retail Ltd', 'Balance', 'Adjustment', 1234.5, 1234.5, undefined, 'Opening credit'],
    ]);
    expect(ws.getCell('E2').numFmt).toBe('#,##0.00####');
  });

  it('writes the headers and labels in Chinese for a Chinese caller; staff filter by company', async () => {
    const res = await exportAs('admin', { ...week, companyId: TWO_WAY }, ZH);
    const ws = await sheet(res.bytes);
    expect((ws.getRow(1).values as unknown[]).slice(1, 6)).toEqual([
      '时间（UTC）',
      '公司',
      '账户',
      '类型',
      '金额',
    ]);
    expect((ws.getRow(2).values as unknown[]).slice(2, 6)).toEqual(['Two-Way Logistics', '余额', '调整', 77]);
    expect(ws.rowCount).toBe(2);
  });

  it('refuses a company outside the caller’s scope and a bad kind', async () => {
    const other = await exportAs('customer', { ...week, companyId: TWO_WAY });
    expect([other.status, JSON.parse(other.bytes.toString()).errorCode]).toEqual([
      403,
      'NO_OPERATION_PERMISSION',
    ]);
    const kind = await exportAs('customer', { ...week, kind: 'gift' });
    expect(kind.status).toBe(400);
  });
});

/**
 * Issue 28 item 5: what the platform writes in the ledger is a code with parameters, shown in the
 * reader's language (the list gives the code, the console renders it; the export renders it on the
 * server); what a person typed stays as typed.
 */
describe('ledger notes in the reader’s language', () => {
  const CLIENT = companyId('Agency Client Co');
  const AGENCY = companyId('Acme Agency');
  const week = () => ({ from: iso(Date.now() - 6 * day), to: iso(Date.now() + 60_000) });

  beforeAll(async () => {
    const { ledger } = s.app.services;
    await ledger.credit(CLIENT, 'topup', 5_000_000n, 'notes-card-topup', {
      note: { code: 'topup', params: { method: 'card' } },
    });
    await ledger.credit(CLIENT, 'refund', 46_000n, 'notes-sms-refund', {
      note: { code: 'sms_refund', params: { reason: 'CANCELLED' } },
    });
    await ledger.post(
      [
        {
          companyId: AGENCY,
          kind: 'commission',
          amount: 1_000n,
          idempotencyKey: 'notes-commission',
          note: { code: 'commission', params: { companyId: CLIENT } },
        },
      ],
      'all',
    );
  });

  it('lists codes and parameters, a company parameter with its name', async () => {
    const page = expectOk(
      await s.call<{ records: { noteCode: string | null; noteParams: unknown; note: string | null }[] }>(
        'GET',
        '/sys/ledger/list',
        { token: tokens.admin, query: { companyId: AGENCY, kind: 'commission' } },
      ),
    );
    const entry = page.records.find((r) => r.noteCode === 'commission')!;
    expect(entry).toMatchObject({
      note: null,
      noteParams: { companyId: CLIENT, company: 'Agency Client Co' },
    });
  });

  it('exports the notes in Chinese to a Chinese reader and in English to an English one', async () => {
    const notes = async (locale: Locale) => {
      const res = await exportAs('admin', { ...week(), companyId: CLIENT }, locale);
      expect(res.status).toBe(200);
      const ws = await sheet(res.bytes);
      const out: unknown[] = [];
      ws.eachRow((row, n) => {
        if (n > 1) out.push(row.getCell(8).value);
      });
      return out;
    };
    expect(await notes(ZH)).toEqual(['短信未发送（已取消），已退款', '银行卡充值']);
    expect(await notes(EN)).toEqual(['SMS not sent (cancelled): refunded', 'Card top-up']);
    const res = await exportAs('admin', { ...week(), companyId: AGENCY, kind: 'commission' }, ZH);
    const ws = await sheet(res.bytes);
    expect(ws.getRow(2).getCell(8).value).toBe('来自 Agency Client Co 的佣金');
  });
});
