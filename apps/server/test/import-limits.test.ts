import http from 'node:http';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import {
  API_PREFIX,
  IMPORT_CELL_MAX_CHARS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_UNPACKED_MAX_BYTES,
  type Locale,
  SMS_RECIPIENTS_MAX,
} from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { EN, text, tokenOf, ZH } from './support/api';

/**
 * Imports read spreadsheets and text within limits (issue 21 item 5): a 2 MB upload may be a zip
 * whose shared strings unpack to hundreds of megabytes. Every import (numbers, templates, sender
 * ids, the resource groups' importExcel) reads through one reader that refuses a part of the zip
 * on its declared unpacked size, stops unpacking at the limit when the zip lies about it, and
 * stops reading at the first row, column or cell past the limits; other requests are answered
 * while uploads are read. The bombs are built here: a few kB of zip, 64 MB unpacked.
 */

const MB = 1024 * 1024;
const MAX_MB = IMPORT_UNPACKED_MAX_BYTES / MB;

let s: TestServer;
/** The customer's session; the administrator's for the contacts of the platform. */
let token: string;
let adminToken: string;
beforeAll(async () => {
  s = await startServer();
  token = await tokenOf(s, 'customer');
  adminToken = await tokenOf(s, 'admin');
});
afterAll(() => s.close());

interface ZipPart {
  name: string;
  /** The deflated bytes, their CRC and their real size. */
  deflated: Buffer;
  crc: number;
  size: number;
  /** The unpacked size the zip's directory states (default: the real one). */
  declared?: number;
}

const part = (name: string, content: string): ZipPart => {
  const data = Buffer.from(content);
  return { name, deflated: deflateRawSync(data), crc: crc32(data), size: data.length };
};

