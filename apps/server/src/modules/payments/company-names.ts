import type { Services } from '../../platform/module';

/** Rows with their company's name (null for a row of no company). */
export async function withCompanyNames<T extends { companyId: string | null }>(
  services: Pick<Services, 'companies'>,
  rows: T[],
): Promise<(T & { companyName: string | null })[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.companyId ? [r.companyId] : [])))];
  const names = await services.companies.namesOf(ids);
  return rows.map((r) => ({ ...r, companyName: r.companyId ? (names.get(r.companyId) ?? null) : null }));
}
