import { eq } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { settings } from './schema';

export class SettingsRepo {
  constructor(private readonly db: Db) {}

  async get(key: string): Promise<string | undefined> {
    const [row] = await executor(this.db).select().from(settings).where(eq(settings.key, key)).limit(1);
    return row?.value;
  }

  async set(key: string, value: string) {
    await executor(this.db)
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  }

  /** Stores `value` unless the key has one; answers the value kept (the first writer's). */
  async setIfMissing(key: string, value: string): Promise<string> {
    await executor(this.db)
      .insert(settings)
      .values({ key, value })
      .onConflictDoNothing({ target: settings.key });
    return (await this.get(key)) ?? value;
  }
}
