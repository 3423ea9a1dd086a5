import type { SmsStatus } from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db';
import { pgArray } from '../../../platform/sql';
import type { GatewayReceiptStatus } from '../ports';
import {
  dateOf,
  dateOrNull,
  type FinalMessage,
  finalColumns,
  finalOf,
  OPEN,
  SmsTables,
  UNCONFIRMED,
  unconfirmedId,
} from './rows';

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

/** The SQL of delivery receipts: parts by upstream id, receipts matched by number, kept for later, applied. */
export class ReceiptRepo extends SmsTables {
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
}
