import { formatMoney, parseMoney, type VoiceStatsDimension } from '@switchboard/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executor, rowsOf } from '../../platform/db';
import type { DataScope } from '../../platform/scope';
import { pgArray } from '../../platform/sql';

const moneyOf = (value: unknown): bigint => parseMoney(String(value ?? '0')) ?? 0n;

/**
 * THE counting rule, one SQL aggregate of `call_records r`, used by the rebuild and (for a record
 * just written) by the incremental path:
 * - the day is the UTC day the call started; no trunk is '' (NO_TRUNK);
 * - one counter per result (they add up to `calls`); ring time of every call, talk time of the
 *   answered ones;
 * - `due`: answered calls the ledger has not charged yet; `charged`, `billed_s`, `revenue`
 *   (what the company was charged) and `cost` (the carriers' cost where known) of the charged ones.
 * A record's charge moves from due to charged once (`markCharged`); addCharge adds exactly that
 * move, so the incremental rows and a rebuild agree.
 */
const ROLLUP_SELECT = sql.raw(`
  (r.started_at at time zone 'UTC')::date as day, r.company_id, r.task_id, coalesce(r.trunk_id, '') as trunk_id,
  count(*)::int as calls,
  count(*) filter (where r.result = 'answered')::int as answered,
  count(*) filter (where r.result = 'busy')::int as busy,
  count(*) filter (where r.result = 'no_answer')::int as no_answer,
  count(*) filter (where r.result = 'rejected')::int as rejected,
  count(*) filter (where r.result = 'invalid_number')::int as invalid_number,
  count(*) filter (where r.result = 'failed')::int as failed,
  coalesce(sum(r.ring_ms), 0)::bigint as ring_ms,
  coalesce(sum(r.talk_ms) filter (where r.result = 'answered'), 0)::bigint as talk_ms,
  count(*) filter (where r.charge_state = 'due')::int as due,
  count(*) filter (where r.charge_state = 'charged')::int as charged,
  coalesce(sum(r.billed_s) filter (where r.charge_state = 'charged'), 0)::bigint as billed_s,
  coalesce(sum(r.amount) filter (where r.charge_state = 'charged'), 0) as revenue,
  coalesce(sum(coalesce(r.cost, 0)) filter (where r.charge_state = 'charged'), 0) as cost`);

const COUNTERS = [
  'calls',
  'answered',
  'busy',
  'no_answer',
  'rejected',
  'invalid_number',
  'failed',
  'ring_ms',
  'talk_ms',
  'due',
  'charged',
  'billed_s',
  'revenue',
  'cost',
] as const;
const INSERT_COLUMNS = sql.raw(`day, company_id, task_id, trunk_id, ${COUNTERS.join(', ')}`);
const ADD_ON_CONFLICT = sql.raw(
  `on conflict (day, company_id, task_id, trunk_id) do update set ${COUNTERS.map(
    (c) => `${c} = call_stats_daily.${c} + excluded.${c}`,
  ).join(', ')}`,
);

export interface CallStatsFilters {
  /** First and last day, `YYYY-MM-DD`, inclusive. */
  from: string;
  to: string;
  scope: DataScope;
  /** Leave out these companies (a reseller's own company on its home). */
  exclude?: string[];
  companyId?: string | undefined;
  taskId?: string | undefined;
  trunkId?: string | undefined;
}

/** The counters of one group, as stored. */
export interface RawCallFigures {
  key: string;
  calls: number;
  answered: number;
  busy: number;
  noAnswer: number;
  rejected: number;
  invalidNumber: number;
  failed: number;
  talkMs: number;
  due: number;
  billedS: number;
  revenue: bigint;
  cost: bigint;
}

const DIMENSION_KEYS: Record<VoiceStatsDimension, string> = {
  day: `to_char(day, 'YYYY-MM-DD')`,
  task: 'task_id::text',
  trunk: 'trunk_id',
};

/** The only SQL of the call roll-up table (the call-task module's; CallTaskRepo hands it out as `stats`). */
export class CallStatsRepo {
  constructor(private readonly db: Db) {}

  private get x() {
    return executor(this.db);
  }

  /**
   * Adds call records just written to the roll-up, in the caller's transaction (the one that wrote
   * them: a record is written once, so counted once). Rows are written in key order, so concurrent
   * writers never deadlock on them.
   */
  async addRecords(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.x.execute(sql`
      insert into call_stats_daily (${INSERT_COLUMNS})
      select ${ROLLUP_SELECT}
      from call_records r
      where r.id = any(${pgArray([...new Set(ids)])}::uuid[])
      group by 1, 2, 3, 4
      order by 1, 2, 3, 4
      ${ADD_ON_CONFLICT}`);
  }

