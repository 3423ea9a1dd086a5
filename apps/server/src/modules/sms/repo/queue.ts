import type { SmsKind, SmsSource, SmsStatus } from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db';
import { pgArray } from '../../../platform/sql';
import {
  type ClaimedMessage,
  dateOf,
  FINALS,
  type FinalMessage,
  finalColumns,
  finalOf,
  moneyOf,
  SmsTables,
  UNCONFIRMED,
  unconfirmedId,
} from './rows';

/** The SQL of the message queue: claims, write marks, dispatch answers, failures and the sweeps of what waits too long. */
export class QueueRepo extends SmsTables {
  /**
   * Claims up to `limit` due messages (most urgent first) for this dispatcher for `leaseMs`: they
   * become `queued` (not yet marked as written: queued_at null, the lease in next_attempt_at) in
   * this statement's own commit, so no other dispatcher (in any process) takes them. One not
   * marked (markWriting) within the lease goes back to the queue (reclaim).
   */
  async claim(limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
    const result = await this.x.execute(sql`
      with due as (
        select id, created_at from sms_messages
        where status = 'accepted' and next_attempt_at <= now()
        order by priority desc nulls last, next_attempt_at, created_at
        limit ${limit}
        for update skip locked
      )
      update sms_messages m
        set status = 'queued', queued_at = null, attempts = m.attempts + 1,
          next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval
      from due where m.id = due.id and m.created_at = due.created_at
      returning m.id, m.created_at, m.company_id, m.batch_id, m.kind, m.source, m.to_number, m.sender,
        m.text, m.parts, m.price::text as price, array_to_string(m.gateway_ids, ',') as gateway_ids,
        m.attempts, m.valid_until, m.client_ref, m.priority`);
    return rowsOf<Record<string, unknown>>(result)
      .sort((a, b) => Number(b.priority) - Number(a.priority))
      .map((r) => ({
        id: String(r.id),
        createdAt: dateOf(r.created_at),
        companyId: String(r.company_id),
        batchId: (r.batch_id as string | null) ?? null,
        kind: r.kind as SmsKind,
        source: r.source as SmsSource,
        to: String(r.to_number),
        sender: (r.sender as string | null) ?? null,
        text: String(r.text),
        parts: Number(r.parts),
        price: moneyOf(r.price),
        gatewayIds: r.gateway_ids ? String(r.gateway_ids).split(',').filter(Boolean) : [],
        attempts: Number(r.attempts),
        validUntil: dateOf(r.valid_until),
        clientRef: (r.client_ref as string | null) ?? null,
      }));
  }

