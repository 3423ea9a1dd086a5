import { and, asc, eq, ne } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { dictionaries, dictionaryItems } from './schema';

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
      .orderBy(asc(dictionaryItems.sortOrder));
  }

  async codeTaken(code: string, excludeId?: string): Promise<boolean> {
    const rows = await executor(this.db)
      .select({ id: dictionaries.id })
      .from(dictionaries)
      .where(and(eq(dictionaries.dictCode, code), excludeId ? ne(dictionaries.id, excludeId) : undefined))
      .limit(1);
    return rows.length > 0;
  }

  async insertDictionary(values: typeof dictionaries.$inferInsert) {
    await executor(this.db).insert(dictionaries).values(values).onConflictDoNothing();
  }

  async insertItem(values: typeof dictionaryItems.$inferInsert) {
    await executor(this.db).insert(dictionaryItems).values(values).onConflictDoNothing();
  }
}
