import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * `column` is one of `ids`, the ids sent as one uuid[] parameter: unlike inArray, any number of
 * them fits in a statement (PostgreSQL takes at most 65,535 parameters).
 */
export const inUuids = (column: Column, ids: readonly string[]): SQL =>
  sql`${column} = any(${sql.param(ids)}::uuid[])`;

/** `column = any(texts)`: the same for text keys. */
export const inTexts = (column: Column, values: readonly string[]): SQL =>
  sql`${column} = any(${sql.param(values)}::text[])`;

/** A LIKE pattern matching `value` anywhere, with its own % _ and \ taken literally ("50%" finds "50%"). */
export const likeText = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A PostgreSQL array literal of texts (null and undefined elements as NULL), bound as ONE
 * parameter whatever the count: `unnest(${pgArray(ids)}::uuid[], ...)` writes a batch in one
 * short statement, and `= any(${pgArray(keys)}::text[])` is a constant the planner matches
 * against an index.
 */
export function pgArray(values: readonly (string | null | undefined)[]): string {
  return `{${values
    .map((v) => (v === null || v === undefined ? 'NULL' : `"${v.replace(/[\\"]/g, '\\$&')}"`))
    .join(',')}}`;
}
