import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db';
import { scopeCondition } from '../../../platform/scope';
import { likeText, pgArray } from '../../../platform/sql';
import { smsBatches, smsMessageParts, smsMessages } from '../schema';
import {
  type BatchFilters,
  dateOf,
  type MessageFilters,
  type SmsBatchRecord,
  type SmsMessageRecord,
  SmsTables,
} from './rows';

/** The SQL of the records: batches and messages as the console lists them, cancels, monitoring counts. */
export class RecordRepo extends SmsTables {
  async findBatch(id: string): Promise<SmsBatchRecord | undefined> {
    const [row] = await this.x.select().from(smsBatches).where(eq(smsBatches.id, id));
    return row;
  }

  /** Locks a scheduled batch that has not started (at least `marginMs` before its time). */
  async lockCancellable(id: string, marginMs: number): Promise<SmsBatchRecord | undefined> {
    const result = await this.x.execute(sql`
      select id from sms_batches
      where id = ${id}::uuid and state = 'scheduled'
        and scheduled_at > now() + make_interval(secs => ${marginMs / 1000})
      for update`);
    if (rowsOf(result).length === 0) return undefined;
    await this.x.update(smsBatches).set({ state: 'cancelled' }).where(eq(smsBatches.id, id));
    return this.findBatch(id);
  }

  /** The messages of a batch still waiting (with their creation time for the partition). */
  async waitingOfBatch(batchId: string, createdAt: Date): Promise<{ id: string; createdAt: Date }[]> {
    const result = await this.x.execute(sql`
      select id, created_at from sms_messages
      where batch_id = ${batchId}::uuid and created_at >= ${createdAt.toISOString()}::timestamptz
        and status = 'accepted'
      for update`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      id: String(r.id),
      createdAt: dateOf(r.created_at),
    }));
  }

  async listBatches(filters: BatchFilters, limit: number, offset: number) {
    const where = and(
      eq(smsBatches.kind, filters.kind),
      scopeCondition(filters.scope, smsBatches.companyId),
      gte(smsBatches.createdAt, filters.from),
      lt(smsBatches.createdAt, filters.to),
      filters.companyId ? eq(smsBatches.companyId, filters.companyId) : undefined,
      filters.state === 'done' || filters.state === 'dispatching'
        ? sql`${smsBatches.state} in ('dispatching', 'scheduled', 'done')`
        : filters.state
          ? eq(smsBatches.state, filters.state)
          : undefined,
    );
    const [total, rows] = await Promise.all([
      this.x.select({ n: count() }).from(smsBatches).where(where),
      this.x
        .select()
        .from(smsBatches)
        .where(where)
        .orderBy(desc(smsBatches.createdAt))
        .limit(limit)
        .offset(offset),
    ]);
    return { total: Number(total[0]?.n ?? 0), rows };
  }

  /** Messages of batches by status. */
  async batchCounts(
    batches: { id: string; createdAt: Date }[],
  ): Promise<Map<string, Record<string, number>>> {
    const counts = new Map<string, Record<string, number>>();
    if (batches.length === 0) return counts;
    const since = new Date(Math.min(...batches.map((b) => b.createdAt.getTime())));
    const result = await this.x.execute(sql`
      select batch_id, status, count(*)::int as n from sms_messages
      where batch_id = any(${pgArray(batches.map((b) => b.id))}::uuid[])
        and created_at >= ${since.toISOString()}::timestamptz
      group by batch_id, status`);
    for (const r of rowsOf<{ batch_id: string; status: string; n: number }>(result)) {
      const entry = counts.get(String(r.batch_id)) ?? {};
      entry[r.status] = Number(r.n);
      counts.set(String(r.batch_id), entry);
    }
    return counts;
  }

  // --- records ---

  private messageWhere(f: MessageFilters): SQL | undefined {
    return and(
      eq(smsMessages.kind, f.kind),
      scopeCondition(f.scope, smsMessages.companyId),
      gte(smsMessages.createdAt, f.from),
      lt(smsMessages.createdAt, f.to),
      f.companyId ? eq(smsMessages.companyId, f.companyId) : undefined,
      f.number ? ilike(smsMessages.toNumber, likeText(f.number.replace(/^\+/, ''))) : undefined,
      f.status ? eq(smsMessages.status, f.status) : undefined,
      f.batchId ? eq(smsMessages.batchId, f.batchId) : undefined,
      f.gatewayId ? eq(smsMessages.gatewayId, f.gatewayId) : undefined,
    );
  }

  async countMessages(f: MessageFilters): Promise<number> {
    const [row] = await this.x.select({ n: count() }).from(smsMessages).where(this.messageWhere(f));
    return Number(row?.n ?? 0);
  }

  listMessages(f: MessageFilters, limit: number, offset: number): Promise<SmsMessageRecord[]> {
    return this.x
      .select()
      .from(smsMessages)
      .where(this.messageWhere(f))
      .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
      .limit(limit)
      .offset(offset);
  }

  async findMessage(id: string): Promise<SmsMessageRecord | undefined> {
    const [row] = await this.x.select().from(smsMessages).where(eq(smsMessages.id, id)).limit(1);
    return row;
  }

  /** Parts of a message (for a trace). */
  partsOfMessage(id: string) {
    return this.x
      .select()
      .from(smsMessageParts)
      .where(eq(smsMessageParts.messageId, id))
      .orderBy(smsMessageParts.partNo);
  }

  /**
   * Messages not final yet by where they wait, callbacks owed and receipts not matched yet
   * (monitoring). Each count reads its status's partial index, never the message history.
   */
  async queueDepth(): Promise<{
    accepted: number;
    scheduled: number;
    queued: number;
    sent: number;
    callbacksPending: number;
    receiptsUnmatched: number;
  }> {
    const result = await this.x.execute(sql`
      select
        (select count(*) from sms_messages where status = 'accepted' and next_attempt_at <= now())::int as accepted,
        (select count(*) from sms_messages where status = 'accepted' and next_attempt_at > now())::int as scheduled,
        (select count(*) from sms_messages where status = 'queued')::int as queued,
        (select count(*) from sms_messages where status = 'sent')::int as sent,
        (select count(*) from sms_callbacks where state = 'pending')::int as callbacks_pending,
        (select count(*) from sms_receipts_pending)::int as receipts_unmatched`);
    const [row] = rowsOf<Record<string, unknown>>(result);
    return {
      accepted: Number(row?.accepted ?? 0),
      scheduled: Number(row?.scheduled ?? 0),
      queued: Number(row?.queued ?? 0),
      sent: Number(row?.sent ?? 0),
      callbacksPending: Number(row?.callbacks_pending ?? 0),
      receiptsUnmatched: Number(row?.receipts_unmatched ?? 0),
    };
  }
}
