import {
  type CountryOption,
  type CountryRecord,
  type DictItem,
  type DictItemRecord,
  type DictRecord,
  type Envelope,
  type ImportResult,
  type Locale,
  type Page,
  XLSX_MIME,
} from '@switchboard/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import {
  EN,
  eventually,
  expectError,
  expectFieldError,
  expectOk,
  insertUser,
  seededId,
  tokenOf,
  ZH,
} from './support/api';

/**
 * System → Dictionaries and Countries: the resource groups `/sys/dict`, `/sys/dictItem` and
 * `/sys/country`, their rules (unique codes and values, built-in dictionaries, countries in use),
 * and what every select and country picker reads (`getDictItems`, `country/options`).
 */

let s: TestServer;
let admin: string;
let customer: string;
let agent: string;
let run = 0;
/** A code no other test uses. */
const unique = (stem: string) => `${stem}_${++run}${Math.random().toString(36).slice(2, 6)}`;
const PRIORITY_ID = seededId('dict:priority');

beforeAll(async () => {
  s = await startServer();
  [admin, customer, agent] = await Promise.all([
    tokenOf(s, 'admin'),
    tokenOf(s, 'customer'),
    tokenOf(s, 'agent'),
  ]);
});
afterAll(() => s.close());

const getItems = (code: string, locale: Locale = EN, token = customer) =>
  s.call<DictItem[]>('GET', `/sys/dict/getDictItems/${code}`, { token, locale });

async function addDict(body: Record<string, unknown> = {}) {
  const dictCode = unique('d');
  return expectOk(
    await s.call<DictRecord>('POST', '/sys/dict/add', {
      token: admin,
      body: { dictCode, dictName: 'Shipping speed', dictNameZh: '配送速度', ...body },
    }),
  );
}

async function addItem(dictId: string, body: Record<string, unknown> = {}) {
  return expectOk(
    await s.call<DictItemRecord>('POST', '/sys/dictItem/add', {
      token: admin,
      body: { dictId, itemValue: 'fast', textEn: 'Fast', textZh: '快速', ...body },
    }),
  );
}