  /**
   * Claimed messages about to be written to a gateway: marked (queued_at) so that a process that
   * dies from here on leaves them queued, never sent again (staleQueued). The ids marked: one
   * missing went back to the queue (its lease ran out) and must not be submitted.
   *
   * A claim is known by its `attempts` (each claim counts one more), so the mark is idempotent
   * for its own claim: a write whose commit landed but whose answer was lost (the database went
   * away) and that is written again finds its own mark (same claim, same gateway) and answers the
   * message as marked, instead of leaving it marked and never submitted. A message claimed again
   * since (its lease ran out) has other attempts, and is never answered as this claim's.
   */
  async markWriting(
    rows: { id: string; createdAt: Date; gatewayId: string; attempts: number }[],
  ): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const result = await this.x.execute(sql`
      update sms_messages m set queued_at = coalesce(m.queued_at, now()), gateway_id = r.gateway_id
      from unnest(${pgArray(rows.map((r) => r.id))}::uuid[],
                  ${pgArray(rows.map((r) => r.createdAt.toISOString()))}::timestamptz[],
                  ${pgArray(rows.map((r) => r.gatewayId))}::uuid[],
                  ${pgArray(rows.map((r) => String(r.attempts)))}::int[]) as r(id, created_at, gateway_id, attempts)
      where m.id = r.id and m.created_at = r.created_at and m.status = 'queued' and m.attempts = r.attempts
        and (m.queued_at is null or m.gateway_id = r.gateway_id)
      returning m.id`);
    return new Set(rowsOf<{ id: string }>(result).map((r) => String(r.id)));
  }

  /**
   * Claimed, never marked as written, past the claim's lease (its dispatcher died, or waited that
   * long for window room): back to the queue, due now. How many.
   */
  async reclaim(limit: number): Promise<number> {
    const result = await this.x.execute(sql`
      with lapsed as (
        select id, created_at from sms_messages
        where status = 'queued' and queued_at is null and next_attempt_at < now()
        limit ${limit} for update skip locked
      )
      update sms_messages m set status = 'accepted', next_attempt_at = now()
      from lapsed where m.id = lapsed.id and m.created_at = lapsed.created_at
        and m.status = 'queued' and m.queued_at is null
      returning m.id`);
    return rowsOf(result).length;
  }

  /**
   * Submitted: status sent and the upstream id of every part (a reused id names the newer part),
   * for messages still queued. One that is not (the sweep gave up on it, or this was written
   * already) gets no parts: writing them again would wipe receipts applied to them since. A part
   * whose id is not known (null: the gateway may have it, SUBMIT_UNCONFIRMED) is stored under a
   * placeholder (unconfirmedId) that a receipt matched by number replaces (matchUnconfirmed).
   */
  async markSent(
    rows: {
      id: string;
      createdAt: Date;
      gatewayId: string;
      upstreamIds: (string | null)[];
      sentAt: Date;
    }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const result = await this.x.execute(sql`
      update sms_messages m set status = 'sent', gateway_id = r.gateway_id, sent_at = r.sent_at,
        error_code = r.error_code
      from unnest(${pgArray(rows.map((r) => r.id))}::uuid[],
                  ${pgArray(rows.map((r) => r.createdAt.toISOString()))}::timestamptz[],
                  ${pgArray(rows.map((r) => r.gatewayId))}::uuid[],
                  ${pgArray(rows.map((r) => r.sentAt.toISOString()))}::timestamptz[],
                  ${pgArray(rows.map((r) => (r.upstreamIds.includes(null) ? UNCONFIRMED : null)))}::text[])
        as r(id, created_at, gateway_id, sent_at, error_code)
      where m.id = r.id and m.created_at = r.created_at and m.status = 'queued'
      returning m.id`);
    const moved = new Set(rowsOf<{ id: string }>(result).map((r) => String(r.id)));
    const parts = rows
      .filter((r) => moved.has(r.id))
      .flatMap((r) =>
        r.upstreamIds.map((upstreamId, partNo) => ({
          ...r,
          upstreamId: upstreamId ?? unconfirmedId(r.id, partNo + 1),
          partNo: partNo + 1,
        })),
      );
    if (parts.length === 0) return;
    await this.x.execute(sql`
      insert into sms_message_parts (message_id, message_created_at, part_no, gateway_id, upstream_id)
      select * from unnest(${pgArray(parts.map((p) => p.id))}::uuid[],
                           ${pgArray(parts.map((p) => p.createdAt.toISOString()))}::timestamptz[],
                           ${pgArray(parts.map((p) => String(p.partNo)))}::smallint[],
                           ${pgArray(parts.map((p) => p.gatewayId))}::uuid[],
                           ${pgArray(parts.map((p) => p.upstreamId))}::text[])
      on conflict (gateway_id, upstream_id) do update
        set message_id = excluded.message_id, message_created_at = excluded.message_created_at,
            part_no = excluded.part_no, status = null, error_code = null, done_at = null,
            created_at = now()`);
  }

  /** Not taken now (retryable): waits in the queue again until `nextAt`, with no gateway. */
  async markRetry(rows: { id: string; createdAt: Date; nextAt: Date; errorCode: string }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.x.execute(sql`
      update sms_messages m set status = 'accepted', next_attempt_at = r.next_at, error_code = r.error_code,
        gateway_id = null
      from unnest(${pgArray(rows.map((r) => r.id))}::uuid[],
                  ${pgArray(rows.map((r) => r.createdAt.toISOString()))}::timestamptz[],
                  ${pgArray(rows.map((r) => r.nextAt.toISOString()))}::timestamptz[],
                  ${pgArray(rows.map((r) => r.errorCode))}::text[]) as r(id, created_at, next_at, error_code)
      where m.id = r.id and m.created_at = r.created_at and m.status = 'queued'`);
  }

  /**
   * Final failure of messages that are in one of `from` (never a final one): those moved. One
   * still waiting (accepted, queued) was taken by no gateway, so it loses the gateway its mark
   * named (markWriting): the statistics count a message with a gateway as sent.
   */
  async fail(
    rows: { id: string; createdAt: Date; errorCode: string }[],
    from: readonly SmsStatus[],
    status: SmsStatus = 'failed',
  ): Promise<FinalMessage[]> {
    if (rows.length === 0) return [];
    const result = await this.x.execute(sql`
      update sms_messages m set status = ${status}, error_code = r.error_code, done_at = now(),
        gateway_id = case when m.status in ('accepted', 'queued') then null else m.gateway_id end
      from unnest(${pgArray(rows.map((r) => r.id))}::uuid[],
                  ${pgArray(rows.map((r) => r.createdAt.toISOString()))}::timestamptz[],
                  ${pgArray(rows.map((r) => r.errorCode))}::text[]) as r(id, created_at, error_code)
      where m.id = r.id and m.created_at = r.created_at
        and m.status = any(${pgArray(from)}::text[]) and m.status not in ${FINALS}
      returning ${finalColumns}`);
    return rowsOf<Record<string, unknown>>(result).map(finalOf);
  }

  // --- sweeps ---

  /** Sent, and no receipt within validity: timeout (NO_RECEIPT, or SUBMIT_UNCONFIRMED as it was sent). */
  async sweepSent(limit: number): Promise<FinalMessage[]> {
    const result = await this.x.execute(sql`
      with late as (
        select id, created_at from sms_messages
        where status = 'sent' and valid_until < now()
        limit ${limit} for update skip locked
      )
      update sms_messages m set status = 'timeout', error_code = coalesce(m.error_code, 'NO_RECEIPT'),
        done_at = now()
      from late where m.id = late.id and m.created_at = late.created_at and m.status = 'sent'
      returning ${finalColumns}`);
    return rowsOf<Record<string, unknown>>(result).map(finalOf);
  }

  /** Marked as being written, never answered (the dispatcher's process died mid-submit): marked before `before`. */
  async staleQueued(
    before: Date,
    limit: number,
  ): Promise<{ id: string; createdAt: Date; gatewayId: string | null; parts: number }[]> {
    const result = await this.x.execute(sql`
      select id, created_at, gateway_id, parts from sms_messages
      where status = 'queued' and queued_at < ${before.toISOString()}::timestamptz
      limit ${limit}`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      id: String(r.id),
      createdAt: dateOf(r.created_at),
      gatewayId: (r.gateway_id as string | null) ?? null,
      parts: Number(r.parts),
    }));
  }

  /** Waiting messages past their validity (no gateway took them in time). */
  async expiredWaiting(limit: number): Promise<{ id: string; createdAt: Date }[]> {
    const result = await this.x.execute(sql`
      select id, created_at from sms_messages
      where status = 'accepted' and valid_until < now()
      limit ${limit} for update skip locked`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      id: String(r.id),
      createdAt: dateOf(r.created_at),
    }));
  }
}
