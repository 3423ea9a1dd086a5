import { idsQuerySchema, sortQuerySchema } from '@switchboard/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/platform/envelope';
import {
  checkExportWindow,
  checkImport,
  decodeText,
  exportCell,
  exportFilename,
  importFileType,
  mapHeader,
  moneyFormat,
  parseDelimited,
  type ResourceColumn,
  readCell,
  readXlsx,
} from '../src/platform/resource';
import { checkSortColumn } from '../src/platform/resource/sort';

type Row = { name: string; sort: number; on: boolean; price: bigint; at: Date; kind: string };
const columns: ResourceColumn<Row>[] = [
  { key: 'name', header: { 'en-US': 'Name', 'zh-CN': '名称' }, required: true },
  { key: 'sort', header: { 'en-US': 'Sort', 'zh-CN': '排序' }, kind: 'integer' },
  { key: 'on', header: { 'en-US': 'Enabled', 'zh-CN': '启用' }, kind: 'boolean' },
  { key: 'price', header: { 'en-US': 'Price', 'zh-CN': '价格' }, kind: 'money', decimals: 6 },
  { key: 'at', header: { 'en-US': 'Created at', 'zh-CN': '创建时间' }, kind: 'datetime' },
  {
    key: 'kind',
    header: { 'en-US': 'Kind', 'zh-CN': '类型' },
    kind: 'enum',
    labels: { otp: { 'en-US': 'OTP', 'zh-CN': '验证码' } },
  },
];
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.errorCode : 'other';
  }
  return undefined;
};

