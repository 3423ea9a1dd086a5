import { type Db, executor } from '../../platform/db';
import { countries } from './schema';

export class CountryRepo {
  constructor(private readonly db: Db) {}

  async insertMissing(rows: (typeof countries.$inferInsert)[]) {
    await executor(this.db).insert(countries).values(rows).onConflictDoNothing();
  }

  list() {
    return executor(this.db).select().from(countries).orderBy(countries.code);
  }
}
