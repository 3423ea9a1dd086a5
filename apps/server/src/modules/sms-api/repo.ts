import { and, eq, lt } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { smsApiIdempotency } from './schema';

export type IdempotencyRow = typeof smsApiIdempotency.$inferSelect;

/** The only SQL on the customer API's tables. */
export class SmsApiRepo {
  constructor(private readonly db: Db) {}

  /** Takes a key for a request (true), or false when the key is already there (a committed row). */
  async claim(companyId: string, key: string, requestHash: string): Promise<boolean> {
    const rows = await executor(this.db)
      .insert(smsApiIdempotency)
      .values({ companyId, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: smsApiIdempotency.key });
    return rows.length > 0;
  }

  async find(companyId: string, key: string): Promise<IdempotencyRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(smsApiIdempotency)
      .where(and(eq(smsApiIdempotency.companyId, companyId), eq(smsApiIdempotency.key, key)));
    return row;
  }

  async remove(companyId: string, key: string): Promise<void> {
    await executor(this.db)
      .delete(smsApiIdempotency)
      .where(and(eq(smsApiIdempotency.companyId, companyId), eq(smsApiIdempotency.key, key)));
  }

  async answer(companyId: string, key: string, status: number, response: string): Promise<void> {
    await executor(this.db)
      .update(smsApiIdempotency)
      .set({ status, response })
      .where(and(eq(smsApiIdempotency.companyId, companyId), eq(smsApiIdempotency.key, key)));
  }

  async purge(before: Date): Promise<number> {
    const rows = await executor(this.db)
      .delete(smsApiIdempotency)
      .where(lt(smsApiIdempotency.createdAt, before))
      .returning({ key: smsApiIdempotency.key });
    return rows.length;
  }
}
