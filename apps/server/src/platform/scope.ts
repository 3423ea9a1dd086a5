import { hasPlatformScope, hasResellerScope } from '@switchboard/contracts';
import { type Column, inArray, type SQL, sql } from 'drizzle-orm';
import { companies } from '../db/schema';
import type { AuthContext } from './auth';
import type { Db } from './db';

/**
 * Which companies' rows a caller may see.
 * - platform staff (admin, sales): every company;
 * - distributors and agents: their own company and every company below it (their customers,
 *   and for a distributor its agents' customers too);
 * - customers: their own company only;
 * - anyone else (no company): nothing.
 */
export type DataScope = { kind: 'all' } | { kind: 'companies'; companyIds: string[] };

export async function dataScopeOf(db: Db, auth: AuthContext): Promise<DataScope> {
  if (hasPlatformScope(auth.roles)) return { kind: 'all' };
  const own = auth.user.companyId;
  if (!own) return { kind: 'companies', companyIds: [] };
  if (!hasResellerScope(auth.roles)) return { kind: 'companies', companyIds: [own] };
  const rows = await db.execute<{ id: string }>(sql`
    with recursive tree(id) as (
      select ${companies.id} from ${companies} where ${companies.id} = ${own}
      union
      select c.id from ${companies} c join tree on c.parent_company_id = tree.id
    )
    select id from tree`);
  return { kind: 'companies', companyIds: rowsOf<{ id: string }>(rows).map((r) => r.id) };
}

/** A where-condition limiting `companyColumn` to the scope (undefined: no limit). */
export function scopeCondition(scope: DataScope, companyColumn: Column): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.companyIds.length === 0) return sql`false`;
  return inArray(companyColumn, scope.companyIds);
}

export function inScope(scope: DataScope, companyId: string | null): boolean {
  return scope.kind === 'all' || (companyId !== null && scope.companyIds.includes(companyId));
}

/** node-postgres returns {rows}, PGlite returns {rows} too; both typed loosely by drizzle. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
