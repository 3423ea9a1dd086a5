import type { CountryListQuery } from '@switchboard/contracts';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { likeText } from '../../platform/sql';
import { countries } from './schema';

export type CountryRow = typeof countries.$inferSelect;
export type CountryValues = typeof countries.$inferInsert;
type ListFilters = Pick<CountryListQuery, 'column' | 'order' | 'keyword'> & { enabled?: boolean };

/** The list's `column` whitelist (contracts' COUNTRY_SORTABLE). */
const SORTABLE = {
  code: countries.code,
  // Numerically: 44 after 7.
  dialCode: sql`length(${countries.dialCode}), ${countries.dialCode}`,
  nameEn: countries.nameEn,
  nameZh: countries.nameZh,
  enabled: countries.enabled,
};
const DEFAULT_ORDER = [asc(countries.code)];

function where(filters: ListFilters): SQL | undefined {
  const keyword = filters.keyword?.replace(/^\+/, '');
  const like = keyword ? likeText(keyword) : undefined;
  return and(
    like
      ? or(
          ilike(countries.code, like),
          ilike(countries.dialCode, like),
          ilike(countries.nameEn, like),
          ilike(countries.nameZh, like),
        )
      : undefined,
    filters.enabled === undefined ? undefined : eq(countries.enabled, filters.enabled),
  );
}

export class CountryRepo {
  constructor(private readonly db: Db) {}

  async insertMissing(rows: CountryValues[]) {
    await executor(this.db).insert(countries).values(rows).onConflictDoNothing();
  }

  /** Enabled countries by code (the pickers). */
  enabled() {
    return executor(this.db)
      .select()
      .from(countries)
      .where(eq(countries.enabled, true))
      .orderBy(asc(countries.code));
  }

  async count(filters: ListFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(countries)
      .where(where(filters));
    return Number(row?.total ?? 0);
  }

  list(filters: ListFilters, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(countries)
      .where(where(filters))
      .orderBy(...orderByOf(filters, SORTABLE, DEFAULT_ORDER))
      .limit(limit)
      .offset(offset);
  }

  async byCode(code: string) {
    const [row] = await executor(this.db).select().from(countries).where(eq(countries.code, code));
    return row;
  }

  async insert(values: CountryValues) {
    const [row] = await executor(this.db).insert(countries).values(values).returning();
    return row!;
  }

  async update(code: string, values: Partial<CountryValues>) {
    const [row] = await executor(this.db)
      .update(countries)
      .set(values)
      .where(eq(countries.code, code))
      .returning();
    return row;
  }

  /** An import: new codes are added, known ones get the row's values. */
  async upsertMany(rows: CountryValues[]): Promise<number> {
    if (rows.length === 0) return 0;
    const written = await executor(this.db)
      .insert(countries)
      .values(rows)
      .onConflictDoUpdate({
        target: countries.code,
        set: {
          dialCode: sql`excluded.dial_code`,
          nameEn: sql`excluded.name_en`,
          nameZh: sql`excluded.name_zh`,
          enabled: sql`excluded.enabled`,
        },
      })
      .returning({ code: countries.code });
    return written.length;
  }

  async delete(code: string): Promise<boolean> {
    const rows = await executor(this.db)
      .delete(countries)
      .where(eq(countries.code, code))
      .returning({ code: countries.code });
    return rows.length > 0;
  }
}
