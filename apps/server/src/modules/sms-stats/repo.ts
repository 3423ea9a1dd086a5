import {
  formatMoney,
  parseMoney,
  SMS_FINAL_STATUSES,
  type SmsAnalysisDimension,
  type SmsKind,
} from '@switchboard/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executor, rowsOf } from '../../platform/db';
import type { DataScope } from '../../platform/scope';
import { pgArray } from '../../platform/sql';
import { NO_GATEWAY } from './schema';

const FINALS = sql.raw(`(${SMS_FINAL_STATUSES.map((s) => `'${s}'`).join(', ')})`);
/** Statuses a message passes through before its final one (see the sms module). */
const OPEN_STATUSES = ['accepted', 'queued', 'sent'] as const;

const moneyOf = (value: unknown): bigint => parseMoney(String(value ?? '0')) ?? 0n;

/**
 * THE counting rule, one SQL aggregate of `sms_messages m` used both by the incremental path and
 * by the rebuild (so the two agree by construction):
 * - the day is the UTC day the message was created; no country is '', no gateway NO_GATEWAY;
 * - `sent`: a gateway took it (gateway_id is set only when a submit was answered);
 * - one counter per final status;
 * - `revenue`: its price unless it was refunded: the sms module refunds exactly the messages that
 *   fail (`failed`) without a gateway having taken them (a refused charge has price 0);
 * - `cost`: its gateway cost when a gateway took it.
 */
const ROLLUP_SELECT = sql.raw(`
  (m.created_at at time zone 'UTC')::date as day, m.company_id, m.kind,
  coalesce(m.country_code, '') as country_code, coalesce(m.gateway_id, '${NO_GATEWAY}'::uuid) as gateway_id,
  count(*)::int as messages,
  count(m.gateway_id)::int as sent,
  count(*) filter (where m.status = 'delivered')::int as delivered,
  count(*) filter (where m.status = 'undeliverable')::int as undeliverable,
  count(*) filter (where m.status = 'rejected')::int as rejected,
  count(*) filter (where m.status = 'expired')::int as expired,
  count(*) filter (where m.status = 'timeout')::int as timeout,
  count(*) filter (where m.status = 'invalid_number')::int as invalid_number,
  count(*) filter (where m.status = 'arrears')::int as arrears,
  count(*) filter (where m.status = 'failed')::int as failed,
  coalesce(sum(m.parts), 0)::int as parts,
  coalesce(sum(m.price) filter (where not (m.status = 'failed' and m.gateway_id is null)), 0) as revenue,
  coalesce(sum(coalesce(m.cost, 0)) filter (where m.gateway_id is not null), 0) as cost`);

const COUNTERS = [
  'messages',
  'sent',
  'delivered',
  'undeliverable',
  'rejected',
  'expired',
  'timeout',
  'invalid_number',
  'arrears',
  'failed',
  'parts',
  'revenue',
  'cost',
] as const;
const INSERT_COLUMNS = sql.raw(`day, company_id, kind, country_code, gateway_id, ${COUNTERS.join(', ')}`);
const ADD_ON_CONFLICT = sql.raw(
  `on conflict (day, company_id, kind, country_code, gateway_id) do update set ${COUNTERS.map(
    (c) => `${c} = sms_stats_daily.${c} + excluded.${c}`,
  ).join(', ')}`,
);

export interface StatsFilters {
  /** First and last day, `YYYY-MM-DD`, inclusive. */
  from: string;
  to: string;
  scope: DataScope;
  /** Leave out these companies (a reseller's own company on its home). */
  exclude?: string[];
  kind?: SmsKind | undefined;
  companyId?: string | undefined;
  countryCode?: string | undefined;
  gatewayId?: string | undefined;
}

/** Figures of one group, as stored (see the contracts' `smsFiguresSchema` for what each means). */
export interface RawFigures {
  key: string;
  /** Final messages. */
  messages: number;
  /** Final, taken by a gateway. */
  sentFinal: number;
  delivered: number;
  parts: number;
  revenue: bigint;
  cost: bigint;
  /** Open (not final) messages, and those of them a gateway took. */
  pending: number;
  pendingSent: number;
}

