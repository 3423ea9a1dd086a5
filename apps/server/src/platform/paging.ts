import type { KeysetPage, KeysetQuery, Page, PageQuery } from '@switchboard/contracts';
import { pageOf } from '@switchboard/contracts';
import { and, type Column, desc, lt, type SQL } from 'drizzle-orm';

/**
 * One page of a list and the total, for tables of a size people page through (users, companies,
 * announcements): `count` counts the filtered rows, `rows` reads one page.
 */
export async function paginate<T>(
  query: PageQuery,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const [total, records] = await Promise.all([
    count(),
    rows(query.pageSize, (query.pageNo - 1) * query.pageSize),
  ]);
  return pageOf(records, Number(total), query);
}

/**
 * Keyset paging for large, time-ordered tables (the logs): newest first by a numeric key, no
 * count. `where` adds the page's condition (key below the cursor) to the filters; read
 * `limit` rows (one more than the page) and hand them to `keysetPageOf`.
 */
export function keyset(key: Column, query: KeysetQuery, filters: SQL | undefined) {
  return {
    where: and(filters, query.cursor ? lt(key, Number(query.cursor)) : undefined),
    orderBy: desc(key),
    limit: query.pageSize + 1,
  };
}

export function keysetPageOf<T>(rows: T[], query: KeysetQuery, keyOf: (row: T) => number): KeysetPage<T> {
  const records = rows.slice(0, query.pageSize);
  const last = records.at(-1);
  return {
    records,
    size: query.pageSize,
    nextCursor: rows.length > query.pageSize && last ? String(keyOf(last)) : null,
  };
}
