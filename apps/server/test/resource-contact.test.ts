import {
  type Envelope,
  type ImportResult,
  type Locale,
  type Page,
  type SupportContactRecord,
  XLSX_MIME,
} from '@switchboard/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import {
  EN,
  expectEnvelope,
  expectError,
  expectFieldError,
  expectOk,
  text,
  tokenOf,
  ZH,
} from './support/api';

/**
 * The conventions of a resource group, walked on the support contacts: sortable list,
 * queryById, deleteBatch, exportXls and importExcel (all rows or none, with a row report).
 */

let s: TestServer;
let admin: string;
let customer: string;
let run = 0;
/** A prefix no other test uses, so each test sees only its own contacts. */
const prefix = () => `rc${++run}${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  s = await startServer();
  admin = await tokenOf(s, 'admin');
  customer = await tokenOf(s, 'customer');
});
afterAll(() => s.close());

const list = (query: Record<string, string>, locale: Locale = EN) =>
  s.call<Page<SupportContactRecord>>('GET', '/sys/supportContact/list', { token: admin, query, locale });

async function add(name: string, telegram: string, sort = 0) {
  return expectOk(
    await s.call<SupportContactRecord>('POST', '/sys/supportContact/add', {
      token: admin,
      body: { name, telegram, sort, enabled: true },
    }),
  );
}

/** POSTs a file to importExcel as multipart/form-data. */
async function upload(
  filename: string,
  content: string | Uint8Array<ArrayBuffer>,
  options: { locale?: Locale; dryRun?: boolean; token?: string } = {},
) {
  const form = new FormData();
  form.append('file', new Blob([content]), filename);
  const response = await fetch(
    `${s.baseUrl}/api/sys/supportContact/importExcel${options.dryRun ? '?dryRun=true' : ''}`,
    {
      method: 'POST',
      headers: { 'X-Access-Token': options.token ?? admin, 'X-Locale': options.locale ?? EN },
      body: form,
    },
  );
  return { status: response.status, body: (await response.json()) as Envelope<ImportResult> };
}

async function download(query: Record<string, string>, locale: Locale = EN, token = admin) {
  const response = await fetch(
    `${s.baseUrl}/api/sys/supportContact/exportXls?${new URLSearchParams(query)}`,
    {
      headers: { 'X-Access-Token': token, 'X-Locale': locale },
    },
  );
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function sheetOf(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('list: sort by whitelisted columns', () => {
  it('sorts by the named column in either order, filters by name', async () => {
    const p = prefix();
    await add(`${p} Bob`, '@bob_support', 3);
    await add(`${p} Amy`, '@amy_support', 9);
    await add(`${p} Cat`, '@cat_support', 1);
    const names = async (query: Record<string, string>) =>
      expectOk(await list({ name: p, ...query })).records.map((r) => r.name.slice(p.length + 1));
    expect(await names({})).toEqual(['Cat', 'Bob', 'Amy']); // the group's own order: sort number
    expect(await names({ column: 'name' })).toEqual(['Amy', 'Bob', 'Cat']);
    expect(await names({ column: 'name', order: 'desc' })).toEqual(['Cat', 'Bob', 'Amy']);
    expect(await names({ column: 'sortNo', order: 'desc' })).toEqual(['Amy', 'Bob', 'Cat']);
    const page = expectOk(await list({ name: p, column: 'name', pageNo: '2', pageSize: '2' }));
    expect({ total: page.total, current: page.current, size: page.size }).toEqual({
      total: 3,
      current: 2,
      size: 2,
    });
    expect(page.records.map((r) => r.name)).toEqual([`${p} Cat`]);
  });

  it('refuses a column outside the whitelist, naming it, in the caller’s language', async () => {
    expectError(await list({ column: 'passwordHash' }), 400, 'SORT_COLUMN_INVALID', {
      params: { column: 'passwordHash' },
    });
    const zh = await list({ column: 'id' }, ZH);
    expectError(zh, 400, 'SORT_COLUMN_INVALID', { locale: ZH, params: { column: 'id' } });
    expect(zh.body.message).toBe('列表不能按id排序');
    expectFieldError(await list({ order: 'sideways' }), 'order', /order/);
    expectFieldError(await list({ column: 'name; drop table x' }), 'column', /column/);
  });
});

describe('queryById, delete and deleteBatch', () => {
  it('answers one row by id, 404 for an unknown one', async () => {
    const row = await add(`${prefix()} One`, '@one_support');
    const found = await s.call<SupportContactRecord>('GET', '/sys/supportContact/queryById', {
      token: admin,
      query: { id: row.id },
    });
    expect(expectOk(found)).toMatchObject({ id: row.id, name: row.name, telegram: '@one_support' });
    const missing = await s.call('GET', '/sys/supportContact/queryById', {
      token: admin,
      query: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expectError(missing, 404, 'NOT_FOUND');
    expectFieldError(
      await s.call('GET', '/sys/supportContact/queryById', { token: admin, query: { id: 'x' } }),
      'id',
      /id/,
    );
  });

  it('deletes several rows at once, or none when one id is unknown', async () => {
    const p = prefix();
    const a = await add(`${p} A`, '@aaa_support');
    const b = await add(`${p} B`, '@bbb_support');
    const c = await add(`${p} C`, '@ccc_support');
    const unknown = '00000000-0000-4000-8000-000000000001';
    const refused = await s.call('DELETE', '/sys/supportContact/deleteBatch', {
      token: admin,
      query: { ids: `${a.id},${unknown}` },
    });
    expectError(refused, 404, 'NOT_FOUND');
    expect(expectOk(await list({ name: p })).total).toBe(3);

    const done = await s.call<{ deleted: number }>('DELETE', '/sys/supportContact/deleteBatch', {
      token: admin,
      query: { ids: ` ${a.id}, ${b.id},${a.id}` },
    });
    expect(expectOk(done)).toEqual({ deleted: 2 });
    expect(expectOk(await list({ name: p })).records.map((r) => r.id)).toEqual([c.id]);

    const del = await s.call('DELETE', '/sys/supportContact/delete', { token: admin, query: { id: c.id } });
    expect(expectOk(del)).toBeNull();
    expectError(
      await s.call('DELETE', '/sys/supportContact/delete', { token: admin, query: { id: c.id } }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses ids that are not ids, none, or too many', async () => {
    const call = (ids: string, locale: Locale = EN) =>
      s.call('DELETE', '/sys/supportContact/deleteBatch', { token: admin, query: { ids }, locale });
    expectFieldError(await call('abc,def'), 'ids', text('FIELD_INVALID', EN, { field: 'ids' }));
    expectFieldError(await call(' , '), 'ids', text('FIELD_REQUIRED', EN, { field: 'ids' }));
    const many = Array.from(
      { length: 201 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    expectFieldError(await call(many.join(','), ZH), 'ids', 'ids最多200项');
    expectError(
      await s.call('DELETE', '/sys/supportContact/deleteBatch', {
        token: customer,
        query: { ids: many[0]! },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
  });
});

describe('exportXls', () => {
  it('streams a real .xlsx with the list’s filters and headers in the caller’s language', async () => {
    const p = prefix();
    await add(`${p} Zoe`, '@zoe_support', 2);
    await add(`${p} Al`, 'https://t.me/al_support', 1);
    const en = await download({ name: p, column: 'name', order: 'desc' });
    expect(en.response.status).toBe(200);
    expect(en.response.headers.get('content-type')).toBe(XLSX_MIME);
    const today = new Date().toISOString().slice(0, 10);
    expect(en.response.headers.get('content-disposition')).toContain(
      `filename="support-contacts-${today}.xlsx"`,
    );
    const rows = await sheetOf(en.bytes);
    expect(rows[0]).toEqual(['Name', 'Telegram', 'Sort', 'Enabled', 'Created at']);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
      [`${p} Zoe`, '@zoe_support', 2, 'Yes'],
      [`${p} Al`, 'https://t.me/al_support', 1, 'Yes'],
    ]);
    expect(String(rows[1]![4])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const zh = await sheetOf((await download({ name: p }, ZH)).bytes);
    expect(zh[0]).toEqual(['名称', 'Telegram账号', '排序', '启用', '创建时间']);
    expect(zh[1]!.slice(0, 4)).toEqual([`${p} Al`, 'https://t.me/al_support', 1, '是']);
  });

  it('checks the sort and the permission like the list does', async () => {
    const bad = await download({ column: 'secret' });
    expect(bad.response.status).toBe(400);
    expect(JSON.parse(bad.bytes.toString()).errorCode).toBe('SORT_COLUMN_INVALID');
    const denied = await download({}, EN, customer);
    expect(denied.response.status).toBe(403);
  });

  it('imports back what it exported', async () => {
    const p = prefix();
    await add(`${p} Round`, '@round_trip', 4);
    const exported = (await download({ name: p })).bytes;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported as unknown as ExcelJS.Buffer);
    // The copy gets other names, so the list can tell them apart.
    workbook.worksheets[0]!.getCell('A2').value = `${p} Copy`;
    const copy = Buffer.from(await workbook.xlsx.writeBuffer());
    // 'Created at' is not an import column: it is refused, named.
    const refused = await upload('contacts.xlsx', copy);
    expect(refused.status).toBe(400);
    expect(refused.body.result.errors).toEqual([
      {
        row: 1,
        field: 'header',
        column: 'Created at',
        message: 'The header Created at is not a column of this list',
      },
    ]);
    workbook.worksheets[0]!.spliceColumns(5, 1);
    const ok = await upload('contacts.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.result.imported).toBe(1);
    const names = expectOk(await list({ name: p, column: 'name' })).records.map((r) => [r.name, r.sortNo]);
    expect(names).toEqual([
      [`${p} Copy`, 4],
      [`${p} Round`, 4],
    ]);
  });
});

describe('importExcel', () => {
  it('imports a good CSV in one go, headers by either language or key', async () => {
    const p = prefix();
    const csv = `\ufeffName,Telegram账号,sort,启用\r\n${p} One,@one_import,1,yes\r\n"${p} Two, Ltd",@two_import,,否\r\n\r\n`;
    const res = await upload('contacts.csv', csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectEnvelope(res.body, 200);
    expect(res.body.result).toMatchObject({ dryRun: false, total: 2, imported: 2, errors: [] });
    const rows = expectOk(await list({ name: p, column: 'name' })).records;
    expect(rows.map((r) => [r.name, r.telegram, r.sortNo, r.enabled])).toEqual([
      [`${p} One`, '@one_import', 1, true],
      [`${p} Two, Ltd`, '@two_import', 0, false],
    ]);
  });

  it('reads tab-separated text and GB18030 files', async () => {
    const p = prefix();
    const res = await upload('contacts.txt', `名称\tTelegram\n${p} 客服\t@tab_import\n`);
    expect(res.body.result?.imported, JSON.stringify(res.body)).toBe(1);
    const gbk = new Uint8Array([
      ...Buffer.from(`name,telegram\n${p} `),
      0xc4,
      0xe3,
      0xba,
      0xc3, // 你好 in GB18030
      ...Buffer.from(',@gbk_import\n'),
    ]);
    expect((await upload('contacts.csv', gbk)).body.result?.imported).toBe(1);
    const names = expectOk(await list({ name: p, column: 'telegram' })).records.map((r) => r.name);
    expect(names).toEqual([`${p} 你好`, `${p} 客服`]);
  });

  it('writes nothing when a row is bad and reports every problem by row, in the caller’s language', async () => {
    const p = prefix();
    const csv = [
      'Name,Telegram,Sort,Enabled',
      `${p} Good,@good_import,1,yes`,
      `${p} Bad,not a handle,x,maybe`,
      `,@noname_import,2,no`,
    ].join('\n');
    const en = await upload('contacts.csv', csv);
    expectError({ ...en, headers: new Headers() }, 400, 'IMPORT_HAS_ERRORS', { params: { count: 4 } });
    expect(en.body.result.imported).toBe(0);
    expect(en.body.result.errors).toEqual([
      { row: 3, field: 'sort', column: 'Sort', message: 'Sort is invalid' },
      { row: 3, field: 'enabled', column: 'Enabled', message: 'Enabled is invalid' },
      { row: 3, field: 'telegram', column: 'Telegram', message: 'Telegram is invalid' },
      { row: 4, field: 'name', column: 'Name', message: 'Name is required' },
    ]);
    const zh = await upload('contacts.csv', csv, { locale: ZH });
    expect(zh.status).toBe(400);
    expect(zh.body.message).toBe('文件中有4处错误，未导入任何数据');
    expect(zh.body.result.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [3, '排序', '排序格式不正确'],
      [3, '启用', '启用格式不正确'],
      [3, 'Telegram账号', 'Telegram账号格式不正确'],
      [4, '名称', '名称不能为空'],
    ]);
    expect(expectOk(await list({ name: p })).total).toBe(0);
  });

  it('previews on a dry run without writing, errors included', async () => {
    const p = prefix();
    const good = await upload('c.csv', `name,telegram\n${p} Dry,@dry_import\n`, { dryRun: true });
    expect(expectOk({ ...good, headers: new Headers() })).toMatchObject({
      dryRun: true,
      total: 1,
      imported: 0,
      errors: [],
      columns: [
        { key: 'name', title: 'Name' },
        { key: 'telegram', title: 'Telegram' },
      ],
      preview: [{ row: 2, values: { name: `${p} Dry`, telegram: '@dry_import' } }],
    });
    const bad = await upload('c.csv', `name\n${p} Dry\n`, { dryRun: true, locale: ZH });
    expect(bad.status).toBe(200);
    expect(bad.body.result.errors).toEqual([
      { row: 1, field: 'telegram', column: 'Telegram账号', message: '表头缺少“Telegram账号”列' },
    ]);
    expect(expectOk(await list({ name: p })).total).toBe(0);
  });

  it('refuses other files, legacy .xls, empty and oversized files and non-multipart bodies', async () => {
    const code = async (res: { status: number; body: Envelope<unknown> }) => [res.status, res.body.errorCode];
    expect(await code(await upload('contacts.xls', 'whatever'))).toEqual([400, 'IMPORT_XLS_UNSUPPORTED']);
    const xls = await upload('contacts.xls', 'whatever', { locale: ZH });
    expect(xls.body.message).toBe('无法读取旧版 .xls 文件：请另存为 .xlsx 或 CSV 后再导入');
    expect(await code(await upload('contacts.pdf', '%PDF'))).toEqual([400, 'IMPORT_FILE_TYPE']);
    expect(await code(await upload('contacts.xlsx', 'not a zip'))).toEqual([400, 'IMPORT_FILE_UNREADABLE']);
    expect(await code(await upload('contacts.csv', 'name,telegram\n'))).toEqual([400, 'IMPORT_HAS_ERRORS']);
    const big = await upload('contacts.csv', `name,telegram\n${'x,@y\n'.repeat(600_000)}`, { locale: ZH });
    expect([big.status, big.body.errorCode, big.body.message]).toEqual([
      413,
      'IMPORT_FILE_TOO_LARGE',
      '文件不能超过2 MB',
    ]);
    const json = await s.call('POST', '/sys/supportContact/importExcel', {
      token: admin,
      body: { file: 'x' },
    });
    expectError(json, 400, 'IMPORT_FILE_REQUIRED');
    expect((await upload('c.csv', 'name,telegram\na,@bbb\n', { token: customer })).status).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the upload and the file answer', async () => {
    const res = await fetch(`${s.baseUrl}/api/openapi.json`, { headers: { 'X-Access-Token': admin } });
    const openapi = (await res.json()) as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: object }; responses: Record<string, { content?: object }> }>
      >;
    };
    expect(
      Object.keys(openapi.paths['/api/sys/supportContact/importExcel']!.post!.requestBody!.content),
    ).toEqual(['multipart/form-data']);
    expect(
      Object.keys(openapi.paths['/api/sys/supportContact/exportXls']!.get!.responses['200']!.content!),
    ).toEqual([XLSX_MIME]);
    expect(openapi.paths['/api/sys/supportContact/deleteBatch']!.delete).toBeDefined();
  });
});
