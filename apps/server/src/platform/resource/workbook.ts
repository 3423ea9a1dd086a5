import { createInflateRaw } from 'node:zlib';
import { IMPORT_CELL_MAX_CHARS, IMPORT_MAX_COLUMNS, IMPORT_UNPACKED_MAX_BYTES } from '@switchboard/contracts';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { AppError } from '../envelope';

/**
 * The first worksheet of an .xlsx, read as a stream with limits (issue 21): the zip's directory
 * is read from the upload in memory (at most IMPORT_MAX_BYTES), then only the parts a sheet needs
 * are unpacked, each through a streaming inflater that stops at its declared size or
 * IMPORT_UNPACKED_MAX_BYTES, whichever is smaller (a zip bomb's shared strings are refused on their
 * declared size before anything is unpacked, or after 32 MB when the zip lies about it), and their
 * XML parsed as it comes, so rows past the limit, a column past IMPORT_MAX_COLUMNS or a cell past
 * IMPORT_CELL_MAX_CHARS end the read at once. Every chunk is an event-loop turn: other requests
 * are answered meanwhile. The whole workbook is never loaded.
 */

const unreadable = () => new AppError('IMPORT_FILE_UNREADABLE', 400, { type: '.xlsx' });
const unpacksTooLarge = () =>
  new AppError('IMPORT_FILE_UNPACKS_TOO_LARGE', 413, { max: IMPORT_UNPACKED_MAX_BYTES / 1024 / 1024 });

interface ZipEntry {
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** More parts than any workbook has: the directory is not read further. */
const MAX_ENTRIES = 10_000;

/** The zip's central directory: entries by name (zip64 and encrypted entries are not read). */
function zipDirectory(bytes: Buffer): Map<string, ZipEntry> {
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (count > MAX_ENTRIES) throw unreadable();
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const flags = bytes.readUInt16LE(at + 8);
    const nameLength = bytes.readUInt16LE(at + 28);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength).replace(/^\/+/, '');
    const entry: ZipEntry = {
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      offset: bytes.readUInt32LE(at + 42),
    };
    if (!(flags & 1)) entries.set(name, entry);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** The compressed bytes of an entry (its local header skipped). */
function entryData(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.offset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw unreadable();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) throw unreadable();
  return bytes.subarray(start, start + entry.compressedSize);
}

type XmlHandlers = {
  open?: (tag: SaxesTagPlain) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/**
 * Unpacks one entry and parses its XML as it streams. Refused on its declared size before any
 * unpacking, and when the bytes that come out pass the declared size or the limit.
 */
async function parseEntry(bytes: Buffer, entry: ZipEntry, handlers: XmlHandlers): Promise<void> {
  if (entry.size > IMPORT_UNPACKED_MAX_BYTES) throw unpacksTooLarge();
  if (entry.method !== 0 && entry.method !== 8) throw unreadable();
  const data = entryData(bytes, entry);
  const parser = new SaxesParser();
  let failure: unknown;
  parser.on('error', (error) => {
    failure ??= error;
  });
  if (handlers.open) parser.on('opentag', handlers.open);
  if (handlers.close) parser.on('closetag', (tag) => handlers.close!(tag.name));
  if (handlers.text) parser.on('text', handlers.text);
  const decoder = new TextDecoder('utf-8');
  const feed = (chunk: Buffer) => {
    parser.write(decoder.decode(chunk, { stream: true }));
    if (failure) throw failure;
  };
  try {
    if (entry.method === 0) {
      feed(data);
    } else {
      const inflater = createInflateRaw();
      inflater.end(data);
      let unpacked = 0;
      // Breaking out of the loop (a limit, a bad row) destroys the inflater.
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        unpacked += chunk.length;
        if (unpacked > entry.size) {
          throw unpacked > IMPORT_UNPACKED_MAX_BYTES ? unpacksTooLarge() : unreadable();
        }
        feed(chunk);
      }
    }
    parser.write(decoder.decode());
    parser.close();
    if (failure) throw failure;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}

/** `B12` -> 1 (0-based column), undefined when the reference has no letters. */
function columnOf(reference: string | undefined): number | undefined {
  const letters = /^[A-Z]+/.exec(reference ?? '')?.[0];
  if (!letters) return undefined;
  let n = 0;
  for (const letter of letters) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n - 1;
}

/** Built-in number formats that show a date or time. */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dmyhs]/i.test(bare) && !/^[#0.,%\s]*$/.test(bare);
}