describe('parseDelimited', () => {
  it('reads quoted fields with commas, quotes and line breaks, CRLF and LF', () => {
    expect(parseDelimited('a,b\r\n"x, y","say ""hi"""\n"multi\nline",\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['multi\nline', ''],
    ]);
  });
  it('takes tabs when the first line has one, semicolons when it has no comma', () => {
    expect(parseDelimited('a\tb\n1,5\t2')).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
    expect(parseDelimited('a;b\n1;2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
  it('keeps a last line without a line break', () => {
    expect(parseDelimited('a\nlast')).toEqual([['a'], ['last']]);
  });
  it('keeps blank lines and takes a quote inside an unquoted field as text', () => {
    expect(parseDelimited('a\n\nb"c,d')).toEqual([['a'], [''], ['b"c', 'd']]);
  });
  it('refuses a quote never closed as a file it cannot read', () => {
    expect(codeOf(() => parseDelimited('a,"open\nb'))).toBe('IMPORT_FILE_UNREADABLE');
  });
});

describe('decodeText and file types', () => {
  it('drops a BOM and falls back to GB18030 for bytes that are not UTF-8', () => {
    expect(decodeText(new TextEncoder().encode('\ufeff名称'))).toBe('名称');
    expect(decodeText(new Uint8Array([0xc3, 0xfb, 0xb3, 0xc6]))).toBe('名称');
  });
  it('knows .xlsx, .csv and .txt, refuses .xls with its own reason and anything else', () => {
    expect(['A.XLSX', 'b.csv', 'c.txt'].map(importFileType)).toEqual(['xlsx', 'csv', 'txt']);
    expect(codeOf(() => importFileType('old.xls'))).toBe('IMPORT_XLS_UNSUPPORTED');
    expect(codeOf(() => importFileType('x.pdf'))).toBe('IMPORT_FILE_TYPE');
    expect(codeOf(() => importFileType('xlsx'))).toBe('IMPORT_FILE_TYPE');
  });
});

describe('readXlsx (the streaming reader)', () => {
  it('reads what Excel writes: shared and rich text, numbers, dates, formulas, booleans, gaps', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('First');
    workbook.addWorksheet('Second').addRow(['not read']);
    sheet.addRow(['number', 'name', 'when', 'total', 'ok']);
    sheet.addRow([8613800138000, { richText: [{ text: 'An' }, { text: 'n', font: { bold: true } }] }]);
    sheet.getCell('C2').value = new Date(Date.UTC(2026, 10, 28, 9, 30, 5));
    sheet.getCell('C2').numFmt = 'yyyy-mm-dd hh:mm:ss';
    sheet.getCell('D2').value = { formula: 'A2*2', result: 17227600276000 };
    sheet.getCell('E2').value = true;
    sheet.getCell('B4').value = '名称 & <x>';
    sheet.getCell('A5').value = 0.1;
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await readXlsx(bytes, 10)).toEqual([
      ['number', 'name', 'when', 'total', 'ok'],
      ['8613800138000', 'Ann', '2026-11-28 09:30:05', '17227600276000', 'true'],
      [],
      ['', '名称 & <x>'],
      ['0.1'],
    ]);
    const refusal = (read: Promise<unknown>) =>
      read.then(
        () => undefined,
        (error: unknown) => (error instanceof AppError ? error.errorCode : 'other'),
      );
    expect(await refusal(readXlsx(bytes, 2))).toBe('IMPORT_TOO_MANY_ROWS');
    expect(await refusal(readXlsx(Buffer.from('PK\x03\x04 not a zip'), 10))).toBe('IMPORT_FILE_UNREADABLE');
  });
});

describe('header mapping and cells', () => {
  it('maps by key or either language, ignoring case, spaces and *', () => {
    const { mapping, unknown, duplicate, missing } = mapHeader(
      ['* NAME', '排序', 'on', '', 'Colour', 'sort'],
      columns,
    );
    expect(mapping.map((c) => c?.key)).toEqual(['name', 'sort', 'on', undefined, undefined, undefined]);
    expect(unknown).toEqual(['Colour']);
    expect(duplicate.map((c) => c.key)).toEqual(['sort']);
    expect(missing).toEqual([]);
    expect(mapHeader(['Sort'], columns).missing.map((c) => c.key)).toEqual(['name']);
  });
  it('reads cells by kind', () => {
    const [, sort, on, price, , kind] = columns as [ResourceColumn<Row>, ...ResourceColumn<Row>[]];
    expect(readCell(sort!, ' 12 ')).toEqual({ value: 12 });
    expect(readCell(sort!, '1.5')).toEqual({ invalid: true });
    expect(readCell(sort!, '')).toEqual({ value: undefined });
    expect(['是', 'No', 'TRUE', '0'].map((t) => readCell(on!, t))).toEqual([
      { value: true },
      { value: false },
      { value: true },
      { value: false },
    ]);
    expect(readCell(on!, 'maybe')).toEqual({ invalid: true });
    expect(readCell(price!, '1,234.500001')).toEqual({ value: '1234.500001' });
    expect(['otp', 'OTP', '验证码'].map((t) => readCell(kind!, t))).toEqual([
      { value: 'otp' },
      { value: 'otp' },
      { value: 'otp' },
    ]);
    expect(readCell(kind!, 'sms')).toEqual({ invalid: true });
  });
  it('writes cells for a sheet: exact money, UTC dates, labels in the language', () => {
    const row: Row = {
      name: 'n',
      sort: 3,
      on: true,
      price: 3_500n,
      at: new Date('2026-11-25T08:09:10.123Z'),
      kind: 'otp',
    };
    const cells = (locale: 'en-US' | 'zh-CN') => columns.map((c) => exportCell(c, row, locale));
    expect(cells('en-US')).toEqual(['n', 3, 'Yes', 0.0035, '2026-11-25 08:09:10', 'OTP']);
    expect(cells('zh-CN')).toEqual(['n', 3, '是', 0.0035, '2026-11-25 08:09:10', '验证码']);
    // More digits than a sheet's number keeps: the exact text.
    expect(exportCell(columns[3]!, { ...row, price: 123_456_789_012_345_678n }, 'en-US')).toBe(
      '123456789012.345678',
    );
    expect([moneyFormat(2), moneyFormat(6), moneyFormat(0)]).toEqual(['#,##0.00', '#,##0.00####', '#,##0']);
  });
});

describe('checkImport', () => {
  const schema = z.object({
    name: z.string().min(1, 'FIELD_REQUIRED').max(5, 'FIELD_TOO_LONG'),
    sort: z.number().int().default(0),
    on: z.boolean().default(true),
  });
  const importColumns = columns.slice(0, 3);

  it('answers the parsed rows with their sheet row numbers, empty rows skipped', () => {
    const checked = checkImport(
      [
        ['Name', 'Sort'],
        ['ab', '2'],
        ['', ''],
        ['cd', ''],
      ],
      importColumns,
      schema,
      'en-US',
    );
    expect(checked.errors).toEqual([]);
    expect(checked.rows).toEqual([
      { row: 2, value: { name: 'ab', sort: 2, on: true } },
      { row: 4, value: { name: 'cd', sort: 0, on: true } },
    ]);
    expect(checked.total).toBe(2);
  });

  it('reports each bad cell with row, column and message in the language', () => {
    const checked = checkImport(
      [
        ['名称', '排序'],
        ['toolong', 'x'],
      ],
      importColumns,
      schema,
      'zh-CN',
    );
    expect(checked.rows).toEqual([]);
    expect(checked.errors).toEqual([
      { row: 2, field: 'sort', column: '排序', message: '排序格式不正确' },
      { row: 2, field: 'name', column: '名称', message: '名称最多5个字符' },
    ]);
  });

  it('stops at the header when it is wrong, and reports an empty file', () => {
    expect(
      checkImport([['Sort', 'Foo']], importColumns, schema, 'en-US').errors.map((e) => e.message),
    ).toEqual(['The header Foo is not a column of this list', 'The header row has no column Name']);
    expect(checkImport([['Name']], importColumns, schema, 'en-US').errors.map((e) => e.field)).toEqual([
      'file',
    ]);
    expect(checkImport([], importColumns, schema, 'en-US').errors.map((e) => e.field)).toEqual(['name']);
  });
});

describe('query conventions', () => {
  it('parses deleteBatch ids: trimmed, repeats once, all UUIDs, bounded', () => {
    const a = '0b7c9b7e-5f1e-4c1a-9a57-2a1b3c4d5e6f';
    expect(idsQuerySchema.parse({ ids: ` ${a},,${a} ` }).ids).toEqual([a]);
    expect(idsQuerySchema.safeParse({ ids: `${a},nope` }).success).toBe(false);
    expect(idsQuerySchema.safeParse({ ids: '' }).success).toBe(false);
  });
  it('allows only whitelisted sort columns and asc/desc', () => {
    expect(codeOf(() => checkSortColumn({ column: 'name' }, ['name']))).toBeUndefined();
    expect(codeOf(() => checkSortColumn({ column: 'password' }, ['name']))).toBe('SORT_COLUMN_INVALID');
    expect(sortQuerySchema.safeParse({ order: 'up' }).success).toBe(false);
    expect(sortQuerySchema.safeParse({ column: 'a b' }).success).toBe(false);
  });
  it('bounds time-based exports to a window of seven days', () => {
    const now = Date.UTC(2026, 10, 25);
    expect(codeOf(() => checkExportWindow(new Date(now - 7 * 86_400_000), new Date(now)))).toBeUndefined();
    expect(codeOf(() => checkExportWindow(new Date(now - 7 * 86_400_000 - 1), new Date(now)))).toBe(
      'EXPORT_WINDOW_REQUIRED',
    );
    expect(codeOf(() => checkExportWindow(undefined, new Date(now)))).toBe('EXPORT_WINDOW_REQUIRED');
    expect(codeOf(() => checkExportWindow(new Date(now), new Date(now - 1)))).toBe('EXPORT_WINDOW_REQUIRED');
    expect(exportFilename('ledger', new Date(now))).toBe('ledger-2026-11-25.xlsx');
  });
});
