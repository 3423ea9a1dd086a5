import type { ErrorCode } from '@switchboard/contracts';
import { AppError } from '../../platform/envelope';

/** A problem of one row of an import: its index in the rows given, the field, the code. */
export interface RateRowProblem {
  index: number;
  field: string;
  code: ErrorCode;
  params: Record<string, string>;
}

/**
 * An import row for a destination an earlier row of the file already has: the problem naming
 * that row (its sheet number when known); otherwise the row is remembered and nothing is said.
 */
export function duplicateRow(seen: Map<string, number>, key: string, index: number, rowNumbers: number[]) {
  const before = seen.get(key);
  if (before === undefined) {
    seen.set(key, index);
    return undefined;
  }
  return {
    index,
    field: 'countryCode',
    code: 'RATE_DUPLICATE_ROW' as const,
    params: { row: String(rowNumbers[before] ?? before + 1) },
  };
}

/** RATE_IMPORT_INVALID naming every row's problems (row, field, message). */
export function importError(errors: { row: number; field: string; message: string }[]) {
  const rows = new Set(errors.map((e) => e.row)).size;
  return new AppError('RATE_IMPORT_INVALID', 400, { count: rows }, { errors });
}

/**
 * An import row as a sheet gives it: numbers where text is expected (prices, MCCs, prefixes),
 * empty cells as empty text. Everything becomes trimmed text; empty optional cells are dropped.
 */
export function normaliseImportRow(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === null || value === undefined) continue;
    const text = typeof value === 'number' || typeof value === 'bigint' ? String(value) : value;
    if (typeof text === 'string' && text.trim() === '') continue;
    out[key] = typeof text === 'string' ? text.trim() : text;
  }
  return out;
}
