import ExcelJS from 'exceljs';
import { AppError } from '../envelope';

/** The kinds of file an import reads. Legacy .xls (BIFF) is refused: no kept library reads it. */
export type ImportFileType = 'xlsx' | 'csv' | 'txt';

/** The type of an uploaded file from its name; .xls and anything else are refused, named. */
export function importFileType(filename: string): ImportFileType {
  const name = filename.trim().toLowerCase();
  if (name.endsWith('.xlsx')) return 'xlsx';
  if (name.endsWith('.csv')) return 'csv';
  if (name.endsWith('.txt')) return 'txt';
  if (name.endsWith('.xls')) throw new AppError('IMPORT_XLS_UNSUPPORTED', 400);
  throw new AppError('IMPORT_FILE_TYPE', 400);
}

/**
 * Text of a CSV or text file: UTF-8 (a byte order mark is dropped) or, when the bytes are not
 * UTF-8, GB18030, which is what Excel on a Chinese Windows saves as "CSV".
 */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('gb18030').decode(bytes);
  }
  return text.startsWith('\ufeff') ? text.slice(1) : text;
}

/**
 * Rows of delimited text (RFC 4180): fields in double quotes may hold the delimiter, line
 * breaks and doubled quotes; lines end with LF or CRLF. The delimiter is a tab when the first
 * line has one (a .txt saved from a sheet), else a comma, else a semicolon when the line has one.
 */
export function parseDelimited(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes('\t')
    ? '\t'
    : !firstLine.includes(',') && firstLine.includes(';')
      ? ';'
      : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += char;
      }
      i++;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
    } else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (char === '\r' && text[i + 1] === '\n') i++;
    } else {
      field += char;
    }
    i++;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A cell of a worksheet as text: rich text joined, formulas by their result, dates in UTC. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ');
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/** Rows of the first worksheet of an .xlsx file, as text. */
export async function readXlsx(bytes: Buffer, maxRows: number): Promise<string[][]> {
  // An .xlsx is a zip: anything else is not worth handing to the zip reader.
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) {
    throw new AppError('IMPORT_FILE_UNREADABLE', 400, { type: '.xlsx' });
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new AppError('IMPORT_FILE_UNREADABLE', 400, { type: '.xlsx' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.rowCount > maxRows + 1) {
    throw new AppError('IMPORT_TOO_MANY_ROWS', 400, { max: maxRows });
  }
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    rows[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return Array.from(rows, (row) => row ?? []);
}

/** The rows of an uploaded file, as text cells (the first row is the header). */
export async function readRows(type: ImportFileType, bytes: Buffer, maxRows: number): Promise<string[][]> {
  if (type === 'xlsx') return readXlsx(bytes, maxRows);
  return parseDelimited(decodeText(bytes));
}
