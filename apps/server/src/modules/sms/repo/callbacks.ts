import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db';
import { type DataScope, scopeCondition } from '../../../platform/scope';
import { pgArray } from '../../../platform/sql';
import { smsCallbacks } from '../schema';
import { dateOf, type SmsCallbackRecord, SmsTables } from './rows';

/** The SQL of the delivery callbacks owed to customers. */
export class CallbackRepo extends SmsTables {
  async queueCallbacks(rows: { messageId: string; companyId: string; body: string }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.x.execute(sql`
      insert into sms_callbacks (message_id, company_id, body)
      select * from unnest(${pgArray(rows.map((r) => r.messageId))}::uuid[],
                           ${pgArray(rows.map((r) => r.companyId))}::uuid[],
                           ${pgArray(rows.map((r) => r.body))}::text[])
      on conflict do nothing`);
    await this.x.execute(sql`
      update sms_messages set callback_state = 'pending'
      where id = any(${pgArray(rows.map((r) => r.messageId))}::uuid[]) and callback_state = 'none'`);
  }

  /** Due callbacks, leased for `leaseMs` (another worker skips them meanwhile). */
  async claimCallbacks(limit: number, leaseMs: number): Promise<SmsCallbackRecord[]> {
    const result = await this.x.execute(sql`
      with due as (
        select message_id from sms_callbacks
        where state = 'pending' and next_at <= now()
        order by next_at limit ${limit} for update skip locked
      )
      update sms_callbacks c set next_at = now() + make_interval(secs => ${leaseMs / 1000})
      from due where c.message_id = due.message_id
      returning c.message_id, c.company_id, c.body, c.attempts, c.created_at`);
    return rowsOf<Record<string, unknown>>(result).map(
      (r) =>
        ({
          messageId: String(r.message_id),
          companyId: String(r.company_id),
          body: String(r.body),
          attempts: Number(r.attempts),
          createdAt: dateOf(r.created_at),
        }) as SmsCallbackRecord,
    );
  }

  async recordCallback(
    messageId: string,
    outcome: {
      state: 'pending' | 'delivered' | 'failed' | 'skipped';
      nextAt: Date;
      status: number | null;
      errorCode: string | null;
      entry: Record<string, unknown> | null;
    },
  ): Promise<void> {
    await this.x.execute(sql`
      update sms_callbacks set state = ${outcome.state}, next_at = ${outcome.nextAt.toISOString()}::timestamptz,
        attempts = attempts + ${outcome.entry ? 1 : 0}, last_status = ${outcome.status},
        last_error = ${outcome.errorCode},
        log = case when ${outcome.entry ? JSON.stringify(outcome.entry) : null}::jsonb is null then log
                   else log || jsonb_build_array(${outcome.entry ? JSON.stringify(outcome.entry) : null}::jsonb) end,
        updated_at = now()
      where message_id = ${messageId}::uuid`);
    const state = outcome.state === 'pending' ? null : outcome.state === 'delivered' ? 'done' : 'failed';
    if (state) {
      await this.x.execute(
        sql`update sms_messages set callback_state = ${state} where id = ${messageId}::uuid`,
      );
    }
  }

  async listCallbacks(
    scope: DataScope,
    filters: { from: Date; to: Date; companyId?: string | undefined; state?: string | undefined },
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: SmsCallbackRecord[] }> {
    const where = and(
      scopeCondition(scope, smsCallbacks.companyId),
      gte(smsCallbacks.createdAt, filters.from),
      lt(smsCallbacks.createdAt, filters.to),
      filters.companyId ? eq(smsCallbacks.companyId, filters.companyId) : undefined,
      filters.state ? eq(smsCallbacks.state, filters.state) : undefined,
    );
    const [total, rows] = await Promise.all([
      this.x.select({ n: count() }).from(smsCallbacks).where(where),
      this.x
        .select()
        .from(smsCallbacks)
        .where(where)
        .orderBy(desc(smsCallbacks.createdAt))
        .limit(limit)
        .offset(offset),
    ]);
    return { total: Number(total[0]?.n ?? 0), rows };
  }
}
