import { IMPORT_CELL_MAX_CHARS, IMPORT_MAX_COLUMNS } from '@switchboard/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../envelope';
import { readXlsx } from './workbook';

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
 * Rows of delimited text (RFC 4180, read by `csv-parse`): fields in double quotes may hold the
 * delimiter, line breaks and doubled quotes; lines end with LF, CRLF or CR; a quote inside an
 * unquoted field is text, and rows may differ in length. Blank lines stay (one empty cell), so
 * that row numbers are the file's. The delimiter is a tab when the first line has one (a .txt
 * saved from a sheet), else a comma, else a semicolon when the line has one. A quote never
 * closed is a file that cannot be read.
 */
export function parseDelimited(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes('\t')
    ? '\t'
    : !firstLine.includes(',') && firstLine.includes(';')
      ? ';'
      : ',';
  try {
    return parse(text, {
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw new AppError('IMPORT_FILE_UNREADABLE', 400, { type: '.csv' });
    throw error;
  }
}

/** The rows of an uploaded file, as text cells (the first row is the header); see `readText`. */
export async function readRows(type: ImportFileType, bytes: Buffer, maxRows: number): Promise<string[][]> {
  if (type === 'xlsx') return readXlsx(bytes, maxRows);
  return readText(bytes, maxRows);
}

/**
 * Rows of a CSV or text file within the import limits: at most `maxRows` data rows (the header
 * is one more), IMPORT_MAX_COLUMNS filled columns, IMPORT_CELL_MAX_CHARS per cell. The text is at
 * most IMPORT_MAX_BYTES (the upload's limit), so it is parsed at once.
 */
export function readText(bytes: Uint8Array, maxRows: number): string[][] {
  const rows = parseDelimited(decodeText(bytes));
  // Blank lines are no rows (they stay, so that row numbers are the file's).
  const filled = rows.filter((row) => row.some((cell) => cell.trim() !== '')).length;
  if (filled > maxRows + 1) throw new AppError('IMPORT_TOO_MANY_ROWS', 400, { max: maxRows });
  for (const [index, row] of rows.entries()) {
    if (row.length > IMPORT_MAX_COLUMNS && row.slice(IMPORT_MAX_COLUMNS).some((cell) => cell !== '')) {
      throw new AppError('IMPORT_TOO_MANY_COLUMNS', 400, { max: IMPORT_MAX_COLUMNS });
    }
    const long = row.findIndex((cell) => cell.length > IMPORT_CELL_MAX_CHARS);
    if (long >= 0) {
      throw new AppError('IMPORT_CELL_TOO_LONG', 400, {
        row: index + 1,
        column: long + 1,
        max: IMPORT_CELL_MAX_CHARS,
      });
    }
  }
  return rows;
}
