import { asc, eq, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { supportContacts } from './schema';

export type SupportContactValues = typeof supportContacts.$inferInsert;

export class ContactRepo {
  constructor(private readonly db: Db) {}

  displayed() {
    return executor(this.db)
      .select({ name: supportContacts.name, telegram: supportContacts.telegram })
      .from(supportContacts)
      .where(eq(supportContacts.enabled, true))
      .orderBy(asc(supportContacts.sortNo), asc(supportContacts.name));
  }

  async count(): Promise<number> {
    const [row] = await executor(this.db).select({ total: sql<number>`count(*)::int` }).from(supportContacts);
    return Number(row?.total ?? 0);
  }

  list(limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(supportContacts)
      .orderBy(asc(supportContacts.sortNo), asc(supportContacts.name))
      .limit(limit)
      .offset(offset);
  }

  async insert(values: SupportContactValues) {
    const [row] = await executor(this.db).insert(supportContacts).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<SupportContactValues>) {
    const [row] = await executor(this.db)
      .update(supportContacts)
      .set(values)
      .where(eq(supportContacts.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<boolean> {
    const deleted = await executor(this.db)
      .delete(supportContacts)
      .where(eq(supportContacts.id, id))
      .returning({ id: supportContacts.id });
    return deleted.length > 0;
  }
}