const DIMENSION_KEYS: Record<SmsAnalysisDimension, { rollup: string; open: string }> = {
  day: {
    rollup: `to_char(day, 'YYYY-MM-DD')`,
    open: `to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD')`,
  },
  country: { rollup: 'country_code', open: `coalesce(country_code, '')` },
  gateway: {
    rollup: `case when gateway_id = '${NO_GATEWAY}' then '' else gateway_id::text end`,
    open: `coalesce(gateway_id::text, '')`,
  },
  company: { rollup: 'company_id::text', open: 'company_id::text' },
};

/** The only SQL of the roll-up table. */
export class SmsStatsRepo {
  constructor(private readonly db: Db) {}

  private get x() {
    return executor(this.db);
  }

  /**
   * Adds messages that have just become final to the roll-up, in the caller's transaction (the
   * one that wrote their final status): exactly once each, as their final status is written once.
   * Rows are written in key order, so concurrent writers never deadlock on them.
   */
  async addFinal(messages: { id: string; createdAt: Date }[]): Promise<void> {
    if (messages.length === 0) return;
    const unique = [...new Map(messages.map((m) => [m.id, m])).values()];
    await this.x.execute(sql`
      insert into sms_stats_daily (${INSERT_COLUMNS})
      select ${ROLLUP_SELECT}
      from sms_messages m
      join unnest(${pgArray(unique.map((m) => m.id))}::uuid[],
                  ${pgArray(unique.map((m) => m.createdAt.toISOString()))}::timestamptz[]) as f(id, created_at)
        on m.id = f.id and m.created_at = f.created_at
      where m.status in ${FINALS}
      group by 1, 2, 3, 4, 5
      order by 1, 2, 3, 4, 5
      ${ADD_ON_CONFLICT}`);
  }

  /**
   * Computes one day's rows again from the messages (in the caller's transaction). The table is
   * locked against writers first (SHARE ROW EXCLUSIVE: a transaction finalising messages waits, and
   * one that already added its messages has committed before this reads them), so no message is
   * counted twice or missed. Answers the rows written.
   */
  async rebuildDay(day: string): Promise<number> {
    await this.x.execute(sql`lock table sms_stats_daily in share row exclusive mode`);
    await this.x.execute(sql`delete from sms_stats_daily where day = ${day}::date`);
    const result = await this.x.execute(sql`
      insert into sms_stats_daily (${INSERT_COLUMNS})
      select ${ROLLUP_SELECT}
      from sms_messages m
      where m.created_at >= (${day}::date)::timestamp at time zone 'UTC'
        and m.created_at < (${day}::date + 1)::timestamp at time zone 'UTC'
        and m.status in ${FINALS}
      group by 1, 2, 3, 4, 5
      order by 1, 2, 3, 4, 5`);
    return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
  }

  private conditions(f: StatsFilters, open: boolean): SQL {
    const parts: SQL[] = [];
    if (open) {
      parts.push(sql`created_at >= (${f.from}::date)::timestamp at time zone 'UTC'`);
      parts.push(sql`created_at < (${f.to}::date + 1)::timestamp at time zone 'UTC'`);
    } else {
      parts.push(sql`day >= ${f.from}::date and day <= ${f.to}::date`);
    }
    if (f.scope.kind === 'companies')
      parts.push(sql`company_id = any(${pgArray(f.scope.companyIds)}::uuid[])`);
    if (f.exclude && f.exclude.length > 0) parts.push(sql`company_id <> all(${pgArray(f.exclude)}::uuid[])`);
    if (f.companyId) parts.push(sql`company_id = ${f.companyId}::uuid`);
    if (f.kind) parts.push(sql`kind = ${f.kind}`);
    if (f.countryCode) {
      parts.push(
        open ? sql`coalesce(country_code, '') = ${f.countryCode}` : sql`country_code = ${f.countryCode}`,
      );
    }
    if (f.gatewayId) parts.push(sql`gateway_id = ${f.gatewayId}::uuid`);
    return sql.join(parts, sql` and `);
  }