async function download(path: string, query: Record<string, string>, locale: Locale = EN) {
  const response = await fetch(`${s.baseUrl}/api${path}?${new URLSearchParams(query)}`, {
    headers: { 'X-Access-Token': admin, 'X-Locale': locale },
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { response, rows };
}

describe('/sys/dict', () => {
  it('lists the dictionaries with their item counts, built-in flag, search and sort', async () => {
    const page = expectOk(
      await s.call<Page<DictRecord>>('GET', '/sys/dict/list', {
        token: admin,
        query: { keyword: '优先', pageSize: '50' },
      }),
    );
    const priority = page.records.find((d) => d.dictCode === 'priority');
    expect(priority).toMatchObject({
      id: PRIORITY_ID,
      dictName: 'Priority',
      dictNameZh: '优先级',
      itemCount: 3,
    });
    expect(priority?.builtIn).toBe(true);
    const sorted = expectOk(
      await s.call<Page<DictRecord>>('GET', '/sys/dict/list', {
        token: admin,
        query: { column: 'itemCount', order: 'desc', pageSize: '3' },
      }),
    );
    const counts = sorted.records.map((d) => d.itemCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expectError(
      await s.call('GET', '/sys/dict/list', { token: admin, query: { column: 'nope' } }),
      400,
      'SORT_COLUMN_INVALID',
      { params: { column: 'nope' } },
    );
  });

  it('adds a dictionary with names in both languages; a code is unique', async () => {
    const dict = await addDict({ description: 'How fast an order ships' });
    expect(dict).toMatchObject({
      dictName: 'Shipping speed',
      dictNameZh: '配送速度',
      description: 'How fast an order ships',
      builtIn: false,
      itemCount: 0,
    });
    expect(
      expectOk(
        await s.call<DictRecord>('GET', '/sys/dict/queryById', { token: admin, query: { id: dict.id } }),
      ),
    ).toEqual(dict);
    const again = { dictCode: dict.dictCode, dictName: 'Other', dictNameZh: '其他' };
    expectError(
      await s.call('POST', '/sys/dict/add', { token: admin, body: again }),
      409,
      'DICT_CODE_TAKEN',
      {
        params: { code: dict.dictCode },
      },
    );
    expectError(
      await s.call('POST', '/sys/dict/add', { token: admin, body: again, locale: ZH }),
      409,
      'DICT_CODE_TAKEN',
      { locale: ZH, params: { code: dict.dictCode } },
    );
    // An empty getDictItems until items come.
    expect(expectOk(await getItems(dict.dictCode))).toEqual([]);
  });

  it('refuses bad codes and missing names in the caller’s language', async () => {
    expectFieldError(
      await s.call('POST', '/sys/dict/add', {
        token: admin,
        body: { dictCode: 'has space', dictName: 'x', dictNameZh: 'x' },
      }),
      'dictCode',
      'dictCode is invalid',
    );
    const zh = await s.call('POST', '/sys/dict/add', {
      token: admin,
      locale: ZH,
      body: { dictCode: unique('d'), dictName: 'x', dictNameZh: ' ' },
    });
    expect(zh.status).toBe(400);
    expect(zh.body.errors?.[0]?.field).toBe('dictNameZh');
  });

  it('edits a dictionary; another’s code is taken; a built-in one keeps its code', async () => {
    const [a, b] = [await addDict(), await addDict()];
    const edited = expectOk(
      await s.call<DictRecord>('PUT', '/sys/dict/edit', {
        token: admin,
        body: {
          id: a.id,
          dictCode: `${a.dictCode}_x`,
          dictName: 'Speed',
          dictNameZh: '速度',
          description: '',
        },
      }),
    );
    expect(edited).toMatchObject({ dictCode: `${a.dictCode}_x`, dictName: 'Speed', description: null });
    expectError(
      await s.call('PUT', '/sys/dict/edit', {
        token: admin,
        body: { id: a.id, dictCode: b.dictCode, dictName: 'Speed', dictNameZh: '速度' },
      }),
      409,
      'DICT_CODE_TAKEN',
      { params: { code: b.dictCode } },
    );
    const builtIn = { id: PRIORITY_ID, dictName: 'Priority', dictNameZh: '优先级' };
    expectError(
      await s.call('PUT', '/sys/dict/edit', {
        token: admin,
        body: { ...builtIn, dictCode: 'priority2' },
        locale: ZH,
      }),
      409,
      'DICT_BUILT_IN_CODE',
      { locale: ZH, params: { code: 'priority' } },
    );
    // Its names may change.
    expectOk(
      await s.call('PUT', '/sys/dict/edit', {
        token: admin,
        body: { ...builtIn, dictCode: 'priority', description: 'Announcement priority' },
      }),
    );
  });

  it('never deletes a built-in dictionary, saying why; a batch with one deletes none', async () => {
    const res = await s.call('DELETE', '/sys/dict/delete', { token: admin, query: { id: PRIORITY_ID } });
    expectError(res, 409, 'DICT_BUILT_IN', { params: { code: 'priority' } });
    expect(res.body.message).toBe(
      'The dictionary priority is built in: the system relies on it, so it cannot be deleted',
    );
    expectError(
      await s.call('DELETE', '/sys/dict/delete', { token: admin, query: { id: PRIORITY_ID }, locale: ZH }),
      409,
      'DICT_BUILT_IN',
      { locale: ZH, params: { code: 'priority' } },
    );
    const own = await addDict();
    expectError(
      await s.call('DELETE', '/sys/dict/deleteBatch', {
        token: admin,
        query: { ids: `${own.id},${PRIORITY_ID}` },
      }),
      409,
      'DICT_BUILT_IN',
      { params: { code: 'priority' } },
    );
    expectOk(await s.call('GET', '/sys/dict/queryById', { token: admin, query: { id: own.id } }));
    expect(expectOk(await getItems('priority')).map((i) => i.value)).toEqual(['L', 'M', 'H']);
  });

  it('deletes a dictionary of its own with its items (they mean nothing without it)', async () => {
    const dict = await addDict();
    const item = await addItem(dict.id);
    expectOk(await s.call('DELETE', '/sys/dict/delete', { token: admin, query: { id: dict.id } }));
    expectError(
      await s.call('GET', '/sys/dict/queryById', { token: admin, query: { id: dict.id } }),
      404,
      'DICT_NOT_FOUND',
    );
    expectError(
      await s.call('GET', '/sys/dictItem/queryById', { token: admin, query: { id: item.id } }),
      404,
      'DICT_ITEM_NOT_FOUND',
    );
    expectError(await getItems(dict.dictCode), 404, 'DICT_NOT_FOUND');
    const [a, b] = [await addDict(), await addDict()];
    expect(
      expectOk(
        await s.call('DELETE', '/sys/dict/deleteBatch', { token: admin, query: { ids: `${a.id},${b.id}` } }),
      ),
    ).toEqual({ deleted: 2 });
  });

  it('exports the dictionaries as .xlsx in the caller’s language', async () => {
    const { response, rows } = await download('/sys/dict/exportXls', { keyword: 'priority' }, ZH);
    expect(response.headers.get('content-type')).toBe(XLSX_MIME);
    expect(rows[0]).toEqual(['字典编码', '英文名称', '中文名称', '描述', '字典项数', '内置', '创建时间']);
    expect(rows.find((r) => r[0] === 'priority')?.slice(0, 3)).toEqual(['priority', 'Priority', '优先级']);
  });
});

describe('/sys/dictItem', () => {
  it('adds items in both languages; getDictItems answers them at once, by sort, in each language', async () => {
    const dict = await addDict();
    await addItem(dict.id, { itemValue: 'slow', textEn: 'Slow', textZh: '慢速', sortOrder: 5 });
    const fast = await addItem(dict.id, { sortOrder: 1 });
    expect(fast).toMatchObject({
      itemValue: 'fast',
      textEn: 'Fast',
      textZh: '快速',
      enabled: true,
      builtIn: false,
    });
    expect(expectOk(await getItems(dict.dictCode))).toEqual([
      { value: 'fast', text: 'Fast', label: 'Fast' },
      { value: 'slow', text: 'Slow', label: 'Slow' },
    ]);
    expect(expectOk(await getItems(dict.dictCode, ZH)).map((i) => i.text)).toEqual(['快速', '慢速']);
    // Without a sort number an item goes last.
    const last = await addItem(dict.id, { itemValue: 'same_day', textEn: 'Same day', textZh: '当日达' });
    expect(last.sortOrder).toBe(6);
    const page = expectOk(
      await s.call<Page<DictItemRecord>>('GET', '/sys/dictItem/list', {
        token: admin,
        query: { dictId: dict.id },
      }),
    );
    expect(page.records.map((i) => i.itemValue)).toEqual(['fast', 'slow', 'same_day']);
    expect(page.total).toBe(3);
  });

  it('sees a change made after a read (the server cache is cleared on every change)', async () => {
    const dict = await addDict();
    const item = await addItem(dict.id);
    expect(expectOk(await getItems(dict.dictCode)).map((i) => i.text)).toEqual(['Fast']);
    expectOk(
      await s.call('PUT', '/sys/dictItem/edit', {
        token: admin,
        body: {
          id: item.id,
          dictId: dict.id,
          itemValue: 'fast',
          textEn: 'Express',
          textZh: '特快',
          enabled: true,
        },
      }),
    );
    expect(expectOk(await getItems(dict.dictCode)).map((i) => i.text)).toEqual(['Express']);
    expect(expectOk(await getItems(dict.dictCode, ZH)).map((i) => i.text)).toEqual(['特快']);
    // The drawer's switch: a disabled item leaves the selects, and comes back.
    const off = expectOk(
      await s.call<DictItemRecord>('PUT', '/sys/dictItem/setEnabled', {
        token: admin,
        body: { id: item.id, enabled: false },
      }),
    );
    expect(off.enabled).toBe(false);
    expect(expectOk(await getItems(dict.dictCode))).toEqual([]);
    expectOk(
      await s.call('PUT', '/sys/dictItem/setEnabled', { token: admin, body: { id: item.id, enabled: true } }),
    );
    // The drawer's sort number.
    const other = await addItem(dict.id, { itemValue: 'slow', textEn: 'Slow', textZh: '慢速' });
    expect(expectOk(await getItems(dict.dictCode)).map((i) => i.value)).toEqual(['fast', 'slow']);
    expectOk(
      await s.call('PUT', '/sys/dictItem/setSort', { token: admin, body: { id: other.id, sortOrder: 0 } }),
    );
    expectOk(
      await s.call('PUT', '/sys/dictItem/setSort', { token: admin, body: { id: item.id, sortOrder: 9 } }),
    );
    expect(expectOk(await getItems(dict.dictCode)).map((i) => i.value)).toEqual(['slow', 'fast']);
    expectFieldError(
      await s.call('PUT', '/sys/dictItem/setSort', {
        token: admin,
        body: { id: item.id, sortOrder: 10_000 },
      }),
      'sortOrder',
      /sortOrder/,
    );
  });

  it('keeps a value unique within its dictionary, not across dictionaries', async () => {
    const [a, b] = [await addDict(), await addDict()];
    await addItem(a.id);
    const taken = await s.call('POST', '/sys/dictItem/add', {
      token: admin,
      locale: ZH,
      body: { dictId: a.id, itemValue: 'fast', textEn: 'Fast', textZh: '快速' },
    });
    expectError(taken, 409, 'DICT_ITEM_VALUE_TAKEN', { locale: ZH, params: { value: 'fast' } });
    await addItem(b.id);
    const second = await addItem(a.id, { itemValue: 'slow' });
    expectError(
      await s.call('PUT', '/sys/dictItem/edit', {
        token: admin,
        body: { id: second.id, dictId: a.id, itemValue: 'fast', textEn: 'x', textZh: 'x', enabled: true },
      }),
      409,
      'DICT_ITEM_VALUE_TAKEN',
      { params: { value: 'fast' } },
    );
    // An item does not move to another dictionary.
    expectError(
      await s.call('PUT', '/sys/dictItem/edit', {
        token: admin,
        body: { id: second.id, dictId: b.id, itemValue: 'slow', textEn: 'x', textZh: 'x', enabled: true },
      }),
      404,
      'DICT_ITEM_NOT_FOUND',
    );
  });

  it('keeps built-in values: relabel, re-sort or disable them, never delete or rename', async () => {
    const items = expectOk(
      await s.call<Page<DictItemRecord>>('GET', '/sys/dictItem/list', {
        token: admin,
        query: { dictId: seededId('dict:company_type') },
      }),
    );
    const direct = items.records.find((i) => i.itemValue === 'direct')!;
    expect(direct.builtIn).toBe(true);
    const res = await s.call('DELETE', '/sys/dictItem/delete', { token: admin, query: { id: direct.id } });
    expectError(res, 409, 'DICT_ITEM_BUILT_IN', { params: { code: 'company_type', value: 'direct' } });
    expectError(
      await s.call('DELETE', '/sys/dictItem/deleteBatch', {
        token: admin,
        query: { ids: direct.id },
        locale: ZH,
      }),
      409,
      'DICT_ITEM_BUILT_IN',
      { locale: ZH, params: { code: 'company_type', value: 'direct' } },
    );
    const body = { id: direct.id, dictId: direct.dictId, textZh: '直客', enabled: true };
    expectError(
      await s.call('PUT', '/sys/dictItem/edit', {
        token: admin,
        body: { ...body, itemValue: 'straight', textEn: 'Direct' },
      }),
      409,
      'DICT_ITEM_BUILT_IN',
      { params: { code: 'company_type', value: 'direct' } },
    );
    expectOk(
      await s.call('PUT', '/sys/dictItem/edit', {
        token: admin,
        body: { ...body, itemValue: 'direct', textEn: 'Direct customer' },
      }),
    );
    expect(expectOk(await getItems('company_type'))[0]).toEqual({
      value: 'direct',
      text: 'Direct customer',
      label: 'Direct customer',
    });
    expectOk(
      await s.call('PUT', '/sys/dictItem/edit', {
        token: admin,
        body: { ...body, itemValue: 'direct', textEn: 'Direct' },
      }),
    );
    // Items an operator added to a built-in dictionary are theirs to delete.
    const extra = await addItem(PRIORITY_ID, { itemValue: 'X', textEn: 'Critical', textZh: '危急' });
    expect(extra.builtIn).toBe(false);
    expectOk(await s.call('DELETE', '/sys/dictItem/delete', { token: admin, query: { id: extra.id } }));
  });

  it('lists one dictionary’s items with search and filters; an unknown dictionary is 404', async () => {
    const dict = await addDict();
    await addItem(dict.id);
    await addItem(dict.id, { itemValue: 'slow', textEn: 'Slow', textZh: '慢速', enabled: false });
    const list = (query: Record<string, string>) =>
      s.call<Page<DictItemRecord>>('GET', '/sys/dictItem/list', {
        token: admin,
        query: { dictId: dict.id, ...query },
      });
    expect(expectOk(await list({ keyword: '慢' })).records.map((i) => i.itemValue)).toEqual(['slow']);
    expect(expectOk(await list({ enabled: 'true' })).records.map((i) => i.itemValue)).toEqual(['fast']);
    expect(
      expectOk(await list({ column: 'itemValue', order: 'desc' })).records.map((i) => i.itemValue),
    ).toEqual(['slow', 'fast']);
    expectFieldError(await s.call('GET', '/sys/dictItem/list', { token: admin }), 'dictId', /dictId/);
    expectError(
      await s.call('GET', '/sys/dictItem/list', {
        token: admin,
        query: { dictId: '00000000-0000-4000-8000-000000000000' },
      }),
      404,
      'DICT_NOT_FOUND',
    );
    const { rows } = await download('/sys/dictItem/exportXls', { dictId: dict.id });
    expect(rows).toEqual([
      ['Value', 'Text (English)', 'Text (Chinese)', 'Sort', 'Enabled', 'Built in'],
      ['fast', 'Fast', '快速', 0, 'Yes', 'No'],
      ['slow', 'Slow', '慢速', 1, 'No', 'No'],
    ]);
  });

  it('writes every change to the operation log', async () => {
    const since = new Date(Date.now() - 1000);
    const dict = await addDict();
    const item = await addItem(dict.id);
    await s.call('PUT', '/sys/dictItem/setEnabled', { token: admin, body: { id: item.id, enabled: false } });
    await s.call('DELETE', '/sys/dict/delete', { token: admin, query: { id: dict.id } });
    await s.call('PUT', '/sys/country/setEnabled', { token: admin, body: { code: 'AQ', enabled: true } });
    const rows = await eventually(async () => {
      const page = expectOk(
        await s.call<{ records: { route: string; action: string | null; createdAt: string }[] }>(
          'GET',
          '/sys/log/operationLog',
          { token: admin, query: { username: 'admin', pageSize: '200' } },
        ),
      );
      const found = page.records.filter((r) => new Date(r.createdAt) > since);
      expect(found.map((r) => r.route)).toEqual(
        expect.arrayContaining([
          '/api/sys/dict/add',
          '/api/sys/dictItem/add',
          '/api/sys/dictItem/setEnabled',
          '/api/sys/dict/delete',
          '/api/sys/country/setEnabled',
        ]),
      );
      return found;
    });
    expect(rows.find((r) => r.route === '/api/sys/dict/delete')?.action).toBe('system:dict:delete');
  });
});

describe('permissions', () => {
  const writes: [string, string, Record<string, unknown>?, Record<string, string>?][] = [
    ['GET', '/sys/dict/list'],
    ['GET', '/sys/dict/queryById', undefined, { id: PRIORITY_ID }],
    ['POST', '/sys/dict/add', { dictCode: 'x_perm', dictName: 'x', dictNameZh: 'x' }],
    ['PUT', '/sys/dict/edit', { id: PRIORITY_ID, dictCode: 'priority', dictName: 'x', dictNameZh: 'x' }],
    ['DELETE', '/sys/dict/delete', undefined, { id: PRIORITY_ID }],
    ['DELETE', '/sys/dict/deleteBatch', undefined, { ids: PRIORITY_ID }],
    ['GET', '/sys/dict/exportXls'],
    ['GET', '/sys/dictItem/list', undefined, { dictId: PRIORITY_ID }],
    ['POST', '/sys/dictItem/add', { dictId: PRIORITY_ID, itemValue: 'Z', textEn: 'z', textZh: 'z' }],
    ['PUT', '/sys/dictItem/setEnabled', { id: PRIORITY_ID, enabled: false }],
    ['PUT', '/sys/dictItem/setSort', { id: PRIORITY_ID, sortOrder: 1 }],
    ['DELETE', '/sys/dictItem/deleteBatch', undefined, { ids: PRIORITY_ID }],
    ['GET', '/sys/country/list'],
    ['GET', '/sys/country/queryById', undefined, { code: 'CN' }],
    ['POST', '/sys/country/add', { code: 'QQ', dialCode: '999', nameEn: 'x', nameZh: 'x' }],
    ['PUT', '/sys/country/edit', { code: 'CN', dialCode: '86', nameEn: 'x', nameZh: 'x' }],
    ['PUT', '/sys/country/setEnabled', { code: 'CN', enabled: false }],
    ['DELETE', '/sys/country/delete', undefined, { code: 'AQ' }],
    ['GET', '/sys/country/exportXls'],
  ];

  it.each(['customer', 'agent'])('refuses the administration to a %s, changing nothing', async (who) => {
    const token = who === 'customer' ? customer : agent;
    for (const [method, path, body, query] of writes) {
      const res = await s.call(method, path, {
        token,
        ...(body ? { body } : {}),
        ...(query ? { query } : {}),
      });
      expect([res.status, res.body.errorCode], `${method} ${path}`).toEqual([403, 'NO_OPERATION_PERMISSION']);
    }
    expect(expectOk(await getItems('priority', EN, token)).map((i) => i.text)).toEqual([
      'General',
      'Important',
      'Urgent',
    ]);
    expect(
      expectOk(await s.call<CountryOption[]>('GET', '/sys/country/options', { token })).some(
        (c) => c.code === 'CN',
      ),
    ).toBe(true);
  });

  it('refuses nobody’s calls to the administration with 401', async () => {
    expectError(await s.call('GET', '/sys/dict/list'), 401, 'UNAUTHORIZED');
    expectError(await s.call('GET', '/sys/country/list'), 401, 'UNAUTHORIZED');
  });
});

describe('/sys/country', () => {
  const list = (query: Record<string, string>, locale: Locale = EN) =>
    s.call<Page<CountryRecord>>('GET', '/sys/country/list', { token: admin, query, locale });

  it('lists the ISO countries with dial codes and both names; search by name, code or +dial code', async () => {
    const cn = expectOk(await list({ keyword: 'china' })).records.find((c) => c.code === 'CN');
    expect(cn).toEqual({ code: 'CN', dialCode: '86', nameEn: 'China', nameZh: '中国', enabled: true });
    expect(expectOk(await list({ keyword: '英国' })).records.map((c) => c.code)).toEqual(['GB']);
    expect(expectOk(await list({ keyword: '+44' })).records.map((c) => c.code)).toEqual(
      expect.arrayContaining(['GB', 'GG', 'IM', 'JE']),
    );
    const byDial = expectOk(await list({ column: 'dialCode', pageSize: '3' })).records.map((c) => c.dialCode);
    expect(byDial).toEqual(['1', '1', '1']);
    expect(expectOk(await list({})).total).toBeGreaterThan(240);
    expectOk(await s.call('GET', '/sys/country/queryById', { token: admin, query: { code: 'cn' } }));
    expectError(
      await s.call('GET', '/sys/country/queryById', { token: admin, query: { code: 'QZ' } }),
      404,
      'COUNTRY_NOT_FOUND',
    );
  });

  it('answers the pickers the enabled countries in the caller’s language, to anyone', async () => {
    const en = expectOk(await s.call<CountryOption[]>('GET', '/sys/country/options'));
    expect(en.find((c) => c.code === 'CN')).toEqual({ code: 'CN', dialCode: '86', name: 'China' });
    const zh = expectOk(await s.call<CountryOption[]>('GET', '/sys/country/options', { locale: ZH }));
    expect(zh.find((c) => c.code === 'CN')?.name).toBe('中国');
  });

  it('adds a country once; validates code and dial code', async () => {
    const added = expectOk(
      await s.call<CountryRecord>('POST', '/sys/country/add', {
        token: admin,
        body: { code: 'xa', dialCode: '+999', nameEn: 'Example Land', nameZh: '示例国' },
      }),
    );
    expect(added).toEqual({
      code: 'XA',
      dialCode: '999',
      nameEn: 'Example Land',
      nameZh: '示例国',
      enabled: true,
    });
    expectError(
      await s.call('POST', '/sys/country/add', {
        token: admin,
        locale: ZH,
        body: { code: 'XA', dialCode: '999', nameEn: 'x', nameZh: 'x' },
      }),
      409,
      'COUNTRY_CODE_TAKEN',
      { locale: ZH, params: { code: 'XA' } },
    );
    expectFieldError(
      await s.call('POST', '/sys/country/add', {
        token: admin,
        body: { code: 'XYZ', dialCode: '999', nameEn: 'x', nameZh: 'x' },
      }),
      'code',
      'code is invalid',
    );
    expectFieldError(
      await s.call('POST', '/sys/country/add', {
        token: admin,
        body: { code: 'XB', dialCode: '0123', nameEn: 'x', nameZh: 'x' },
      }),
      'dialCode',
      'dialCode is invalid',
    );
    // Unused: it may be deleted.
    expectOk(await s.call('DELETE', '/sys/country/delete', { token: admin, query: { code: 'XA' } }));
    expectError(
      await s.call('DELETE', '/sys/country/delete', { token: admin, query: { code: 'XA' } }),
      404,
      'COUNTRY_NOT_FOUND',
    );
  });

  it('disabling a country takes it out of the pickers; data naming it stays valid', async () => {
    const edited = expectOk(
      await s.call<CountryRecord>('PUT', '/sys/country/edit', {
        token: admin,
        body: { code: 'GB', dialCode: '44', nameEn: 'United Kingdom', nameZh: '英国', enabled: true },
      }),
    );
    expect(edited.nameEn).toBe('United Kingdom');
    const routesBefore = expectOk(
      await s.call<Page<unknown>>('GET', '/sms/route/list', { token: admin, query: { countryCode: 'CN' } }),
    ).total;
    expect(routesBefore).toBeGreaterThan(0);
    // Read once so a cache would hold it.
    expect(
      expectOk(await s.call<CountryOption[]>('GET', '/sys/country/options')).some((c) => c.code === 'CN'),
    ).toBe(true);
    expectOk(
      await s.call('PUT', '/sys/country/setEnabled', { token: admin, body: { code: 'CN', enabled: false } }),
    );
    try {
      const options = expectOk(await s.call<CountryOption[]>('GET', '/sys/country/options', { locale: ZH }));
      expect(options.some((c) => c.code === 'CN')).toBe(false);
      expect(expectOk(await list({ keyword: 'CN', enabled: 'false' })).records.map((c) => c.code)).toContain(
        'CN',
      );
      expect(
        expectOk(
          await s.call<Page<unknown>>('GET', '/sms/route/list', {
            token: admin,
            query: { countryCode: 'CN' },
          }),
        ).total,
      ).toBe(routesBefore);
      // A number of a disabled country is still priced and routed.
      const quote = await s.call('POST', '/sms/route/test', {
        token: admin,
        body: {
          companyId: seededId('company:Direct Retail Ltd'),
          kind: 'marketing',
          number: '+8613800138000',
        },
      });
      expect(quote.status).toBe(200);
    } finally {
      expectOk(
        await s.call('PUT', '/sys/country/setEnabled', { token: admin, body: { code: 'CN', enabled: true } }),
      );
    }
    expect(
      expectOk(await s.call<CountryOption[]>('GET', '/sys/country/options')).some((c) => c.code === 'CN'),
    ).toBe(true);
  });

  it('refuses to delete a country that rates, operators or routes name, saying so', async () => {
    const res = await s.call('DELETE', '/sys/country/delete', { token: admin, query: { code: 'CN' } });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('COUNTRY_IN_USE');
    expect(res.body.message).toMatch(
      /^The country CN is in use \(\d+ rates, [1-9]\d* operators, \d+ gateway costs, [1-9]\d* routes, \d+ users\): it cannot be deleted; disable it instead$/,
    );
    const zh = await s.call('DELETE', '/sys/country/delete', {
      token: admin,
      query: { code: 'CN' },
      locale: ZH,
    });
    expect(zh.body.message).toMatch(
      /^国家\/地区CN正在使用中（费率\d+条、运营商[1-9]\d*个、通道成本\d+条、路由[1-9]\d*条、用户\d+个），不能删除；可停用$/,
    );
    expectOk(await s.call('GET', '/sys/country/queryById', { token: admin, query: { code: 'CN' } }));
  });

  it('refuses to delete a country a user has, saying so', async () => {
    const id = await insertUser(s, { username: `country-user-${Date.now().toString(36)}` });
    await s.app.services.users.update(id, { countryCode: 'IS' });
    const res = await s.call('DELETE', '/sys/country/delete', { token: admin, query: { code: 'IS' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'The country IS is in use (0 rates, 0 operators, 0 gateway costs, 0 routes, 1 users): it cannot be deleted; disable it instead',
    );
  });

  it('exports the list and imports it back (known codes updated, new ones added, bad rows refused)', async () => {
    const { response, rows } = await download('/sys/country/exportXls', { keyword: 'GB' }, ZH);
    expect(response.headers.get('content-type')).toBe(XLSX_MIME);
    expect(rows[0]).toEqual(['代码', '国际区号', '英文名称', '中文名称', '启用']);
    expect(rows.find((r) => r[0] === 'GB')).toEqual(['GB', '44', 'United Kingdom', '英国', '是']);
    const upload = async (csv: string) => {
      const form = new FormData();
      form.append('file', new Blob([csv]), 'countries.csv');
      const r = await fetch(`${s.baseUrl}/api/sys/country/importExcel`, {
        method: 'POST',
        headers: { 'X-Access-Token': admin, 'X-Locale': EN },
        body: form,
      });
      return { status: r.status, body: (await r.json()) as Envelope<ImportResult> };
    };
    const bad = await upload('code,dialCode,nameEn,nameZh,enabled\nXC,12a,Bad,坏,yes\n');
    expect(bad.status).toBe(400);
    expect(bad.body.result.errors[0]).toMatchObject({ row: 2, field: 'dialCode' });
    const good = await upload(
      'code,dialCode,nameEn,nameZh,enabled\nXC,998,Import Land,导入国,no\nAQ,672,Antarctica,南极洲,yes\n',
    );
    expect(good.status).toBe(200);
    expect(good.body.result.imported).toBe(2);
    expect(
      expectOk(
        await s.call<CountryRecord>('GET', '/sys/country/queryById', { token: admin, query: { code: 'XC' } }),
      ),
    ).toEqual({
      code: 'XC',
      dialCode: '998',
      nameEn: 'Import Land',
      nameZh: '导入国',
      enabled: false,
    });
    expect(
      expectOk(await s.call<CountryOption[]>('GET', '/sys/country/options')).some((c) => c.code === 'XC'),
    ).toBe(false);
    expectOk(await s.call('DELETE', '/sys/country/delete', { token: admin, query: { code: 'XC' } }));
  });
});