/** An Excel date serial as `YYYY-MM-DD HH:mm:ss` (UTC, to the second). */
function serialDate(serial: number, date1904: boolean): string {
  const ms = Math.round(((date1904 ? serial + 1462 : serial) - 25569) * 86_400) * 1000;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Where a relationship's target is in the zip (relative to xl/, or absolute). */
function partPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

/** Rows of the first worksheet of an .xlsx file, as text; refused past `maxRows` data rows. */
export async function readXlsx(bytes: Buffer, maxRows: number): Promise<string[][]> {
  // An .xlsx is a zip: anything else is not worth handing to the zip reader.
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== LOCAL) throw unreadable();
  const zip = zipDirectory(bytes);
  const part = (name: string) => zip.get(name);

  // The workbook: its first sheet's relationship id, and its date system.
  const workbook = part('xl/workbook.xml');
  if (!workbook) throw unreadable();
  let sheetRelation: string | undefined;
  let date1904 = false;
  await parseEntry(bytes, workbook, {
    open: (tag) => {
      if (tag.name === 'sheet' && sheetRelation === undefined) sheetRelation = tag.attributes['r:id'];
      if (tag.name === 'workbookPr') date1904 = ['1', 'true'].includes(tag.attributes.date1904 ?? '');
    },
  });
  let sheetPath: string | undefined;
  let stringsPath = 'xl/sharedStrings.xml';
  let stylesPath = 'xl/styles.xml';
  const relations = part('xl/_rels/workbook.xml.rels');
  if (relations) {
    await parseEntry(bytes, relations, {
      open: (tag) => {
        if (tag.name !== 'Relationship') return;
        const { Id: id, Target: target = '', Type: type = '' } = tag.attributes;
        if (id === sheetRelation) sheetPath = partPath(target);
        else if (type.endsWith('/sharedStrings')) stringsPath = partPath(target);
        else if (type.endsWith('/styles')) stylesPath = partPath(target);
      },
    });
  }
  const sheet = part(sheetPath ?? 'xl/worksheets/sheet1.xml');
  if (!sheet) return [];

  // Styles: which cell formats show dates (a number in such a cell is read as a date).
  const dateStyles: boolean[] = [];
  const styles = part(stylesPath);
  if (styles) {
    const customDates = new Map<number, boolean>();
    let inCellFormats = false;
    await parseEntry(bytes, styles, {
      open: (tag) => {
        if (tag.name === 'numFmt') {
          customDates.set(Number(tag.attributes.numFmtId), isDateFormat(tag.attributes.formatCode ?? ''));
        } else if (tag.name === 'cellXfs') inCellFormats = true;
        else if (tag.name === 'xf' && inCellFormats) {
          const id = Number(tag.attributes.numFmtId ?? 0);
          dateStyles.push(customDates.get(id) ?? DATE_FORMAT_IDS.has(id));
        }
      },
      close: (name) => {
        if (name === 'cellXfs') inCellFormats = false;
      },
    });
  }

  // Shared strings: the text of each <si>, phonetic runs left out.
  const strings: string[] = [];
  const shared = part(stringsPath);
  if (shared) {
    let text: string[] | undefined;
    let inText = false;
    let phonetic = 0;
    await parseEntry(bytes, shared, {
      open: (tag) => {
        if (tag.name === 'si') text = [];
        else if (tag.name === 'rPh') phonetic++;
        else if (tag.name === 't' && phonetic === 0) inText = true;
      },
      text: (value) => {
        if (inText && text) text.push(value);
      },
      close: (name) => {
        if (name === 't') inText = false;
        else if (name === 'rPh') phonetic--;
        else if (name === 'si' && text) {
          strings.push(text.join(''));
          text = undefined;
        }
      },
    });
  }

  // The sheet, row by row.
  const rows: string[][] = [];
  let row: string[] | undefined;
  let rowNumber = 0;
  let column = -1;
  let cell: { type: string; style: number; value: string[]; length: number } | undefined;
  let collecting = false;
  const finishCell = () => {
    if (!cell || !row) return;
    const raw = cell.value.join('');
    let value: string;
    if (cell.type === 's') value = strings[Number(raw)] ?? '';
    else if (cell.type === 'inlineStr' || cell.type === 'str') value = raw;
    else if (cell.type === 'b') value = raw === '1' ? 'true' : raw === '0' ? 'false' : raw;
    else if (cell.type === 'e') value = '';
    else if (raw === '') value = '';
    else {
      const n = Number(raw);
      value = Number.isNaN(n) ? raw : dateStyles[cell.style] ? serialDate(n, date1904) : String(n);
    }
    cell = undefined;
    if (value === '') return;
    if (column >= IMPORT_MAX_COLUMNS) {
      throw new AppError('IMPORT_TOO_MANY_COLUMNS', 400, { max: IMPORT_MAX_COLUMNS });
    }
    if (value.length > IMPORT_CELL_MAX_CHARS) {
      throw new AppError('IMPORT_CELL_TOO_LONG', 400, {
        row: rowNumber,
        column: column + 1,
        max: IMPORT_CELL_MAX_CHARS,
      });
    }
    // A data row past the limit ends the read (the header row is one more).
    if (rowNumber > maxRows + 1) throw new AppError('IMPORT_TOO_MANY_ROWS', 400, { max: maxRows });
    row[column] = value;
  };
  await parseEntry(bytes, sheet, {
    open: (tag) => {
      if (tag.name === 'row') {
        rowNumber = Number(tag.attributes.r) || rowNumber + 1;
        row = [];
        column = -1;
      } else if (tag.name === 'c') {
        column = columnOf(tag.attributes.r) ?? column + 1;
        cell = {
          type: tag.attributes.t ?? 'n',
          style: Number(tag.attributes.s ?? 0),
          value: [],
          length: 0,
        };
      } else if (cell && (tag.name === 'v' || (tag.name === 't' && cell.type === 'inlineStr'))) {
        collecting = true;
      }
    },
    text: (value) => {
      if (!collecting || !cell) return;
      cell.value.push(value);
      cell.length += value.length;
      // A shared string's index is short; only text written in the cell can be long.
      if (cell.length > IMPORT_CELL_MAX_CHARS) {
        throw new AppError('IMPORT_CELL_TOO_LONG', 400, {
          row: rowNumber,
          column: column + 1,
          max: IMPORT_CELL_MAX_CHARS,
        });
      }
    },
    close: (name) => {
      if (name === 'v' || name === 't') collecting = false;
      else if (name === 'c') finishCell();
      else if (name === 'row' && row) {
        if (row.length > 0) rows[rowNumber - 1] = Array.from(row, (value) => value ?? '');
        row = undefined;
      }
    },
  });
  return Array.from(rows, (r) => r ?? []);
}