  /**
   * Figures grouped by a dimension, in ONE statement (one snapshot): the roll-up of the period plus
   * the messages of the period still open, each status read through its own partial index of the
   * sms module (the open messages are few: those waiting for dispatch or a receipt).
   */
  async figures(f: StatsFilters, dimension: SmsAnalysisDimension): Promise<RawFigures[]> {
    const key = DIMENSION_KEYS[dimension];
    const rollupKey = sql.raw(key.rollup);
    const openKey = sql.raw(key.open);
    const open = (status: string) => sql`
      select ${openKey} as k, parts, price, cost, gateway_id from sms_messages
      where status = ${status} and ${this.conditions(f, true)}`;
    const result = await this.x.execute(sql`
      with r as (
        select ${rollupKey} as k, sum(messages)::bigint as messages, sum(sent)::bigint as sent_final,
          sum(delivered)::bigint as delivered, sum(parts)::bigint as parts, sum(revenue) as revenue,
          sum(cost) as cost, 0::bigint as pending, 0::bigint as pending_sent
        from sms_stats_daily where ${this.conditions(f, false)}
        group by 1
      ), o as (
        select k, 0::bigint, 0::bigint, 0::bigint, sum(parts)::bigint, sum(price),
          coalesce(sum(coalesce(cost, 0)) filter (where gateway_id is not null), 0),
          count(*)::bigint, count(gateway_id)::bigint
        from (${sql.join(
          OPEN_STATUSES.map((s) => open(s)),
          sql` union all `,
        )}) as open_messages
        group by 1
      )
      select k, sum(messages)::text as messages, sum(sent_final)::text as sent_final,
        sum(delivered)::text as delivered, sum(parts)::text as parts, sum(revenue)::text as revenue,
        sum(cost)::text as cost, sum(pending)::text as pending, sum(pending_sent)::text as pending_sent
      from (select * from r union all select * from o) as u
      group by k
      order by k`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      key: String(r.k ?? ''),
      messages: Number(r.messages),
      sentFinal: Number(r.sent_final),
      delivered: Number(r.delivered),
      parts: Number(r.parts),
      revenue: moneyOf(r.revenue),
      cost: moneyOf(r.cost),
      pending: Number(r.pending),
      pendingSent: Number(r.pending_sent),
    }));
  }

  /** Final messages a gateway took, and those delivered, per gateway, for a country since a day. */
  async deliveryRates(
    countryCode: string,
    sinceDay: string,
    kind?: SmsKind,
  ): Promise<{ gatewayId: string; sent: number; delivered: number }[]> {
    const result = await this.x.execute(sql`
      select gateway_id, sum(sent)::text as sent, sum(delivered)::text as delivered
      from sms_stats_daily
      where country_code = ${countryCode} and day >= ${sinceDay}::date and gateway_id <> ${NO_GATEWAY}::uuid
        ${kind ? sql`and kind = ${kind}` : sql``}
      group by gateway_id`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      gatewayId: String(r.gateway_id),
      sent: Number(r.sent),
      delivered: Number(r.delivered),
    }));
  }

  /** Every stored row of a period (tests and checks compare it with a rebuild). */
  async rowsOf(from: string, to: string) {
    const result = await this.x.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, company_id, kind, country_code, gateway_id,
        ${sql.raw(COUNTERS.map((c) => `${c}::text as ${c}`).join(', '))}
      from sms_stats_daily where day >= ${from}::date and day <= ${to}::date
      order by 1, 2, 3, 4, 5`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      ...r,
      revenue: formatMoney(moneyOf(r.revenue)),
      cost: formatMoney(moneyOf(r.cost)),
    }));
  }
}