/** A zip of deflated parts, with local headers, a central directory and its end record. */
function zip(parts: ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const size = p.declared ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(p.crc, 16);
    entry.writeUInt32LE(p.deflated.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    chunks.push(local, name, p.deflated);
    central.push(entry, name);
    offset += local.length + name.length + p.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook of one sheet (its <sheetData> inner XML) and the given shared strings part. */
function workbook(sheetData: string, sharedStrings?: ZipPart): Buffer {
  return zip([
    part(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    part(
      'xl/workbook.xml',
      `<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    ...(sharedStrings ? [sharedStrings] : []),
    part(
      'xl/worksheets/sheet1.xml',
      `<worksheet xmlns="${NS}"><sheetData>${sheetData}</sheetData></worksheet>`,
    ),
  ]);
}

/** Shared strings of 64 MB (a thousand-character string, 65,536 times) in a few kB of deflate. */
async function bombStrings(): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  let size = 0;
  const write = async (data: Buffer) => {
    crc = crc32(data, crc);
    size += data.length;
    if (!deflate.write(data)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(Buffer.from(`<sst xmlns="${NS}">`));
  const block = Buffer.from(`<si><t>${'A'.repeat(1_011)}</t></si>`.repeat(1024)); // 1 MB
  for (let i = 0; i < 64; i++) await write(block);
  await write(Buffer.from('</sst>'));
  deflate.end();
  await done;
  return { name: 'xl/sharedStrings.xml', deflated: Buffer.concat(out), crc, size };
}

const ONE_ROW = '<row r="1"><c r="A1" t="s"><v>0</v></c></row>';

/** POSTs one file as multipart; answers when the body is handed to the socket and when answered. */
function post(path: string, filename: string, bytes: Buffer, locale: Locale = EN) {
  const session = path.startsWith('/sys/supportContact') ? adminToken : token;
  const boundary = `----sb${Math.random().toString(36).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const url = new URL(`${s.baseUrl}${API_PREFIX}${path}`);
  let sent!: () => void;
  const flushed = new Promise<void>((resolve) => (sent = resolve));
  const answered = new Promise<{ status: number; errorCode?: string; message: string }>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
          'X-Access-Token': session,
          'X-Locale': locale,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          const json = JSON.parse(Buffer.concat(chunks).toString()) as {
            errorCode?: string;
            message: string;
          };
          resolve({ status: response.statusCode!, errorCode: json.errorCode, message: json.message });
        });
      },
    );
    request.on('error', reject);
    request.end(body, () => sent());
  });
  return { flushed, answered };
}

const upload = (path: string, filename: string, bytes: Buffer, locale: Locale = EN) =>
  post(path, filename, bytes, locale).answered;

const NUMBERS = '/sms/marketing/importNumbers';
const TEMPLATES = '/sms/template/importExcel';
const SENDERS = '/sms/sender/importExcel';

describe('a zip bomb .xlsx', () => {
  let bomb: ZipPart;
  beforeAll(async () => {
    bomb = await bombStrings();
  });

  it('is refused on its declared unpacked size by every import, in the caller’s language', async () => {
    const file = workbook(ONE_ROW, bomb);
    expect(file.length).toBeLessThan(MB);
    for (const [path, locale] of [
      [NUMBERS, EN],
      [TEMPLATES, ZH],
      [SENDERS, EN],
      ['/sys/supportContact/importExcel', ZH],
    ] as const) {
      const res = await upload(path, 'bomb.xlsx', file, locale);
      expect([path, res]).toEqual([
        path,
        {
          status: 413,
          errorCode: 'IMPORT_FILE_UNPACKS_TOO_LARGE',
          message: text('IMPORT_FILE_UNPACKS_TOO_LARGE', locale, { max: MAX_MB }),
        },
      ]);
    }
  });

  it('that states a smaller size is refused when what it unpacks passes it', async () => {
    const res = await upload(NUMBERS, 'bomb.xlsx', workbook(ONE_ROW, { ...bomb, declared: 1_000 }));
    expect(res).toMatchObject({ status: 400, errorCode: 'IMPORT_FILE_UNREADABLE' });
  });

  it('two at once, unpacked up to the limit: /api/health answers while they are read', async () => {
    // Each states exactly the limit, so the server unpacks 32 MB of each before it refuses.
    const file = workbook(ONE_ROW, { ...bomb, declared: IMPORT_UNPACKED_MAX_BYTES });
    const order: string[] = [];
    const uploads = [post(NUMBERS, 'a.xlsx', file), post(TEMPLATES, 'b.xlsx', file)];
    const answers = uploads.map((u, i) =>
      u.answered.then((res) => {
        order.push(`upload ${i}`);
        return res;
      }),
    );
    // Both files are on their way to the server: now the health check.
    await Promise.all(uploads.map((u) => u.flushed));
    const health = fetch(`${s.baseUrl}${API_PREFIX}/health`).then((res) => {
      order.push('health');
      return res.status;
    });
    expect(await health).toBe(200);
    for (const res of await Promise.all(answers)) {
      expect(res).toMatchObject({ status: 413, errorCode: 'IMPORT_FILE_UNPACKS_TOO_LARGE' });
    }
    expect(order[0]).toBe('health');
  });
});

describe('rows, columns and cells past the limits', () => {
  const cell = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;

  it('an .xlsx: too many rows, a column too far, a cell too long', async () => {
    const rows = Array.from(
      { length: IMPORT_MAX_ROWS + 2 },
      (_, i) => `<row r="${i + 1}">${cell(`A${i + 1}`, `n${i}`)}</row>`,
    ).join('');
    expect(await upload(TEMPLATES, 'rows.xlsx', workbook(rows))).toMatchObject({
      status: 400,
      errorCode: 'IMPORT_TOO_MANY_ROWS',
      message: text('IMPORT_TOO_MANY_ROWS', EN, { max: IMPORT_MAX_ROWS }),
    });
    // Column 65 (BM): past IMPORT_MAX_COLUMNS.
    expect(IMPORT_MAX_COLUMNS).toBe(64);
    expect(
      await upload(TEMPLATES, 'wide.xlsx', workbook(`<row r="1">${cell('BM1', 'x')}</row>`), ZH),
    ).toEqual({
      status: 400,
      errorCode: 'IMPORT_TOO_MANY_COLUMNS',
      message: text('IMPORT_TOO_MANY_COLUMNS', ZH, { max: IMPORT_MAX_COLUMNS }),
    });
    const long = 'x'.repeat(IMPORT_CELL_MAX_CHARS + 1);
    expect(
      await upload(
        SENDERS,
        'long.xlsx',
        workbook(`<row r="1">${cell('A1', 'senderId')}</row><row r="2">${cell('C2', long)}</row>`),
      ),
    ).toEqual({
      status: 400,
      errorCode: 'IMPORT_CELL_TOO_LONG',
      message: text('IMPORT_CELL_TOO_LONG', EN, { row: 2, column: 3, max: IMPORT_CELL_MAX_CHARS }),
    });
  });

  it('a .csv or .txt: too many rows, columns or characters', async () => {
    const numbers = Array.from(
      { length: SMS_RECIPIENTS_MAX + 2 },
      (_, i) => `1${String(i).padStart(10, '0')}`,
    );
    expect(await upload(NUMBERS, 'n.txt', Buffer.from(numbers.join('\n')))).toMatchObject({
      status: 400,
      errorCode: 'IMPORT_TOO_MANY_ROWS',
      message: text('IMPORT_TOO_MANY_ROWS', EN, { max: SMS_RECIPIENTS_MAX }),
    });
    const wide = Array.from({ length: IMPORT_MAX_COLUMNS + 1 }, (_, i) => `c${i}`).join(',');
    expect(await upload(TEMPLATES, 'wide.csv', Buffer.from(`${wide}\n`), ZH)).toEqual({
      status: 400,
      errorCode: 'IMPORT_TOO_MANY_COLUMNS',
      message: text('IMPORT_TOO_MANY_COLUMNS', ZH, { max: IMPORT_MAX_COLUMNS }),
    });
    const long = 'y'.repeat(IMPORT_CELL_MAX_CHARS + 1);
    expect(await upload(NUMBERS, 'long.csv', Buffer.from(`number,name\n8613800138000,${long}\n`))).toEqual({
      status: 400,
      errorCode: 'IMPORT_CELL_TOO_LONG',
      message: text('IMPORT_CELL_TOO_LONG', EN, { row: 2, column: 2, max: IMPORT_CELL_MAX_CHARS }),
    });
  });

  it('an old .xls is refused by its type before it is read', async () => {
    const res = await upload(NUMBERS, 'old.xls', Buffer.alloc(1024, 0xd0), ZH);
    expect(res).toEqual({
      status: 400,
      errorCode: 'IMPORT_XLS_UNSUPPORTED',
      message: text('IMPORT_XLS_UNSUPPORTED', ZH),
    });
  });

  it('a workbook within the limits is read: shared, rich and inline strings, numbers', async () => {
    const file = workbook(
      `<row r="1">${cell('A1', 'number')}<c r="B1" t="s"><v>0</v></c></row>` +
        `<row r="2"><c r="A2"><v>8613800138000</v></c><c r="B2" t="s"><v>1</v></c></row>`,
      part(
        'xl/sharedStrings.xml',
        `<sst xmlns="${NS}"><si><t>name</t></si><si><r><t>An</t></r><r><t>n</t></r></si></sst>`,
      ),
    );
    const res = await fetch(`${s.baseUrl}${API_PREFIX}${NUMBERS}`, {
      method: 'POST',
      headers: { 'X-Access-Token': token },
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(file)]), 'ok.xlsx');
        return form;
      })(),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { recipients: unknown[] } };
    expect(body.result.recipients).toEqual([{ number: '8613800138000', vars: { name: 'Ann' } }]);
  });
});
