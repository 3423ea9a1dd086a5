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
  // A loop with a quote-free fast path: this builds every column of a batch insert, and the
  // regex replace on every value took about 6 % of the server's CPU while accepting batches.
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (v.indexOf('"') === -1 && v.indexOf('\\') === -1) out += `"${v}"`;
    else out += `"${v.replace(/[\\"]/g, '\\$&')}"`;
  }
  return `${out}}`;
}

/** One column of `unnestRows`: its element type and its value in each row (null: NULL). */
export type UnnestColumn<R> = readonly [type: string, value: (row: R) => string | null | undefined];

/**
 * `unnest(...) as alias(names)`: rows as a table for an insert or an update, each column ONE
 * array parameter (pgArray) in the order given, so a batch of any size is one short statement of
 * one shape. Select its columns by name (not `*`): a name the insert does not know then fails
 * rather than two columns of one type trading places.
 */
export function unnestRows<R>(
  alias: string,
  rows: readonly R[],
  columns: Record<string, UnnestColumn<R>>,
): SQL {
  const arrays = Object.values(columns).map(
    ([type, value]) => sql`${pgArray(rows.map(value))}::${sql.raw(type)}[]`,
  );
  return sql`unnest(${sql.join(arrays, sql`, `)}) as ${sql.raw(alias)}(${sql.raw(Object.keys(columns).join(', '))})`;
}
