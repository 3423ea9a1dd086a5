import {
  formatMoney,
  parseMoney,
  SMS_FINAL_STATUSES,
  type SmsBatchState,
  type SmsKind,
  type SmsSource,
  type SmsStatus,
} from '@switchboard/contracts';
import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, executor, rowsOf } from '../../platform/db';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { likeText, pgArray, unnestRows } from '../../platform/sql';
import type { GatewayReceiptStatus } from './ports';
import { smsBatches, smsCallbacks, smsMessageParts, smsMessages } from './schema';

export type SmsMessageRecord = typeof smsMessages.$inferSelect;
export type SmsMessageInsert = typeof smsMessages.$inferInsert;
export type SmsBatchRecord = typeof smsBatches.$inferSelect;
export type SmsCallbackRecord = typeof smsCallbacks.$inferSelect;

/** The statuses a message can still leave (SQL list). */
const OPEN = sql.raw(`('accepted', 'queued', 'sent')`);
const FINALS = sql.raw(`(${SMS_FINAL_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** The error code of a message sent that its gateway may have taken without saying so (and of its timeout). */
export const UNCONFIRMED = 'SUBMIT_UNCONFIRMED';
/** A receipt's `text:` excerpt as a pattern found anywhere in a message's text (`?`: any character). */
const excerptPattern = (excerpt: string) =>
  new RegExp(
    excerpt
      .trimEnd()
      .split('')
      .map((c) => (c === '?' ? '.' : c.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')))
      .join(''),
    's',
  );

/** The stand-in upstream id of a part whose id the gateway never answered (never a real id: `?`). */
export const unconfirmedId = (messageId: string, partNo: number) => `?${messageId}:${partNo}`;

const dateOf = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const dateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : dateOf(value);
const moneyOf = (value: unknown): bigint => parseMoney(String(value)) ?? 0n;

/** What a dispatcher needs of a claimed message. */
export interface ClaimedMessage {
  id: string;
  createdAt: Date;
  companyId: string;
  batchId: string | null;
  kind: SmsKind;
  source: SmsSource;
  to: string;
  sender: string | null;
  text: string;
  parts: number;
  price: bigint;
  gatewayIds: string[];
  attempts: number;
  validUntil: Date;
  clientRef: string | null;
}

/** A message that just reached a final status (for listeners and callbacks). */
export interface FinalMessage {
  id: string;
  createdAt: Date;
  companyId: string;
  clientRef: string | null;
  to: string;
  status: SmsStatus;
  errorCode: string | null;
  doneAt: Date;
  source: SmsSource;
  price: bigint;
  /** What each reseller above earned on it (taken back with a refund). */
  commissions: { companyId: string; amount: bigint }[];
}

/** What an update making messages final returns of each (FinalMessage). */
const finalColumns = sql.raw(
  'm.id, m.created_at, m.company_id, m.client_ref, m.to_number, m.status, m.error_code, m.done_at, m.source, m.price::text as price, m.commissions',
);

function finalOf(r: Record<string, unknown>): FinalMessage {
  return {
    id: String(r.id),
    createdAt: dateOf(r.created_at),
    companyId: String(r.company_id),
    clientRef: (r.client_ref as string | null) ?? null,
    to: String(r.to_number),
    status: r.status as SmsStatus,
    errorCode: (r.error_code as string | null) ?? null,
    doneAt: dateOf(r.done_at),
    source: r.source as SmsSource,
    price: moneyOf(r.price),
    commissions: ((r.commissions as { companyId: string; amount: string }[] | null) ?? []).map((c) => ({
      companyId: c.companyId,
      amount: moneyOf(c.amount),
    })),
  };
}

export interface MessageFilters {
  kind: SmsKind;
  from: Date;
  to: Date;
  scope: DataScope;
  companyId?: string | undefined;
  number?: string | undefined;
  status?: SmsStatus | undefined;
  batchId?: string | undefined;
  gatewayId?: string | undefined;
}

export interface BatchFilters {
  kind: SmsKind;
  from: Date;
  to: Date;
  scope: DataScope;
  companyId?: string | undefined;
  state?: SmsBatchState | undefined;
}

/** The only SQL of the SMS engine's tables. */
export class SmsRepo {
  constructor(private readonly db: Db) {}

  private get x() {
    return executor(this.db);
  }

  // --- acceptance ---

  /** One statement whatever the count (an SMPP group is a batch per submit): array parameters. */
  async insertBatches(rows: (typeof smsBatches.$inferInsert)[]): Promise<void> {
    if (rows.length === 0) return;
    await this.x.execute(sql`
      insert into sms_batches (id, company_id, user_id, kind, source, sender, text, template_id, total,
        amount, state, scheduled_at, created_at)
      select id, company_id, user_id, kind, source, sender, text, template_id, total, amount, state,
        scheduled_at, created_at
      from ${unnestRows('t', rows, {
        id: ['uuid', (r) => r.id],
        company_id: ['uuid', (r) => r.companyId],
        user_id: ['uuid', (r) => r.userId],
        kind: ['text', (r) => r.kind],
        source: ['text', (r) => r.source],
        sender: ['text', (r) => r.sender],
        text: ['text', (r) => r.text],
        template_id: ['uuid', (r) => r.templateId],
        total: ['int', (r) => String(r.total)],
        amount: ['numeric', (r) => formatMoney(r.amount ?? 0n)],
        state: ['text', (r) => r.state],
        scheduled_at: ['timestamptz', (r) => r.scheduledAt?.toISOString()],
        created_at: ['timestamptz', (r) => (r.createdAt ?? new Date()).toISOString()],
      })}`);
  }

  /** What the batches were charged, where it differs from the sum of their prices. */
  async setBatchAmounts(rows: { id: string; amount: bigint }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.x.execute(sql`
      update sms_batches b set amount = r.amount
      from unnest(${pgArray(rows.map((r) => r.id))}::uuid[],
                  ${pgArray(rows.map((r) => formatMoney(r.amount)))}::numeric[]) as r(id, amount)
      where b.id = r.id`);
  }

  /**
   * Inserts messages with one statement per 5,000 rows: each column is one array parameter
   * (unnest), so PostgreSQL parses a short statement with a few dozen parameters instead of a
   * VALUES list with tens of thousands (ten times faster for a batch of 500).
   */
  async insertMessages(rows: SmsMessageInsert[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 5_000) {
      const chunk = rows.slice(i, i + 5_000);
      // The rows of one acceptance share their Date objects (created, start, validity): each
      // is formatted once.
      const isoOf = new Map<Date, string>();
      const iso = (d: Date | null | undefined) => {
        if (!d) return null;
        let text = isoOf.get(d);
        if (text === undefined) {
          text = d.toISOString();
          isoOf.set(d, text);
        }
        return text;
      };
      const money = (m: bigint | null | undefined) => (m === null || m === undefined ? null : formatMoney(m));
      await this.x.execute(sql`
        insert into sms_messages (id, created_at, company_id, batch_id, kind, source, to_number,
          country_code, mcc, mnc, sender, text, parts, encoding, price, cost, commissions, route_id,
          route_name, gateway_ids, status, error_code, client_ref, priority, next_attempt_at, valid_until,
          done_at)
        select id, created_at, company_id, batch_id, kind, source, to_number, country_code, mcc, mnc,
          sender, text, parts, encoding, price, cost, commissions, route_id, route_name,
          case when gateway_ids is null then null else string_to_array(gateway_ids, ',')::uuid[] end,
          status, error_code, client_ref, priority, next_attempt_at, valid_until, done_at
        from ${unnestRows('t', chunk, {
          id: ['uuid', (r) => r.id],
          created_at: ['timestamptz', (r) => iso(r.createdAt)],
          company_id: ['uuid', (r) => r.companyId],
          batch_id: ['uuid', (r) => r.batchId],
          kind: ['text', (r) => r.kind],
          source: ['text', (r) => r.source],
          to_number: ['text', (r) => r.toNumber],
          country_code: ['text', (r) => r.countryCode],
          mcc: ['text', (r) => r.mcc],
          mnc: ['text', (r) => r.mnc],
          sender: ['text', (r) => r.sender],
          text: ['text', (r) => r.text],
          parts: ['smallint', (r) => String(r.parts)],
          encoding: ['text', (r) => r.encoding],
          price: ['numeric', (r) => money(r.price ?? 0n)],
          cost: ['numeric', (r) => money(r.cost)],
          commissions: ['jsonb', (r) => (r.commissions ? JSON.stringify(r.commissions) : null)],
          route_id: ['uuid', (r) => r.routeId],
          route_name: ['text', (r) => r.routeName],
          // The route's gateways as one text (unnest takes no array of arrays), split above.
          gateway_ids: [
            'text',
            (r) => (r.gatewayIds && r.gatewayIds.length > 0 ? r.gatewayIds.join(',') : null),
          ],
          status: ['text', (r) => r.status],
          error_code: ['text', (r) => r.errorCode],
          client_ref: ['text', (r) => r.clientRef],
          priority: ['smallint', (r) => String(r.priority ?? 0)],
          next_attempt_at: ['timestamptz', (r) => iso(r.nextAttemptAt)],
          valid_until: ['timestamptz', (r) => iso(r.validUntil)],
          done_at: ['timestamptz', (r) => iso(r.doneAt)],
        })}`);
    }
  }

  /** Messages whose charge was refused: final at once, nothing charged. */
  async refuse(rows: { id: string; createdAt: Date; status: SmsStatus; errorCode: string }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.x.execute(sql`
      update sms_messages m set status = r.status, error_code = r.error_code, price = 0,
        done_at = now(), next_attempt_at = now()
      from unnest(${pgArray(rows.map((r) => r.id))}::uuid[],
                  ${pgArray(rows.map((r) => r.createdAt.toISOString()))}::timestamptz[],
                  ${pgArray(rows.map((r) => r.status))}::text[],
                  ${pgArray(rows.map((r) => r.errorCode))}::text[]) as r(id, created_at, status, error_code)
      where m.id = r.id and m.created_at = r.created_at and m.status = 'accepted'`);
  }

  // --- dispatch ---

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

  // --- receipts ---

  /** The parts these receipts name (by gateway and upstream id). */
  async partsByUpstream(
    keys: { gatewayId: string; upstreamId: string }[],
  ): Promise<{ messageId: string; gatewayId: string; upstreamId: string; status: string | null }[]> {
    if (keys.length === 0) return [];
    const result = await this.x.execute(sql`
      select p.message_id, p.gateway_id, p.upstream_id, p.status
      from sms_message_parts p
      join unnest(${pgArray(keys.map((k) => k.gatewayId))}::uuid[],
                  ${pgArray(keys.map((k) => k.upstreamId))}::text[]) as k(gateway_id, upstream_id)
        on p.gateway_id = k.gateway_id and p.upstream_id = k.upstream_id`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      messageId: String(r.message_id),
      gatewayId: String(r.gateway_id),
      upstreamId: String(r.upstream_id),
      status: (r.status as string | null) ?? null,
    }));
  }

  /**
   * Receipts whose id names no part, matched by the number they report (the handset, deliver_sm
   * source_addr) to a message of theirs sent SUBMIT_UNCONFIRMED on that gateway: the one such
   * message of that number, or, of several, the one whose text has the receipt's excerpt (its
   * `text:` field, `?` for any character). Its first part not known takes the receipt's id. The
   * receipts matched (`gateway\u0000upstream id`; apply them as known ones).
   */
  async matchUnconfirmed(
    receipts: { gatewayId: string; upstreamId: string; handset?: string | null; excerpt?: string | null }[],
  ): Promise<Set<string>> {
    const withNumber = receipts.filter((r) => r.handset);
    if (withNumber.length === 0) return new Set();
    const found = rowsOf<Record<string, unknown>>(
      await this.x.execute(sql`
        select m.id, m.created_at, m.gateway_id, m.to_number, m.text from sms_messages m
        join (select distinct * from unnest(${pgArray(withNumber.map((r) => r.gatewayId))}::uuid[],
                                            ${pgArray(withNumber.map((r) => r.handset!))}::text[])) as k(gateway_id, number)
          on m.gateway_id = k.gateway_id and m.to_number = k.number
        where m.status = 'sent' and m.error_code = ${UNCONFIRMED}`),
    );
    const byNumber = new Map<string, { id: string; createdAt: Date; text: string }[]>();
    for (const r of found) {
      const key = `${r.gateway_id}\u0000${r.to_number}`;
      const list = byNumber.get(key) ?? [];
      list.push({ id: String(r.id), createdAt: dateOf(r.created_at), text: String(r.text) });
      byNumber.set(key, list);
    }
    // Receipts by the message they match, in arrival order.
    const chosen = new Map<string, { createdAt: Date; receipts: typeof withNumber }>();
    const seen = new Set<string>();
    for (const r of withNumber) {
      const key = `${r.gatewayId}\u0000${r.upstreamId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let candidates = byNumber.get(`${r.gatewayId}\u0000${r.handset}`) ?? [];
      if (candidates.length > 1 && r.excerpt) {
        const excerpt = excerptPattern(r.excerpt);
        candidates = candidates.filter((m) => excerpt.test(m.text));
      }
      if (candidates.length === 0) continue;
      // Several that the receipt cannot tell apart (one number, one gateway, texts that start
      // alike): the oldest not yet given a receipt here takes it. Receipts of messages alike are
      // then shared out among them in order instead of leaving them all sent until validity.
      const m =
        [...candidates]
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .find((c) => !chosen.has(c.id)) ??
        candidates.reduce((a, b) => (a.createdAt.getTime() <= b.createdAt.getTime() ? a : b));
      const entry = chosen.get(m.id) ?? { createdAt: m.createdAt, receipts: [] };
      entry.receipts.push(r);
      chosen.set(m.id, entry);
    }
    if (chosen.size === 0) return new Set();
    const open = rowsOf<Record<string, unknown>>(
      await this.x.execute(sql`
        select message_id, part_no, upstream_id from sms_message_parts
        where message_id = any(${pgArray([...chosen.keys()])}::uuid[]) and status is null
        order by message_id, part_no`),
    );
    const updates: {
      messageId: string;
      createdAt: Date;
      partNo: number;
      upstreamId: string;
      gatewayId: string;
    }[] = [];
    for (const [messageId, { createdAt, receipts: theirs }] of chosen) {
      const unknown = open.filter(
        (p) =>
          String(p.message_id) === messageId &&
          String(p.upstream_id) === unconfirmedId(messageId, Number(p.part_no)),
      );
      theirs.slice(0, unknown.length).forEach((r, i) => {
        updates.push({
          messageId,
          createdAt,
          partNo: Number(unknown[i]!.part_no),
          upstreamId: r.upstreamId,
          gatewayId: r.gatewayId,
        });
      });
    }
    if (updates.length === 0) return new Set();
    await this.x.execute(sql`
      update sms_message_parts p set upstream_id = u.upstream_id
      from unnest(${pgArray(updates.map((u) => u.messageId))}::uuid[],
                  ${pgArray(updates.map((u) => u.createdAt.toISOString()))}::timestamptz[],
                  ${pgArray(updates.map((u) => String(u.partNo)))}::smallint[],
                  ${pgArray(updates.map((u) => u.upstreamId))}::text[]) as u(message_id, created_at, part_no, upstream_id)
      where p.message_id = u.message_id and p.message_created_at = u.created_at and p.part_no = u.part_no
        and p.status is null`);
    return new Set(updates.map((u) => `${u.gatewayId}\u0000${u.upstreamId}`));
  }

  /** Records receipts on their parts (a part's first receipt only): the messages touched. */
  async applyReceipts(
    receipts: {
      gatewayId: string;
      upstreamId: string;
      status: GatewayReceiptStatus;
      errorCode: string | null;
      doneAt: Date;
    }[],
  ): Promise<string[]> {
    if (receipts.length === 0) return [];
    // A receipt's done date is to the minute in most SMSCs' text (YYMMDDhhmm): a part is never done
    // before it was stored as sent, or a message would show done before it was created.
    const result = await this.x.execute(sql`
      update sms_message_parts p set status = r.status, error_code = r.error_code,
        done_at = greatest(r.done_at, p.created_at)
      from unnest(${pgArray(receipts.map((r) => r.gatewayId))}::uuid[],
                  ${pgArray(receipts.map((r) => r.upstreamId))}::text[],
                  ${pgArray(receipts.map((r) => r.status))}::text[],
                  ${pgArray(receipts.map((r) => r.errorCode))}::text[],
                  ${pgArray(receipts.map((r) => r.doneAt.toISOString()))}::timestamptz[])
        as r(gateway_id, upstream_id, status, error_code, done_at)
      where p.gateway_id = r.gateway_id and p.upstream_id = r.upstream_id and p.status is null
      returning p.message_id`);
    return [...new Set(rowsOf<{ message_id: string }>(result).map((r) => String(r.message_id)))];
  }

  /** The parts of messages with their receipts so far, and the message's part count. */
  async partsOf(messageIds: string[]): Promise<
    {
      messageId: string;
      createdAt: Date;
      expected: number;
      parts: { status: GatewayReceiptStatus | null; errorCode: string | null; doneAt: Date | null }[];
    }[]
  > {
    if (messageIds.length === 0) return [];
    const result = await this.x.execute(sql`
      select p.message_id, p.message_created_at, p.status, p.error_code, p.done_at, m.parts
      from sms_message_parts p
      join sms_messages m on m.id = p.message_id and m.created_at = p.message_created_at
      where p.message_id = any(${pgArray(messageIds)}::uuid[]) and m.status in ('queued', 'sent')
      order by p.message_id, p.part_no`);
    const byId = new Map<
      string,
      {
        messageId: string;
        createdAt: Date;
        expected: number;
        parts: { status: GatewayReceiptStatus | null; errorCode: string | null; doneAt: Date | null }[];
      }
    >();
    for (const r of rowsOf<Record<string, unknown>>(result)) {
      const id = String(r.message_id);
      let entry = byId.get(id);
      if (!entry) {
        entry = {
          messageId: id,
          createdAt: dateOf(r.message_created_at),
          expected: Number(r.parts),
          parts: [],
        };
        byId.set(id, entry);
      }
      entry.parts.push({
        status: (r.status as GatewayReceiptStatus | null) ?? null,
        errorCode: (r.error_code as string | null) ?? null,
        doneAt: dateOrNull(r.done_at),
      });
    }
    return [...byId.values()];
  }

  /** Messages (not final) to their receipts' status: the ones that moved. */
  async finish(
    rows: { id: string; createdAt: Date; status: SmsStatus; errorCode: string | null; doneAt: Date }[],
  ): Promise<FinalMessage[]> {
    if (rows.length === 0) return [];
    const result = await this.x.execute(sql`
      update sms_messages m set status = r.status, error_code = r.error_code, done_at = r.done_at
      from unnest(${pgArray(rows.map((r) => r.id))}::uuid[],
                  ${pgArray(rows.map((r) => r.createdAt.toISOString()))}::timestamptz[],
                  ${pgArray(rows.map((r) => r.status))}::text[],
                  ${pgArray(rows.map((r) => r.errorCode))}::text[],
                  ${pgArray(rows.map((r) => r.doneAt.toISOString()))}::timestamptz[])
        as r(id, created_at, status, error_code, done_at)
      where m.id = r.id and m.created_at = r.created_at and m.status in ${OPEN}
      returning ${finalColumns}`);
    return rowsOf<Record<string, unknown>>(result).map(finalOf);
  }

  async keepPending(
    receipts: {
      gatewayId: string;
      upstreamId: string;
      status: string;
      errorCode: string | null;
      doneAt: Date;
      raw: string;
      handset?: string | null;
    }[],
  ): Promise<void> {
    if (receipts.length === 0) return;
    await this.x.execute(sql`
      insert into sms_receipts_pending (gateway_id, upstream_id, status, error_code, done_at, raw, handset)
      select * from unnest(${pgArray(receipts.map((r) => r.gatewayId))}::uuid[],
                           ${pgArray(receipts.map((r) => r.upstreamId))}::text[],
                           ${pgArray(receipts.map((r) => r.status))}::text[],
                           ${pgArray(receipts.map((r) => r.errorCode))}::text[],
                           ${pgArray(receipts.map((r) => r.doneAt.toISOString()))}::timestamptz[],
                           ${pgArray(receipts.map((r) => r.raw.slice(0, 1000)))}::text[],
                           ${pgArray(receipts.map((r) => r.handset?.slice(0, 32) ?? null))}::text[])
      on conflict do nothing`);
  }

  /** Pending receipts that report their number and may match an unconfirmed message (the oldest first). */
  async pendingWithHandset(
    limit: number,
  ): Promise<{ gatewayId: string; upstreamId: string; handset: string; raw: string }[]> {
    const result = await this.x.execute(sql`
      select q.gateway_id, q.upstream_id, q.handset, q.raw from sms_receipts_pending q
      where q.handset is not null and exists (
        select 1 from sms_messages m
        where m.status = 'sent' and m.error_code = ${UNCONFIRMED} and m.gateway_id = q.gateway_id
          and m.to_number = q.handset)
      order by q.received_at limit ${limit}`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      gatewayId: String(r.gateway_id),
      upstreamId: String(r.upstream_id),
      handset: String(r.handset),
      raw: String(r.raw ?? ''),
    }));
  }

  /** Pending receipts whose parts are now known (of these keys, or any): taken out of the table. */
  async takeMatchedPending(keys?: { gatewayId: string; upstreamId: string }[]): Promise<
    {
      gatewayId: string;
      upstreamId: string;
      status: GatewayReceiptStatus;
      errorCode: string | null;
      doneAt: Date;
    }[]
  > {
    if (keys && keys.length === 0) return [];
    const only = keys
      ? sql`and (q.gateway_id, q.upstream_id) in (select * from unnest(
          ${pgArray(keys.map((k) => k.gatewayId))}::uuid[], ${pgArray(keys.map((k) => k.upstreamId))}::text[]))`
      : sql``;
    const result = await this.x.execute(sql`
      delete from sms_receipts_pending q
      using sms_message_parts p
      where p.gateway_id = q.gateway_id and p.upstream_id = q.upstream_id ${only}
      returning q.gateway_id, q.upstream_id, q.status, q.error_code, q.done_at`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      gatewayId: String(r.gateway_id),
      upstreamId: String(r.upstream_id),
      status: r.status as GatewayReceiptStatus,
      errorCode: (r.error_code as string | null) ?? null,
      doneAt: dateOf(r.done_at),
    }));
  }

  /** Pending receipts nobody claimed for long: dropped (they name no message of ours). */
  async purgePending(before: Date): Promise<number> {
    const result = await this.x.execute(
      sql`delete from sms_receipts_pending where received_at < ${before.toISOString()}::timestamptz`,
    );
    return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
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

  // --- callbacks ---

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

  // --- batches ---

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

  async findMessages(ids: string[]): Promise<SmsMessageRecord[]> {
    if (ids.length === 0) return [];
    return this.x
      .select()
      .from(smsMessages)
      .where(sql`${smsMessages.id} = any(${pgArray(ids)}::uuid[])`);
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
