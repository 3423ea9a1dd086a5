import type { SmppAccountListQuery, SmsStatus } from '@switchboard/contracts';
import { and, asc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { likeText } from '../../platform/sql';
import { smppAccounts, smppMessages } from './schema';

export type SmppAccountRow = typeof smppAccounts.$inferSelect;
export type SmppAccountValues = typeof smppAccounts.$inferInsert;
export type SmppMessageRow = typeof smppMessages.$inferSelect;
export type SmppMessageValues = typeof smppMessages.$inferInsert;

type ListFilters = Pick<SmppAccountListQuery, 'column' | 'order'> & {
  systemId?: string;
  companyId?: string;
  enabled?: boolean;
};

const SORTABLE = {
  systemId: smppAccounts.systemId,
  tpsLimit: smppAccounts.tpsLimit,
  maxBinds: smppAccounts.maxBinds,
  enabled: smppAccounts.enabled,
  createdAt: smppAccounts.createdAt,
};
const DEFAULT_ORDER = [asc(smppAccounts.systemId), asc(smppAccounts.id)];

function where(scope: DataScope, filters: ListFilters): SQL | undefined {
  return and(
    scopeCondition(scope, smppAccounts.companyId),
    filters.systemId ? ilike(smppAccounts.systemId, likeText(filters.systemId)) : undefined,
    filters.companyId ? eq(smppAccounts.companyId, filters.companyId) : undefined,
    filters.enabled === undefined ? undefined : eq(smppAccounts.enabled, filters.enabled),
  );
}

/** The only SQL on the SMPP server's tables. */
export class SmppRepo {
  constructor(private readonly db: Db) {}

  // ---- accounts

  async count(scope: DataScope, filters: ListFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ n: sql<number>`count(*)::int` })
      .from(smppAccounts)
      .where(where(scope, filters));
    return Number(row?.n ?? 0);
  }

  list(scope: DataScope, filters: ListFilters, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(smppAccounts)
      .where(where(scope, filters))
      .orderBy(...orderByOf(filters, SORTABLE, DEFAULT_ORDER))
      .limit(limit)
      .offset(offset);
  }

  async byId(id: string): Promise<SmppAccountRow | undefined> {
    const [row] = await executor(this.db).select().from(smppAccounts).where(eq(smppAccounts.id, id));
    return row;
  }

  async bySystemId(systemId: string): Promise<SmppAccountRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(smppAccounts)
      .where(eq(smppAccounts.systemId, systemId))
      .limit(1);
    return row;
  }

  async insert(values: SmppAccountValues): Promise<SmppAccountRow> {
    const [row] = await executor(this.db).insert(smppAccounts).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<SmppAccountValues>): Promise<SmppAccountRow | undefined> {
    const [row] = await executor(this.db)
      .update(smppAccounts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(smppAccounts.id, id))
      .returning();
    return row;
  }

  async remove(ids: string[]): Promise<number> {
    const rows = await executor(this.db)
      .delete(smppAccounts)
      .where(inArray(smppAccounts.id, ids))
      .returning({ id: smppAccounts.id });
    return rows.length;
  }

  // ---- messages and receipts

  async insertMessages(rows: SmppMessageValues[]): Promise<void> {
    if (rows.length === 0) return;
    await executor(this.db).insert(smppMessages).values(rows).onConflictDoNothing();
  }

  /**
   * A message became final: its status is recorded and, when its submit asked for a receipt for
   * this outcome (decided by the caller), the receipt made due. Answers the row (undefined: not
   * an SMPP message of ours, or already final).
   */
  async finish(
    messageId: string,
    final: { status: SmsStatus; errorCode: string | null; doneAt: Date },
    receiptDue: (row: SmppMessageRow) => boolean,
  ): Promise<SmppMessageRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(smppMessages)
      .where(eq(smppMessages.messageId, messageId));
    if (!row || row.status !== null) return undefined;
    const due = receiptDue({ ...row, ...final });
    const [updated] = await executor(this.db)
      .update(smppMessages)
      .set({ ...final, receiptState: due ? 'due' : 'none' })
      .where(and(eq(smppMessages.smppId, row.smppId), sql`${smppMessages.status} is null`))
      .returning();
    return updated;
  }

  /** Receipts to write to an account's binds: due ones, and ones written long ago but never answered. */
  due(accountIds: string[], staleBefore: Date, limit: number): Promise<SmppMessageRow[]> {
    if (accountIds.length === 0) return Promise.resolve([]);
    return executor(this.db)
      .select()
      .from(smppMessages)
      .where(
        and(
          inArray(smppMessages.accountId, accountIds),
          or(
            eq(smppMessages.receiptState, 'due'),
            and(eq(smppMessages.receiptState, 'sent'), lt(smppMessages.lastSentAt, staleBefore)),
          ),
        ),
      )
      .orderBy(asc(smppMessages.doneAt))
      .limit(limit);
  }

  /**
   * Takes a receipt for writing: marks it sent when it is still due (or sent before `staleBefore`
   * and never answered). false: another writer (a poll of this process or of another one) took it
   * first, or it was answered meanwhile.
   */
  async claimReceipt(smppId: string, at: Date, staleBefore: Date): Promise<boolean> {
    const rows = await executor(this.db)
      .update(smppMessages)
      .set({ receiptState: 'sent', lastSentAt: at, attempts: sql`${smppMessages.attempts} + 1` })
      .where(
        and(
          eq(smppMessages.smppId, smppId),
          or(
            eq(smppMessages.receiptState, 'due'),
            and(eq(smppMessages.receiptState, 'sent'), lt(smppMessages.lastSentAt, staleBefore)),
          ),
        ),
      )
      .returning({ smppId: smppMessages.smppId });
    return rows.length > 0;
  }

  async markAcked(smppId: string, at: Date): Promise<void> {
    await executor(this.db)
      .update(smppMessages)
      .set({ receiptState: 'acked', ackedAt: at })
      .where(eq(smppMessages.smppId, smppId));
  }

  /** A receipt written to a bind that closed before answering: due again. */
  async markDue(smppIds: string[]): Promise<void> {
    if (smppIds.length === 0) return;
    await executor(this.db)
      .update(smppMessages)
      .set({ receiptState: 'due' })
      .where(and(inArray(smppMessages.smppId, smppIds), eq(smppMessages.receiptState, 'sent')));
  }

  async findBySmppId(smppId: string): Promise<SmppMessageRow | undefined> {
    const [row] = await executor(this.db).select().from(smppMessages).where(eq(smppMessages.smppId, smppId));
    return row;
  }

  async purge(before: Date): Promise<number> {
    const rows = await executor(this.db)
      .delete(smppMessages)
      .where(lt(smppMessages.createdAt, before))
      .returning({ id: smppMessages.smppId });
    return rows.length;
  }
}
