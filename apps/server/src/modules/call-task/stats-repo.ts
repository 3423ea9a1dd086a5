import type { VoiceStatsDimension, voiceFiguresSchema } from '@switchboard/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DailyRollup, dayOf, moneyOf, type RollupFilters } from '../../platform/daily-stats';
import { type Db, executor, rowsOf } from '../../platform/db';
import { pgArray } from '../../platform/sql';

/**
 * THE counting rule, one SQL aggregate of `call_records r`, used by the rebuild and (for a record
 * just written) by the incremental path:
 * - the day is the day the call started; no trunk is '' (NO_TRUNK);
 * - one counter per result (they add up to `calls`); ring time of every call, talk time of the
 *   answered ones;
 * - `due`: answered calls the ledger has not charged yet; `charged`, `billed_s`, `revenue`
 *   (what the company was charged) and `cost` (the carriers' cost where known) of the charged ones.
 * A record's charge moves from due to charged once (`markCharged`); addCharge adds exactly that
 * move, so the incremental rows and a rebuild agree.
 */
const ROLLUP = {
  table: 'call_stats_daily',
  source: 'call_records r',
  at: 'r.started_at',
  keys: ['company_id', 'task_id', 'trunk_id'],
  keySelect: `r.company_id, r.task_id, coalesce(r.trunk_id, '') as trunk_id`,
  counters: [
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
  ],
  counterSelect: `
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
  coalesce(sum(coalesce(r.cost, 0)) filter (where r.charge_state = 'charged'), 0) as cost`,
  money: ['revenue', 'cost'],
} as const;

export interface CallStatsFilters extends RollupFilters {
  taskId?: string | undefined;
  trunkId?: string | undefined;
}

/** The counters of one group, as stored: the attempts by result as shown, talk time, calls still due. */
export type RawCallFigures = { key: string; talkMs: number; due: number; cost: bigint } & Pick<
  z.output<typeof voiceFiguresSchema>,
  'calls' | 'answered' | 'busy' | 'noAnswer' | 'rejected' | 'invalidNumber' | 'failed' | 'billedS' | 'revenue'
>;

const DIMENSION_KEYS: Record<VoiceStatsDimension, string> = {
  day: `to_char(day, 'YYYY-MM-DD')`,
  task: 'task_id::text',
  trunk: 'trunk_id',
};

/**
 * The only SQL of the call roll-up table (the call-task module's; CallTaskRepo hands it out as
 * `stats`; its rows, rebuild and filters: the platform's DailyRollup).
 */
export class CallStatsRepo {
  readonly rollup: DailyRollup;

  constructor(private readonly db: Db) {
    this.rollup = new DailyRollup(db, ROLLUP);
  }

  private get x() {
    return executor(this.db);
  }

  /**
   * Adds call records just written to the roll-up, in the caller's transaction (the one that wrote
   * them: a record is written once, so counted once).
   */
  async addRecords(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.rollup.add({ where: sql`r.id = any(${pgArray([...new Set(ids)])}::uuid[])` });
  }

  /**
   * Adds the charge of a record the ledger just took (in the transaction that moved it from due
   * to charged, once): one due less, one charged more, its billed seconds, amount and cost.
   */
  async addCharge(id: string): Promise<void> {
    await this.x.execute(sql`
      insert into call_stats_daily (${this.rollup.columns})
      select ${sql.raw(dayOf('r.started_at'))}, r.company_id, r.task_id, coalesce(r.trunk_id, ''),
        0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 1, r.billed_s, r.amount, coalesce(r.cost, 0)
      from call_records r
      where r.id = ${id}::uuid and r.charge_state = 'charged'
      ${this.rollup.addOnConflict}`);
  }

  private conditions(f: CallStatsFilters): SQL {
    const parts = this.rollup.conditions(f);
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
}
