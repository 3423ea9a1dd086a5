import { count, desc, eq } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { smsTestRecords } from './schema';

export type SmsTestRecordRow = typeof smsTestRecords.$inferSelect;

/** SQL of the test tool's history. */
export class SmsTestRepo {
  constructor(private readonly db: Db) {}

  async insert(values: typeof smsTestRecords.$inferInsert): Promise<SmsTestRecordRow> {
    const [row] = await executor(this.db).insert(smsTestRecords).values(values).returning();
    return row!;
  }

  async find(id: string): Promise<SmsTestRecordRow | undefined> {
    const [row] = await executor(this.db).select().from(smsTestRecords).where(eq(smsTestRecords.id, id));
    return row;
  }

  async count(): Promise<number> {
    const [row] = await executor(this.db).select({ n: count() }).from(smsTestRecords);
    return row?.n ?? 0;
  }

  list(limit: number, offset: number): Promise<SmsTestRecordRow[]> {
    return executor(this.db)
      .select()
      .from(smsTestRecords)
      .orderBy(desc(smsTestRecords.createdAt), desc(smsTestRecords.id))
      .limit(limit)
      .offset(offset);
  }
}
