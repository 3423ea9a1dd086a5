import type { SupportContactListQuery } from '@switchboard/contracts';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { inUuids, likeText } from '../../platform/sql';
import { supportContacts } from './schema';

export type SupportContactValues = typeof supportContacts.$inferInsert;
type ListFilters = Pick<SupportContactListQuery, 'column' | 'order'> & { name?: string; enabled?: boolean };

/** Columns the list sorts by: the whitelist of `column` (contracts' SUPPORT_CONTACT_SORTABLE). */
const SORTABLE = {
  name: supportContacts.name,
  telegram: supportContacts.telegram,
  sortNo: supportContacts.sortNo,
  enabled: supportContacts.enabled,
  createdAt: supportContacts.createdAt,
};
const DEFAULT_ORDER = [asc(supportContacts.sortNo), asc(supportContacts.name), asc(supportContacts.id)];

function where(filters: ListFilters): SQL | undefined {
  const name = filters.name ? likeText(filters.name) : undefined;
  return and(
    name ? or(ilike(supportContacts.name, name), ilike(supportContacts.telegram, name)) : undefined,
    filters.enabled === undefined ? undefined : eq(supportContacts.enabled, filters.enabled),
  );
}

export class ContactRepo {
  constructor(private readonly db: Db) {}

  displayed() {
    return executor(this.db)
      .select({ name: supportContacts.name, telegram: supportContacts.telegram })
      .from(supportContacts)
      .where(eq(supportContacts.enabled, true))
      .orderBy(asc(supportContacts.sortNo), asc(supportContacts.name));
  }

  async count(filters: ListFilters = {}): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(supportContacts)
      .where(where(filters));
    return Number(row?.total ?? 0);
  }

  list(filters: ListFilters, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(supportContacts)
      .where(where(filters))
      .orderBy(...orderByOf(filters, SORTABLE, DEFAULT_ORDER))
      .limit(limit)
      .offset(offset);
  }

  async byId(id: string) {
    const [row] = await executor(this.db).select().from(supportContacts).where(eq(supportContacts.id, id));
    return row;
  }

  async insert(values: SupportContactValues) {
    const [row] = await executor(this.db).insert(supportContacts).values(values).returning();
    return row!;
  }

  async insertMany(values: SupportContactValues[]): Promise<number> {
    if (values.length === 0) return 0;
    const rows = await executor(this.db)
      .insert(supportContacts)
      .values(values)
      .returning({ id: supportContacts.id });
    return rows.length;
  }

  async update(id: string, values: Partial<SupportContactValues>) {
    const [row] = await executor(this.db)
      .update(supportContacts)
      .set(values)
      .where(eq(supportContacts.id, id))
      .returning();
    return row;
  }

  /** Deletes the rows of these ids; answers the ids it deleted. */
  async deleteMany(ids: string[]): Promise<string[]> {
    const deleted = await executor(this.db)
      .delete(supportContacts)
      .where(inUuids(supportContacts.id, ids))
      .returning({ id: supportContacts.id });
    return deleted.map((row) => row.id);
  }
}
