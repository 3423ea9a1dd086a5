import { asc, eq, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { brands } from './schema';

export type BrandRow = typeof brands.$inferSelect;
export type BrandValues = typeof brands.$inferInsert;

export class BrandRepo {
  constructor(private readonly db: Db) {}

  async forDomain(domain: string): Promise<BrandRow | undefined> {
    const [row] = await executor(this.db).select().from(brands).where(eq(brands.domain, domain)).limit(1);
    return row;
  }

  async count(): Promise<number> {
    const [row] = await executor(this.db).select({ total: sql<number>`count(*)::int` }).from(brands);
    return Number(row?.total ?? 0);
  }

  list(limit: number, offset: number) {
    return executor(this.db).select().from(brands).orderBy(asc(brands.domain)).limit(limit).offset(offset);
  }

  async insert(values: BrandValues): Promise<BrandRow> {
    const [row] = await executor(this.db).insert(brands).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<BrandValues>): Promise<BrandRow | undefined> {
    const [row] = await executor(this.db)
      .update(brands)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(brands.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<boolean> {
    const deleted = await executor(this.db)
      .delete(brands)
      .where(eq(brands.id, id))
      .returning({ id: brands.id });
    return deleted.length > 0;
  }
}
