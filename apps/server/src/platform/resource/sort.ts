import type { SortQuery } from '@switchboard/contracts';
import { asc, type Column, desc, type SQL } from 'drizzle-orm';
import { AppError } from '../envelope';

/** Refuses a sort column outside the group's list, naming it (400 SORT_COLUMN_INVALID). */
export function checkSortColumn(query: SortQuery, sortable: readonly string[]): void {
  if (query.column !== undefined && !sortable.includes(query.column)) {
    throw new AppError('SORT_COLUMN_INVALID', 400, { column: query.column });
  }
}

/**
 * The ORDER BY of a sorted list: the requested column (one of `columns`, the group's whitelist)
 * in the requested direction, then `fallback` (the group's own order, ending with a unique
 * column so pages never overlap). Without `column` the fallback alone.
 */
export function orderByOf(query: SortQuery, columns: Record<string, Column | SQL>, fallback: SQL[]): SQL[] {
  if (query.column === undefined) return fallback;
  checkSortColumn(query, Object.keys(columns));
  const column = columns[query.column]!;
  return [query.order === 'desc' ? desc(column) : asc(column), ...fallback];
}
