import {
  CALL_LIST_CELL_MAX,
  CALL_LIST_COLUMNS_MAX,
  CALL_LIST_HEADERS,
  type CallListImport,
} from '@switchboard/contracts';
import { AppError } from '../../platform/envelope';
import { parseNumber } from '../rate';

type Entry = CallListImport['entries'][number];

const looksLikeNumber = (cell: string) =>
  /^[+\d\s\-().]+$/.test(cell) && (cell.match(/\d/g)?.length ?? 0) >= 4;
const headerOf = (cell: string, names: readonly string[]) => names.includes(cell.trim().toLowerCase());

/**
 * The numbers of a call list file (txt: one number per line; csv/xlsx: a header row naming a
 * number column, or the first, and any other columns): each number normalised, with its name and
 * notes (columns so headed, either language) and every other headed column kept by its header (at
 * most CALL_LIST_COLUMNS_MAX); an invalid or repeated number is a problem of its row (1-based, as
 * a sheet shows it). A first row that is all numbers is data, not a header.
 */
export function readCallListTable(table: string[][], max: number): CallListImport {
  const rows = table.map((row) => row.map((cell) => (cell ?? '').trim()));
  const first = rows[0] ?? [];
  const header = first.some((cell) => cell !== '' && !looksLikeNumber(cell));
  let numberAt = 0;
  let nameAt = -1;
  let notesAt = -1;
  const extra: { at: number; name: string }[] = [];
  if (header) {
    const found = first.findIndex((cell) => headerOf(cell, CALL_LIST_HEADERS.number));
    numberAt = found >= 0 ? found : 0;
    nameAt = first.findIndex((cell, at) => at !== numberAt && headerOf(cell, CALL_LIST_HEADERS.name));
    notesAt = first.findIndex(
      (cell, at) => at !== numberAt && at !== nameAt && headerOf(cell, CALL_LIST_HEADERS.notes),
    );
    const seen = new Set<string>();
    for (const [at, cell] of first.entries()) {
      const name = cell.slice(0, 64);
      if (at === numberAt || at === nameAt || at === notesAt || name === '' || seen.has(name)) continue;
      seen.add(name);
      extra.push({ at, name });
    }
    if (extra.length > CALL_LIST_COLUMNS_MAX) throw new AppError('CALL_LIST_TOO_MANY_COLUMNS', 400);
  }
  const entries: Entry[] = [];
  const problems: CallListImport['problems'] = [];
  const numbers = new Set<string>();
  const cell = (row: string[], at: number, max: number) => {
    const value = at >= 0 ? (row[at] ?? '') : '';
    return value === '' ? null : value.slice(0, max);
  };
  for (let i = header ? 1 : 0; i < rows.length; i++) {
    const row = rows[i]!;
    const given = row[numberAt] ?? '';
    if (given === '') continue;
    const parsed = parseNumber(given);
    if (!parsed) {
      problems.push({ row: i + 1, number: given.slice(0, 32), reason: 'NUMBER_INVALID' });
      continue;
    }
    if (numbers.has(parsed.digits)) {
      problems.push({ row: i + 1, number: given.slice(0, 32), reason: 'NUMBER_DUPLICATE' });
      continue;
    }
    numbers.add(parsed.digits);
    entries.push({
      number: parsed.digits,
      name: cell(row, nameAt, 64),
      notes: cell(row, notesAt, CALL_LIST_CELL_MAX),
      extra: Object.fromEntries(extra.map((c) => [c.name, (row[c.at] ?? '').slice(0, CALL_LIST_CELL_MAX)])),
    });
  }
  if (entries.length > max) throw new AppError('BATCH_TOO_LARGE', 400, { field: 'file', max });
  if (entries.length === 0 && problems.length === 0) throw new AppError('CALL_LIST_NUMBERS_REQUIRED', 400);
  return { entries, columns: extra.map((c) => c.name), problems };
}
