import { SMS_FINAL_STATUSES, type SmsAnalysisDimension, type SmsKind } from '@switchboard/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { DailyRollup, dayOf, moneyOf, type RollupFilters, withinDays } from '../../platform/daily-stats';
import { type Db, executor, rowsOf } from '../../platform/db';
import { pgArray } from '../../platform/sql';
import { NO_GATEWAY } from './schema';

const FINALS = sql.raw(`(${SMS_FINAL_STATUSES.map((s) => `'${s}'`).join(', ')})`);
/** Statuses a message passes through before its final one (see the sms module). */
const OPEN_STATUSES = ['accepted', 'queued', 'sent'] as const;

/**
 * THE counting rule, one SQL aggregate of the final messages `sms_messages m` used both by the
 * incremental path and by the rebuild (so the two agree by construction):
 * - the day is the day the message was created; no country is '', no gateway NO_GATEWAY;
 * - `sent`: a gateway took it (gateway_id is set only when a submit was answered);
 * - one counter per final status;
 * - `revenue`: its price unless it was refunded: the sms module refunds exactly the messages that
 *   fail (`failed`) without a gateway having taken them (a refused charge has price 0);
 * - `cost`: its gateway cost when a gateway took it.
 */
const ROLLUP = {
  table: 'sms_stats_daily',
  source: 'sms_messages m',
  at: 'm.created_at',
  keys: ['company_id', 'kind', 'country_code', 'gateway_id'],
  keySelect: `m.company_id, m.kind,
  coalesce(m.country_code, '') as country_code, coalesce(m.gateway_id, '${NO_GATEWAY}'::uuid) as gateway_id`,
  counters: [
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
  ],
  counterSelect: `
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
  coalesce(sum(coalesce(m.cost, 0)) filter (where m.gateway_id is not null), 0) as cost`,
  money: ['revenue', 'cost'],
  where: sql`m.status in ${FINALS}`,
} as const;

export interface StatsFilters extends RollupFilters {
  kind?: SmsKind | undefined;
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
    open: `to_char(${dayOf('created_at')}, 'YYYY-MM-DD')`,
  },
  country: { rollup: 'country_code', open: `coalesce(country_code, '')` },
  gateway: {
    rollup: `case when gateway_id = '${NO_GATEWAY}' then '' else gateway_id::text end`,
    open: `coalesce(gateway_id::text, '')`,
  },
  company: { rollup: 'company_id::text', open: 'company_id::text' },
};

/** The only SQL of the roll-up table (its rows, rebuild and filters: the platform's DailyRollup). */
export class SmsStatsRepo {
  readonly rollup: DailyRollup;

  constructor(private readonly db: Db) {
    this.rollup = new DailyRollup(db, ROLLUP);
  }

  private get x() {
    return executor(this.db);
  }

  /**
   * Adds messages that have just become final to the roll-up, in the caller's transaction (the
   * one that wrote their final status): exactly once each, as their final status is written once.
   */
  async addFinal(messages: { id: string; createdAt: Date }[]): Promise<void> {
    if (messages.length === 0) return;
    const unique = [...new Map(messages.map((m) => [m.id, m])).values()];
    await this.rollup.add({
      join: sql`join unnest(${pgArray(unique.map((m) => m.id))}::uuid[],
                  ${pgArray(unique.map((m) => m.createdAt.toISOString()))}::timestamptz[]) as f(id, created_at)
        on m.id = f.id and m.created_at = f.created_at`,
    });
  }

  /** The conditions of the filters on the roll-up or (`open`) on the open messages. */
  private conditions(f: StatsFilters, open: boolean): SQL {
    const parts = this.rollup.conditions(f, open ? withinDays('created_at', f) : undefined);
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
}