  /**
   * Adds the charge of a record the ledger just took (in the transaction that moved it from due
   * to charged, once): one due less, one charged more, its billed seconds, amount and cost.
   */
  async addCharge(id: string): Promise<void> {
    await this.x.execute(sql`
      insert into call_stats_daily (${INSERT_COLUMNS})
      select (r.started_at at time zone 'UTC')::date, r.company_id, r.task_id, coalesce(r.trunk_id, ''),
        0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 1, r.billed_s, r.amount, coalesce(r.cost, 0)
      from call_records r
      where r.id = ${id}::uuid and r.charge_state = 'charged'
      ${ADD_ON_CONFLICT}`);
  }

  /**
   * Computes one day's rows again from the call records (in the caller's transaction). The table
   * is locked against writers first (SHARE ROW EXCLUSIVE: a transaction writing or charging calls
   * waits, and one that already added its calls has committed before this reads them), so no call
   * is counted twice or missed. Answers the rows written.
   */
  async rebuildDay(day: string): Promise<number> {
    await this.x.execute(sql`lock table call_stats_daily in share row exclusive mode`);
    await this.x.execute(sql`delete from call_stats_daily where day = ${day}::date`);
    const result = await this.x.execute(sql`
      insert into call_stats_daily (${INSERT_COLUMNS})
      select ${ROLLUP_SELECT}
      from call_records r
      where r.started_at >= (${day}::date)::timestamp at time zone 'UTC'
        and r.started_at < (${day}::date + 1)::timestamp at time zone 'UTC'
      group by 1, 2, 3, 4
      order by 1, 2, 3, 4`);
    return (result as { rowCount?: number }).rowCount ?? 0;
  }

  private conditions(f: CallStatsFilters): SQL {
    const parts: SQL[] = [sql`day >= ${f.from}::date and day <= ${f.to}::date`];
    if (f.scope.kind === 'companies')
      parts.push(sql`company_id = any(${pgArray(f.scope.companyIds)}::uuid[])`);
    if (f.exclude && f.exclude.length > 0) parts.push(sql`company_id <> all(${pgArray(f.exclude)}::uuid[])`);
    if (f.companyId) parts.push(sql`company_id = ${f.companyId}::uuid`);
    if (f.taskId) parts.push(sql`task_id = ${f.taskId}::uuid`);
    if (f.trunkId) parts.push(sql`trunk_id = ${f.trunkId}`);
    return sql.join(parts, sql` and `);
  }

  /** Figures of the period grouped by a dimension (at most `limit` groups, the busiest first for tasks and trunks). */
  async figures(
    f: CallStatsFilters,
    dimension: VoiceStatsDimension,
    limit = 1000,
  ): Promise<RawCallFigures[]> {
    const key = sql.raw(DIMENSION_KEYS[dimension]);
    const result = await this.x.execute(sql`
      select ${key} as k, sum(calls)::text as calls, sum(answered)::text as answered, sum(busy)::text as busy,
        sum(no_answer)::text as no_answer, sum(rejected)::text as rejected,
        sum(invalid_number)::text as invalid_number, sum(failed)::text as failed,
        sum(talk_ms)::text as talk_ms, sum(due)::text as due, sum(billed_s)::text as billed_s,
        sum(revenue)::text as revenue, sum(cost)::text as cost
      from call_stats_daily where ${this.conditions(f)}
      group by 1
      order by ${dimension === 'day' ? sql`1` : sql`sum(calls) desc, 1`}
      limit ${limit}`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      key: String(r.k ?? ''),
      calls: Number(r.calls),
      answered: Number(r.answered),
      busy: Number(r.busy),
      noAnswer: Number(r.no_answer),
      rejected: Number(r.rejected),
      invalidNumber: Number(r.invalid_number),
      failed: Number(r.failed),
      talkMs: Number(r.talk_ms),
      due: Number(r.due),
      billedS: Number(r.billed_s),
      revenue: moneyOf(r.revenue),
      cost: moneyOf(r.cost),
    }));
  }

  /** Every stored row of a period (tests and checks compare it with a rebuild). */
  async rowsOf(from: string, to: string): Promise<Record<string, unknown>[]> {
    const result = await this.x.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, company_id, task_id, trunk_id,
        ${sql.raw(COUNTERS.map((c) => `${c}::text as ${c}`).join(', '))}
      from call_stats_daily where day >= ${from}::date and day <= ${to}::date
      order by 1, 2, 3, 4`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      ...r,
      revenue: formatMoney(moneyOf(r.revenue)),
      cost: formatMoney(moneyOf(r.cost)),
    }));
  }
}
