import { DICT_ITEM_SORT_MAX, type DictItemListQuery, type DictListQuery } from '@switchboard/contracts';
import { and, asc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { inUuids, likeText } from '../../platform/sql';
import { dictionaries, dictionaryItems } from './schema';

export type DictValues = typeof dictionaries.$inferInsert;
export type DictItemValues = typeof dictionaryItems.$inferInsert;
type DictFilters = Pick<DictListQuery, 'column' | 'order' | 'keyword'>;
type ItemFilters = Pick<DictItemListQuery, 'column' | 'order' | 'keyword'> & {
  dictId: string;
  enabled?: boolean;
};

// Qualified by hand: drizzle writes a column of a correlated subquery without its table.
const itemCount = sql<number>`(select count(*)::int from ${dictionaryItems} where ${dictionaryItems}.dict_id = ${dictionaries}.id)`;

/** The dictionary list's `column` whitelist (contracts' DICT_SORTABLE). */
const DICT_SORTABLE = {
  dictCode: dictionaries.dictCode,
  dictName: dictionaries.dictName,
  itemCount,
  createdAt: dictionaries.createdAt,
};
const DICT_ORDER = [asc(dictionaries.dictCode)];

/** The item list's `column` whitelist (contracts' DICT_ITEM_SORTABLE). */
const ITEM_SORTABLE = {
  sortOrder: dictionaryItems.sortOrder,
  itemValue: dictionaryItems.itemValue,
  textEn: dictionaryItems.textEn,
  textZh: dictionaryItems.textZh,
  enabled: dictionaryItems.status,
};
const ITEM_ORDER = [asc(dictionaryItems.sortOrder), asc(dictionaryItems.itemValue)];

function dictWhere(filters: DictFilters): SQL | undefined {
  const like = filters.keyword ? likeText(filters.keyword) : undefined;
  return like
    ? or(
        ilike(dictionaries.dictCode, like),
        ilike(dictionaries.dictName, like),
        ilike(dictionaries.dictNameZh, like),
      )
    : undefined;
}

function itemWhere(filters: ItemFilters): SQL | undefined {
  const like = filters.keyword ? likeText(filters.keyword) : undefined;
  return and(
    eq(dictionaryItems.dictId, filters.dictId),
    like
      ? or(
          ilike(dictionaryItems.itemValue, like),
          ilike(dictionaryItems.textEn, like),
          ilike(dictionaryItems.textZh, like),
        )
      : undefined,
    filters.enabled === undefined ? undefined : eq(dictionaryItems.status, filters.enabled ? 1 : 0),
  );
}

const dictColumns = {
  id: dictionaries.id,
  dictCode: dictionaries.dictCode,
  dictName: dictionaries.dictName,
  dictNameZh: dictionaries.dictNameZh,
  description: dictionaries.description,
  createdAt: dictionaries.createdAt,
  itemCount,
};

/** SQL of dictionaries and their items. */
export class DictRepo {
  constructor(private readonly db: Db) {}

  async findByCode(code: string) {
    const [row] = await executor(this.db)
      .select()
      .from(dictionaries)
      .where(eq(dictionaries.dictCode, code))
      .limit(1);
    return row;
  }

  enabledItems(dictId: string) {
    return executor(this.db)
      .select()
      .from(dictionaryItems)
      .where(and(eq(dictionaryItems.dictId, dictId), eq(dictionaryItems.status, 1)))
      .orderBy(asc(dictionaryItems.sortOrder), asc(dictionaryItems.itemValue));
  }

  async codeTaken(code: string, excludeId?: string): Promise<boolean> {
    const rows = await executor(this.db)
      .select({ id: dictionaries.id })
      .from(dictionaries)
      .where(and(eq(dictionaries.dictCode, code), excludeId ? ne(dictionaries.id, excludeId) : undefined))
      .limit(1);
    return rows.length > 0;
  }

  async insertDictionary(values: DictValues) {
    await executor(this.db).insert(dictionaries).values(values).onConflictDoNothing();
  }

  async insertItem(values: DictItemValues) {
    await executor(this.db).insert(dictionaryItems).values(values).onConflictDoNothing();
  }

  // ---- administration

  async countDicts(filters: DictFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(dictionaries)
      .where(dictWhere(filters));
    return Number(row?.total ?? 0);
  }

  listDicts(filters: DictFilters, limit: number, offset: number) {
    return executor(this.db)
      .select(dictColumns)
      .from(dictionaries)
      .where(dictWhere(filters))
      .orderBy(...orderByOf(filters, DICT_SORTABLE, DICT_ORDER))
      .limit(limit)
      .offset(offset);
  }

  async dictById(id: string) {
    const [row] = await executor(this.db)
      .select(dictColumns)
      .from(dictionaries)
      .where(eq(dictionaries.id, id));
    return row;
  }

  dictsByIds(ids: string[]) {
    return executor(this.db).select(dictColumns).from(dictionaries).where(inUuids(dictionaries.id, ids));
  }

  async insertDict(values: DictValues): Promise<string> {
    const [row] = await executor(this.db)
      .insert(dictionaries)
      .values(values)
      .returning({ id: dictionaries.id });
    return row!.id;
  }

  async updateDict(id: string, values: Partial<DictValues>): Promise<boolean> {
    const rows = await executor(this.db)
      .update(dictionaries)
      .set(values)
      .where(eq(dictionaries.id, id))
      .returning({ id: dictionaries.id });
    return rows.length > 0;
  }

  /** Deletes the dictionaries (their items go with them: the foreign key cascades). */
  async deleteDicts(ids: string[]): Promise<number> {
    const rows = await executor(this.db)
      .delete(dictionaries)
      .where(inUuids(dictionaries.id, ids))
      .returning({ id: dictionaries.id });
    return rows.length;
  }

  async countItems(filters: ItemFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(dictionaryItems)
      .where(itemWhere(filters));
    return Number(row?.total ?? 0);
  }

  listItems(filters: ItemFilters, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(dictionaryItems)
      .where(itemWhere(filters))
      .orderBy(...orderByOf(filters, ITEM_SORTABLE, ITEM_ORDER))
      .limit(limit)
      .offset(offset);
  }

  async itemById(id: string) {
    const [row] = await executor(this.db).select().from(dictionaryItems).where(eq(dictionaryItems.id, id));
    return row;
  }

  itemsByIds(ids: string[]) {
    return executor(this.db).select().from(dictionaryItems).where(inUuids(dictionaryItems.id, ids));
  }

  /** One past the largest sort number of a dictionary's items (0 for none). */
  async nextSortOrder(dictId: string): Promise<number> {
    const [row] = await executor(this.db)
      .select({ next: sql<number>`coalesce(max(${dictionaryItems.sortOrder}) + 1, 0)::int` })
      .from(dictionaryItems)
      .where(eq(dictionaryItems.dictId, dictId));
    return Math.min(Number(row?.next ?? 0), DICT_ITEM_SORT_MAX);
  }

  async insertItemReturning(values: DictItemValues) {
    const [row] = await executor(this.db).insert(dictionaryItems).values(values).returning();
    return row!;
  }

  async updateItem(id: string, values: Partial<DictItemValues>) {
    const [row] = await executor(this.db)
      .update(dictionaryItems)
      .set(values)
      .where(eq(dictionaryItems.id, id))
      .returning();
    return row;
  }

  async deleteItems(ids: string[]): Promise<number> {
    const rows = await executor(this.db)
      .delete(dictionaryItems)
      .where(inUuids(dictionaryItems.id, ids))
      .returning({ id: dictionaryItems.id });
    return rows.length;
  }
}
