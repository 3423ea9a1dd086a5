import {
  type Envelope,
  type ImportResult,
  type Locale,
  type Page,
  type Rate,
  type RateGroup,
  XLSX_MIME,
} from '@switchboard/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyId, EN, expectError, expectOk, text, ZH } from './support/api';
import { apiSuite } from './support/suite';

/**
 * The rates screens on the resource-group conventions: exportXls (rates, rate groups, gateway
 * costs), importExcel (rates into a group, gateway costs) with all rows or none and a per-row
 * report (the not-lower rule included), deleteBatch (groups, gateway costs), server-side sort, and
 * the scope of each: a reseller only its own groups, a customer never cost.
 */

const ACME = companyId('Acme Agency');

const { s, call, tokens } = apiSuite(['admin', 'sales', 'distributor', 'agent', 'customer', 'agentcustomer']);
const demo = new Map<string, RateGroup>();
let seq = 0;
const unique = (label: string) => `${label} ${++seq}-${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  const all = expectOk(
    await call<Page<RateGroup>>('admin', 'GET', '/sys/feerateGroup/list', { query: { pageSize: '100' } }),
  );
  for (const g of all.records) demo.set(g.name, g);
});

const demoId = (name: string) => {
  const g = demo.get(name);
  if (!g) throw new Error(`no demo group ${name}`);
  return g.id;
};

/** A customer company of Acme's of its own (no other test changes its prices). */
async function freshCustomer(): Promise<string> {
  const row = await s().app.services.companies.create({
    name: unique('Sheet customer'),
    type: 'direct',
    approvalStatus: 'approved',
    parentCompanyId: ACME,
  });
  return row.id;
}

/** A fresh SMS group of `user`'s, assigned to a fresh customer of Acme's when `assigned`. */
async function freshGroup(user = 'agent', kind: 'sms' | 'voice' | 'nd' = 'sms', assigned = true) {
  const group = expectOk(
    await call<RateGroup>(user, 'POST', '/sys/feerateGroup/add', { body: { name: unique('Sheet'), kind } }),
  );
  if (assigned) {
    expectOk(
      await call('agent', 'PUT', '/sys/feerateGroup/assign', {
        body: { companyId: await freshCustomer(), kind, groupId: group.id },
      }),
    );
  }
  return group;
}

const ratesOf = async (groupId: string, user = 'agent') =>
  expectOk(
    await call<Page<Rate>>(user, 'GET', '/sys/feerate/list', {
      query: { groupId, pageSize: '100', column: 'price' },
    }),
  ).records.map((r) => [r.countryCode, r.smsKind, r.prefix, r.price]);

/** POSTs a file as multipart/form-data. */
async function upload(
  path: string,
  filename: string,
  content: string | Uint8Array<ArrayBuffer>,
  options: { user?: string; locale?: Locale; query?: Record<string, string> } = {},
) {
  const form = new FormData();
  form.append('file', new Blob([content]), filename);
  const response = await fetch(`${s().baseUrl}/api${path}?${new URLSearchParams(options.query ?? {})}`, {
    method: 'POST',
    headers: { 'X-Access-Token': tokens[options.user ?? 'agent']!, 'X-Locale': options.locale ?? EN },
    body: form,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Envelope<ImportResult>,
  };
}

async function download(
  path: string,
  query: Record<string, string>,
  options: { user?: string; locale?: Locale } = {},
) {
  const response = await fetch(`${s().baseUrl}/api${path}?${new URLSearchParams(query)}`, {
    headers: { 'X-Access-Token': tokens[options.user ?? 'agent']!, 'X-Locale': options.locale ?? EN },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return workbook;
}

async function sheetOf(bytes: Buffer): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  (await workbookOf(bytes)).worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const importRates = (
  groupId: string,
  csv: string,
  options: { user?: string; locale?: Locale; dryRun?: boolean; filename?: string } = {},
) =>
  upload('/sys/feerate/importExcel', options.filename ?? 'rates.csv', csv, {
    ...options,
    query: { groupId, ...(options.dryRun ? { dryRun: 'true' } : {}) },
  });

describe('rates: importExcel into a group', () => {
  it('imports a good file (headers of either language), replacing a destination the group prices already', async () => {
    const group = await freshGroup();
    const en = await importRates(
      group.id,
      'Country,SMS kind,Prefix,Price,Remark\nUS,OTP,,0.0072,first\nCN,marketing,86170,0.07,\n',
    );
    expect(en.status, JSON.stringify(en.body)).toBe(200);
    expect(en.body.result).toMatchObject({ dryRun: false, total: 2, imported: 2, errors: [] });
    // The Chinese headers and labels; the US OTP rate is replaced, not doubled.
    const zh = await importRates(group.id, '国家/地区,短信类型,单价\nUS,验证码,0.0075\nGB,营销,0.04\n', {
      locale: ZH,
    });
    expect(zh.status, JSON.stringify(zh.body)).toBe(200);
    expect(zh.body.result.imported).toBe(2);
    expect(await ratesOf(group.id)).toEqual([
      ['US', 'otp', null, '0.007500'],
      ['GB', 'marketing', null, '0.040000'],
      ['CN', 'marketing', '86170', '0.070000'],
    ]);
  });

  it('a file with bad rows imports nothing and names each row, in the caller’s language', async () => {
    const group = await freshGroup();
    // Row 2 good; 3 below Acme's own US OTP price (0.006800); 4 no such country; 5 no such SMS
    // kind; 6 not a price; 7 the same destination as row 2; 8 no SMS kind in an SMS group.
    const csv = [
      'Country,SMS kind,Prefix,Price',
      'CN,otp,,0.05',
      'US,otp,,0.0001',
      'XX,otp,,0.05',
      'GB,junk,,0.05',
      'IN,otp,,abc',
      'cn,OTP,,0.06',
      'BR,,,0.05',
    ].join('\n');
    for (const locale of [EN, ZH]) {
      const res = await importRates(group.id, csv, { locale });
      expectError({ ...res, headers: new Headers() } as never, 400, 'IMPORT_HAS_ERRORS', {
        locale,
        params: { count: 2 },
      });
      // The rows' own fields first: the kit reads every row before the group's rules are asked.
      const price = locale === EN ? 'Price' : '单价';
      const kind = locale === EN ? 'SMS kind' : '短信类型';
      expect(res.body.result.errors).toEqual([
        { row: 5, field: 'smsKind', column: kind, message: text('FIELD_INVALID', locale, { field: kind }) },
        { row: 6, field: 'price', column: price, message: text('MONEY_INVALID', locale, { field: price }) },
      ]);
      expect(res.body.result.imported).toBe(0);
    }
    expect(await ratesOf(group.id)).toEqual([]);

    // Those fixed, the group's rules: each problem on its row, the reseller's price named.
    const rules = [
      'Country,SMS kind,Prefix,Price',
      'CN,otp,,0.05',
      'US,otp,,0.0001',
      'XX,otp,,0.05',
      'cn,OTP,,0.06',
      'BR,,,0.05',
      'US,otp,4420,0.05',
    ].join('\n');
    for (const locale of [EN, ZH]) {
      const res = await importRates(group.id, rules, { locale });
      expect(res.status).toBe(400);
      const country = locale === EN ? 'Country' : '国家/地区';
      const kind = locale === EN ? 'SMS kind' : '短信类型';
      const prefix = locale === EN ? 'Prefix' : '号段';
      expect(res.body.result.errors).toEqual([
        {
          row: 4,
          field: 'countryCode',
          column: country,
          message: text('COUNTRY_UNKNOWN', locale, { country: 'XX' }),
        },
        {
          row: 5,
          field: 'countryCode',
          column: country,
          message: text('RATE_DUPLICATE_ROW', locale, { row: 2 }),
        },
        { row: 6, field: 'smsKind', column: kind, message: text('RATE_SMS_KIND_REQUIRED', locale) },
        {
          row: 7,
          field: 'prefix',
          column: prefix,
          message: text('RATE_PREFIX_COUNTRY', locale, { prefix: '4420', country: 'US', dial: '1' }),
        },
      ]);
    }
    // Every row good on its own, one below the reseller: that row, with the reseller's price.
    for (const locale of [EN, ZH]) {
      const res = await importRates(group.id, 'Country,SMS kind,Price\nCN,otp,0.05\nUS,otp,0.0001\n', {
        locale,
      });
      expect(res.status).toBe(400);
      expect(res.body.result.errors).toEqual([
        {
          row: 3,
          field: 'price',
          column: locale === EN ? 'Price' : '单价',
          message: text('RATE_BELOW_RESELLER', locale, { rows: 'US otp 0.000100 < 0.006800' }),
        },
      ]);
      expect(res.body.message).toBe(text('IMPORT_HAS_ERRORS', locale, { count: 1 }));
    }
    expect(await ratesOf(group.id)).toEqual([]);
  });

  it('dryRun checks everything, the rule included, previews the rows and writes nothing', async () => {
    const group = await freshGroup();
    const good = await importRates(group.id, 'Country,SMS kind,Price\nCN,otp,0.05\nUS,otp,0.007\n', {
      dryRun: true,
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.result).toMatchObject({ dryRun: true, total: 2, imported: 0, errors: [] });
    expect(good.body.result.columns).toEqual([
      { key: 'countryCode', title: 'Country' },
      { key: 'smsKind', title: 'SMS kind' },
      { key: 'price', title: 'Price' },
    ]);
    expect(good.body.result.preview).toEqual([
      { row: 2, values: { countryCode: 'CN', smsKind: 'otp', price: '0.05' } },
      { row: 3, values: { countryCode: 'US', smsKind: 'otp', price: '0.007' } },
    ]);
    const below = await importRates(group.id, 'Country,SMS kind,Price\nUS,otp,0.0001\n', { dryRun: true });
    // A dry run answers its problems without failing the request.
    expect(below.status).toBe(200);
    expect(below.body.result.errors.map((e) => [e.row, e.field])).toEqual([[2, 'price']]);
    expect(await ratesOf(group.id)).toEqual([]);
  });

  it('an .xlsx export of a group imports back into another group as it is', async () => {
    const source = await freshGroup();
    expectOk(
      await call('agent', 'POST', '/sys/feerate/importRows', {
        body: {
          groupId: source.id,
          rows: [
            { countryCode: 'US', smsKind: 'otp', price: '0.0071' },
            { countryCode: 'ID', smsKind: 'otp', mcc: '510', mnc: '10', price: '0.3' },
          ],
        },
      }),
    );
    const exported = await download('/sys/feerate/exportXls', { groupId: source.id }, { locale: ZH });
    const target = await freshGroup();
    const res = await importRates(target.id, exported.bytes as never, { filename: '费率.xlsx' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.imported).toBe(2);
    expect(await ratesOf(target.id)).toEqual(await ratesOf(source.id));
  });

  it('scope: only a group the caller may change; customers never import', async () => {
    const csv = 'Country,SMS kind,Price\nCN,otp,0.05\n';
    // Its parent's group: visible, not its own.
    const parent = await importRates(demoId('Northwind agents SMS'), csv);
    expectError({ ...parent, headers: new Headers() } as never, 403, 'NO_OPERATION_PERMISSION');
    // Another reseller's group it is not priced by, and the platform's: do not exist for it.
    const theirs = await freshGroup('distributor', 'sms', false);
    for (const id of [theirs.id, demoId('Wholesale SMS')]) {
      expectError({ ...(await importRates(id, csv)), headers: new Headers() } as never, 404, 'NOT_FOUND');
    }
    const mine = await freshGroup();
    const customer = await importRates(mine.id, csv, { user: 'agentcustomer' });
    expect(customer.status).toBe(403);
    // Its parent, the distributor, sees the agent's group but may not change it.
    const distributor = await importRates(mine.id, csv, { user: 'distributor' });
    expect(distributor.status).toBe(403);
    expect(await ratesOf(mine.id)).toEqual([]);
    expect(await ratesOf(theirs.id, 'distributor')).toEqual([]);
  });

  it('importRows keeps working through the same checks', async () => {
    const group = await freshGroup();
    const res = await call<{ errors: { row: number; field: string; message: string }[] }>(
      'agent',
      'POST',
      '/sys/feerate/importRows',
      {
        body: { groupId: group.id, rows: [{ countryCode: 'US', smsKind: 'otp', price: '0.0001' }] },
        locale: ZH,
      },
    );
    expectError(res, 400, 'RATE_IMPORT_INVALID', { locale: ZH, params: { count: 1 } });
    expect(res.body.result.errors).toEqual([
      {
        row: 1,
        field: 'price',
        message: text('RATE_BELOW_RESELLER', ZH, { rows: 'US otp 0.000100 < 0.006800' }),
      },
    ]);
  });
});

describe('rates: exportXls and sort', () => {
  it('exports a group’s rates with the list’s filters and sort, headers and labels in the caller’s language, prices as numbers', async () => {
    const group = await freshGroup();
    expectOk(
      await call('agent', 'POST', '/sys/feerate/importRows', {
        body: {
          groupId: group.id,
          rows: [
            { countryCode: 'US', smsKind: 'otp', price: '0.0071' },
            { countryCode: 'US', smsKind: 'marketing', price: '0.0095', remark: 'promo' },
            { countryCode: 'CN', smsKind: 'otp', prefix: '86170', price: '0.123456' },
          ],
        },
      }),
    );
    const en = await download('/sys/feerate/exportXls', {
      groupId: group.id,
      column: 'price',
      order: 'desc',
    });
    expect(en.response.status).toBe(200);
    expect(en.response.headers.get('content-type')).toBe(XLSX_MIME);
    expect(en.response.headers.get('content-disposition')).toContain(
      `filename="rates-${new Date().toISOString().slice(0, 10)}.xlsx"`,
    );
    const rows = await sheetOf(en.bytes);
    expect(rows[0]).toEqual(['Country', 'SMS kind', 'Prefix', 'MCC', 'MNC', 'Price', 'Remark', 'Updated at']);
    expect(rows.slice(1).map((r) => r.slice(0, 7))).toEqual([
      ['CN', 'OTP', '86170', undefined, undefined, 0.123456, undefined],
      ['US', 'Marketing', undefined, undefined, undefined, 0.0095, 'promo'],
      ['US', 'OTP', undefined, undefined, undefined, 0.0071, undefined],
    ]);
    const workbook = await workbookOf(en.bytes);
    expect(workbook.worksheets[0]!.name).toBe('Rates');
    expect(workbook.worksheets[0]!.getCell('F2').numFmt).toBe('#,##0.00####');

    const zh = await download(
      '/sys/feerate/exportXls',
      { groupId: group.id, countryCode: 'US', column: 'price' },
      { locale: ZH },
    );
    const zhRows = await sheetOf(zh.bytes);
    expect(zhRows[0]).toEqual(['国家/地区', '短信类型', '号段', 'MCC', 'MNC', '单价', '备注', '更新时间']);
    expect(zhRows.slice(1).map((r) => [r[0], r[1], r[5]])).toEqual([
      ['US', '验证码', 0.0071],
      ['US', '营销', 0.0095],
    ]);
    expect((await workbookOf(zh.bytes)).worksheets[0]!.name).toBe('费率');
  });

  it('a voice group’s sheet has its billing columns and no SMS kind', async () => {
    const group = await freshGroup('agent', 'voice', false);
    const rows = await sheetOf((await download('/sys/feerate/exportXls', { groupId: group.id })).bytes);
    expect(rows[0]).toEqual([
      'Country',
      'Prefix',
      'MCC',
      'MNC',
      'Price',
      'Connection fee',
      'Initial seconds',
      'Increment seconds',
      'Remark',
      'Updated at',
    ]);
  });

  it('sorts the list by a whitelisted column only', async () => {
    const group = await freshGroup();
    expectOk(
      await call('agent', 'POST', '/sys/feerate/importRows', {
        body: {
          groupId: group.id,
          rows: [
            { countryCode: 'US', smsKind: 'otp', price: '0.0071' },
            { countryCode: 'GB', smsKind: 'otp', price: '0.05' },
            { countryCode: 'IN', smsKind: 'otp', price: '0.009' },
          ],
        },
      }),
    );
    const order = async (query: Record<string, string>) =>
      expectOk(
        await call<Page<Rate>>('agent', 'GET', '/sys/feerate/list', {
          query: { groupId: group.id, ...query },
        }),
      ).records.map((r) => r.countryCode);
    expect(await order({})).toEqual(['GB', 'IN', 'US']);
    expect(await order({ column: 'price', order: 'desc' })).toEqual(['GB', 'IN', 'US']);
    expect(await order({ column: 'price' })).toEqual(['US', 'IN', 'GB']);
    expectError(
      await call('agent', 'GET', '/sys/feerate/list', { query: { groupId: group.id, column: 'groupId' } }),
      400,
      'SORT_COLUMN_INVALID',
      { params: { column: 'groupId' } },
    );
    const bad = await download('/sys/feerate/exportXls', { groupId: group.id, column: 'id' }, { locale: ZH });
    expect(bad.response.status).toBe(400);
    expect(JSON.parse(bad.bytes.toString()).message).toBe(text('SORT_COLUMN_INVALID', ZH, { column: 'id' }));
  });

  it('scope: what the list shows; another reseller’s group does not exist for the caller', async () => {
    const theirs = await freshGroup('distributor', 'sms', false);
    const agent = await download('/sys/feerate/exportXls', { groupId: theirs.id });
    expect(agent.response.status).toBe(404);
    expect(JSON.parse(agent.bytes.toString()).errorCode).toBe('NOT_FOUND');
    expect(
      (await download('/sys/feerate/exportXls', { groupId: demoId('Wholesale SMS') })).response.status,
    ).toBe(404);
    // A customer: the group that prices it (as its list), nothing else.
    const own = await download(
      '/sys/feerate/exportXls',
      { groupId: demoId('Acme customers SMS') },
      { user: 'agentcustomer' },
    );
    expect(own.response.status).toBe(200);
    expect((await sheetOf(own.bytes)).length).toBe(demo.get('Acme customers SMS')!.rateCount + 1);
    const other = await download(
      '/sys/feerate/exportXls',
      { groupId: demoId('Northwind agents SMS') },
      { user: 'agentcustomer' },
    );
    expect(other.response.status).toBe(404);
  });
});

describe('rate groups: exportXls, deleteBatch, sort', () => {
  it('exports the groups the caller sees, in its language', async () => {
    const en = await sheetOf(
      (await download('/sys/feerateGroup/exportXls', { kind: 'sms', column: 'name' })).bytes,
    );
    expect(en[0]).toEqual(['Name', 'Kind', 'Owner', 'Rates', 'Companies', 'Remark', 'Updated at']);
    const names = en.slice(1).map((r) => r[0]);
    expect(names).toContain('Acme customers SMS');
    expect(names).toContain('Northwind agents SMS');
    expect(names).not.toContain('Wholesale SMS');
    expect(names.indexOf('Acme customers SMS')).toBeLessThan(names.indexOf('Northwind agents SMS'));
    const acme = en.find((r) => r[0] === 'Acme customers SMS')!;
    const seeded = demo.get('Acme customers SMS')!;
    expect(acme.slice(1, 5)).toEqual(['SMS', 'Acme Agency', seeded.rateCount, seeded.companyCount]);

    const zh = await sheetOf(
      (await download('/sys/feerateGroup/exportXls', { name: 'Standard' }, { user: 'admin', locale: ZH }))
        .bytes,
    );
    expect(zh[0]).toEqual(['名称', '类型', '所属', '费率数', '公司数', '备注', '更新时间']);
    // The group's own order: by kind (nd, sms, voice), then name.
    expect(zh.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['Standard ND', '号码检测', '平台'],
      ['Standard SMS', '短信', '平台'],
      ['Standard voice', '语音', '平台'],
    ]);
  });

  it('sorts by the number of rates; refuses other columns', async () => {
    const counts = expectOk(
      await call<Page<RateGroup>>('admin', 'GET', '/sys/feerateGroup/list', {
        query: { column: 'rateCount', order: 'desc', pageSize: '100' },
      }),
    ).records.map((g) => g.rateCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expectError(
      await call('admin', 'GET', '/sys/feerateGroup/list', { query: { column: 'ownerCompanyId' } }),
      400,
      'SORT_COLUMN_INVALID',
      { params: { column: 'ownerCompanyId' } },
    );
  });

  it('deleteBatch: all or none; groups still assigned are named and nothing is deleted', async () => {
    const a = await freshGroup('agent', 'sms', false);
    const b = await freshGroup('agent', 'nd', false);
    const used = await freshGroup('agent', 'sms', true);
    for (const locale of [EN, ZH]) {
      expectError(
        await call('agent', 'DELETE', '/sys/feerateGroup/deleteBatch', {
          query: { ids: `${a.id},${used.id},${b.id}` },
          locale,
        }),
        409,
        'RATE_GROUPS_IN_USE',
        { locale, params: { names: used.name } },
      );
    }
    // Another's group in the batch: refused, nothing deleted.
    expectError(
      await call('agent', 'DELETE', '/sys/feerateGroup/deleteBatch', {
        query: { ids: `${a.id},${demoId('Northwind agents SMS')}` },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectError(
      await call('agent', 'DELETE', '/sys/feerateGroup/deleteBatch', {
        query: { ids: `${a.id},${demoId('Wholesale SMS')}` },
      }),
      404,
      'NOT_FOUND',
    );
    expect(
      (await call('agentcustomer', 'DELETE', '/sys/feerateGroup/deleteBatch', { query: { ids: a.id } }))
        .status,
    ).toBe(403);
    for (const g of [a, b, used]) {
      expectOk(await call('agent', 'GET', '/sys/feerateGroup/queryById', { query: { id: g.id } }));
    }
    expect(
      expectOk(
        await call('agent', 'DELETE', '/sys/feerateGroup/deleteBatch', { query: { ids: `${a.id},${b.id}` } }),
      ),
    ).toEqual({ deleted: 2 });
    expectError(
      await call('agent', 'GET', '/sys/feerateGroup/queryById', { query: { id: a.id } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('gateway costs: exportXls, importExcel, deleteBatch (staff only)', () => {
  const gateway = () => unique('gw').replace(/\s/g, '-');

  it('imports all rows or none, replaces a destination’s cost, exports in the caller’s language', async () => {
    const gw = gateway();
    const bad = await upload(
      '/gatewayOperatorPrice/importExcel',
      'costs.csv',
      `Gateway,Kind,Country,MCC,MNC,Cost\n${gw},SMS,FR,208,01,0.031\n${gw},Voice,XX,,,0.01\n${gw},sms,FR,208,01,0.02\n${gw},sms,DE,,01,0.02\n`,
      { user: 'admin', locale: ZH },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('IMPORT_HAS_ERRORS');
    expect(bad.body.result.errors).toEqual([
      {
        row: 3,
        field: 'countryCode',
        column: '国家/地区',
        message: text('COUNTRY_UNKNOWN', ZH, { country: 'XX' }),
      },
      {
        row: 4,
        field: 'countryCode',
        column: '国家/地区',
        message: text('RATE_DUPLICATE_ROW', ZH, { row: 2 }),
      },
      { row: 5, field: 'mnc', column: 'MNC', message: text('RATE_MNC_WITHOUT_MCC', ZH) },
    ]);
    const listed = async () =>
      expectOk(
        await call<Page<{ countryCode: string; kind: string; cost: string }>>(
          'admin',
          'GET',
          '/gatewayOperatorPrice/list',
          { query: { gateway: gw, column: 'cost' } },
        ),
      ).records.map((r) => [r.countryCode, r.kind, r.cost]);
    expect(await listed()).toEqual([]);

    const good = await upload(
      '/gatewayOperatorPrice/importExcel',
      'costs.csv',
      `通道,类型,国家/地区,MCC,MNC,成本\n${gw},短信,FR,208,01,0.031\n${gw},语音,FR,,,0.012\n`,
      { user: 'admin' },
    );
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.result.imported).toBe(2);
    const again = await upload(
      '/gatewayOperatorPrice/importExcel',
      'costs.csv',
      `gateway,countryCode,mcc,mnc,cost\n${gw},FR,208,01,0.029\n`,
      { user: 'admin' },
    );
    expect(again.body.result?.imported, JSON.stringify(again.body)).toBe(1);
    expect(await listed()).toEqual([
      ['FR', 'voice', '0.012000'],
      ['FR', 'sms', '0.029000'],
    ]);

    const en = await sheetOf(
      (
        await download(
          '/gatewayOperatorPrice/exportXls',
          { gateway: gw, column: 'cost', order: 'desc' },
          { user: 'admin' },
        )
      ).bytes,
    );
    expect(en[0]).toEqual(['Gateway', 'Kind', 'Country', 'MCC', 'MNC', 'Cost', 'Remark', 'Updated at']);
    expect(en.slice(1).map((r) => r.slice(0, 6))).toEqual([
      [gw, 'SMS', 'FR', '208', '01', 0.029],
      [gw, 'Voice', 'FR', undefined, undefined, 0.012],
    ]);
    const zh = await sheetOf(
      (await download('/gatewayOperatorPrice/exportXls', { gateway: gw }, { user: 'sales', locale: ZH }))
        .bytes,
    );
    expect(zh[0]).toEqual(['通道', '类型', '国家/地区', 'MCC', 'MNC', '成本', '备注', '更新时间']);
  });

  it('deleteBatch: all or none; never for resellers and customers, who never see cost', async () => {
    const gw = gateway();
    const ids: string[] = [];
    for (const countryCode of ['FR', 'DE']) {
      ids.push(
        expectOk(
          await call<{ id: string }>('admin', 'POST', '/gatewayOperatorPrice/add', {
            body: { gateway: gw, countryCode, cost: '0.01' },
          }),
        ).id,
      );
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expectError(
      await call('admin', 'DELETE', '/gatewayOperatorPrice/deleteBatch', {
        query: { ids: `${ids[0]},${missing}` },
      }),
      404,
      'NOT_FOUND',
    );
    expect(
      (await call('sales', 'DELETE', '/gatewayOperatorPrice/deleteBatch', { query: { ids: ids[0]! } }))
        .status,
    ).toBe(403);
    for (const user of ['distributor', 'agent', 'customer', 'agentcustomer']) {
      expect(
        (await call(user, 'DELETE', '/gatewayOperatorPrice/deleteBatch', { query: { ids: ids[0]! } })).status,
      ).toBe(403);
      expect((await download('/gatewayOperatorPrice/exportXls', {}, { user })).response.status).toBe(403);
      const imported = await upload(
        '/gatewayOperatorPrice/importExcel',
        'costs.csv',
        `gateway,countryCode,cost\n${gw},GB,0.01\n`,
        { user },
      );
      expect(imported.status).toBe(403);
    }
    expect(
      expectOk(
        await call('admin', 'DELETE', '/gatewayOperatorPrice/deleteBatch', { query: { ids: ids.join(',') } }),
      ),
    ).toEqual({ deleted: 2 });
    expect(
      expectOk(
        await call<Page<unknown>>('admin', 'GET', '/gatewayOperatorPrice/list', { query: { gateway: gw } }),
      ).total,
    ).toBe(0);
  });
});
