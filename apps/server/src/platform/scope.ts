import { type Column, inArray, type SQL, sql } from 'drizzle-orm';

/**
 * Which companies' rows a caller may see (computed by the company module, `dataScopeOf`):
 * - platform staff (admin, sales): every company;
 * - distributors and agents: their own company and every company below it;
 * - customers: their own company only;
 * - anyone else (no company): nothing.
 */
export type DataScope = { kind: 'all' } | { kind: 'companies'; companyIds: string[] };

/** A where-condition limiting `companyColumn` to the scope (undefined: no limit). */
export function scopeCondition(scope: DataScope, companyColumn: Column): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.companyIds.length === 0) return sql`false`;
  return inArray(companyColumn, scope.companyIds);
}

export function inScope(scope: DataScope, companyId: string | null): boolean {
  return scope.kind === 'all' || (companyId !== null && scope.companyIds.includes(companyId));
}
