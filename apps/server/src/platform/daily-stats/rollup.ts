import { formatMoney, parseMoney } from '@switchboard/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executor, rowsOf, withTransaction } from '../db';
import type { Logger } from '../logger';
import type { DataScope } from '../scope';
import { pgArray } from '../sql';
import { type DayPeriod, eachDay, periodOf, STATS_TIME_ZONE } from './period';

/** The widest rebuild one call may ask for. */
export const REBUILD_MAX_DAYS = 366;

/** A money sum as the database answers it, in micro-units. */
export const moneyOf = (value: unknown): bigint => parseMoney(String(value ?? '0')) ?? 0n;

/** SQL: the statistics day (STATS_TIME_ZONE) of a timestamp column. */
export const dayOf = (column: string): string => `(${column} at time zone '${STATS_TIME_ZONE}')::date`;

/** SQL: `column` (a timestamp) falls on one of the days of the period. */
export function withinDays(column: string, { from, to }: DayPeriod): SQL {
  const at = sql.raw(column);
  const zone = sql.raw(`'${STATS_TIME_ZONE}'`);
  return sql`${at} >= (${from}::date)::timestamp at time zone ${zone}
    and ${at} < (${to}::date + 1)::timestamp at time zone ${zone}`;
}

/** The filters every roll-up's figures take: the period, the caller's scope, one company. */
export interface RollupFilters extends DayPeriod {
  scope: DataScope;
  /** Leave out these companies (a reseller's own company on its home). */
  exclude?: string[];
  companyId?: string | undefined;
}

/**
 * A daily roll-up table: one row per day (of STATS_TIME_ZONE) and key, its counters the sums of
 * THE counting rule, one SQL aggregate over the source records that both the incremental path
 * (`add`) and the rebuild (`rebuildDay`) use, so the two agree by construction.
 */
export interface DailyRollupSpec {
  /** The roll-up table, whose primary key is `day` and `keys`. */
  table: string;
  /** The source records with their alias: `sms_messages m`. */
  source: string;
  /** The timestamp column of the source whose day a record is counted on: `m.created_at`. */
  at: string;
  /** The key columns after `day`, in primary-key order. */
  keys: readonly string[];
  /** The key values selected from the source (one expression per key, in order). */
  keySelect: string;
  /** The counter columns, in order. */
  counters: readonly string[];
  /** The counters' aggregates over the source (one per counter, in order). */
  counterSelect: string;
  /** The money counters (read back as decimal texts). */
  money: readonly string[];
  /** Which source records count at all (the final messages), if not all. */
  where?: SQL;
}

/**
 * The SQL of a daily roll-up table that every kind of statistics shares: adding records, the
 * rebuild of a day (and of a period, one day per transaction), the filters of its figures and its
 * stored rows. The module's repo owns the table and hands the rest (what a group's figures are)
 * its own SQL.
 */
export class DailyRollup {
  /** `day, <keys>, <counters>`: the table's columns as the counting rule selects them. */
  readonly columns: SQL;
  /** Adds a row's counters to the stored row of its day and keys. */
  readonly addOnConflict: SQL;
  private readonly select: SQL;
  private readonly groupBy: SQL;

  constructor(
    private readonly db: Db,
    private readonly spec: DailyRollupSpec,
  ) {
    const keys = ['day', ...spec.keys];
    this.columns = sql.raw([...keys, ...spec.counters].join(', '));
    this.addOnConflict = sql.raw(
      `on conflict (${keys.join(', ')}) do update set ${spec.counters
        .map((c) => `${c} = ${spec.table}.${c} + excluded.${c}`)
        .join(', ')}`,
    );
    this.select = sql.raw(`${dayOf(spec.at)} as day, ${spec.keySelect}, ${spec.counterSelect}`);
    this.groupBy = sql.raw(keys.map((_, i) => i + 1).join(', '));
  }

  private get x() {
    return executor(this.db);
  }

  private get table() {
    return sql.raw(this.spec.table);
  }

  private insert(join: SQL, where: SQL[]): SQL {
    const conditions = this.spec.where ? [...where, this.spec.where] : where;
    return sql`
      insert into ${this.table} (${this.columns})
      select ${this.select}
      from ${sql.raw(this.spec.source)} ${join}
      ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
      group by ${this.groupBy}
      order by ${this.groupBy}`;
  }

  /**
   * Adds records just written (or just made final) to the roll-up, in the caller's transaction
   * (the one that wrote them: counted once), the records chosen by a join or a condition. Rows are
   * written in key order, so concurrent writers never deadlock on them.
   */
  async add(records: { join?: SQL; where?: SQL }): Promise<void> {
    await this.x.execute(
      sql`${this.insert(records.join ?? sql``, records.where ? [records.where] : [])} ${this.addOnConflict}`,
    );
  }

  /**
   * Computes one day's rows again from the records (in the caller's transaction). The table is
   * locked against writers first (SHARE ROW EXCLUSIVE: a transaction adding records waits, and one
   * that already added its records has committed before this reads them), so no record is
   * counted twice or missed. Answers the rows written.
   */
  async rebuildDay(day: string): Promise<number> {
    await this.x.execute(sql`lock table ${this.table} in share row exclusive mode`);
    await this.x.execute(sql`delete from ${this.table} where day = ${day}::date`);
    const result = await this.x.execute(
      this.insert(sql``, [withinDays(this.spec.at, { from: day, to: day })]),
    );
    return (result as { rowCount?: number }).rowCount ?? 0;
  }

  /**
   * Computes the roll-up of the days from `dateFrom` to `dateTo` (the end as the contracts give
   * it) again, one day per transaction (a day's writers wait only for that day's rebuild); at most
   * REBUILD_MAX_DAYS days (PERIOD_TOO_LONG).
   */
  async rebuild(dateFrom: Date, dateTo: Date, log?: Logger): Promise<{ days: number; rows: number }> {
    const period = periodOf(dateFrom, dateTo, { maxDays: REBUILD_MAX_DAYS });
    const days = eachDay(period.from, period.to, REBUILD_MAX_DAYS);
    let rows = 0;
    for (const day of days) {
      rows += await withTransaction(this.db, () => this.rebuildDay(day), log);
    }
    return { days: days.length, rows };
  }

  /**
   * The conditions of the filters every roll-up takes, on the table (or, given the period's
   * condition on them, on records with the same columns); the module's own follow.
   */
  conditions(f: RollupFilters, period?: SQL): SQL[] {
    const parts: SQL[] = [period ?? sql`day >= ${f.from}::date and day <= ${f.to}::date`];
    if (f.scope.kind === 'companies')
      parts.push(sql`company_id = any(${pgArray(f.scope.companyIds)}::uuid[])`);
    if (f.exclude && f.exclude.length > 0) parts.push(sql`company_id <> all(${pgArray(f.exclude)}::uuid[])`);
    if (f.companyId) parts.push(sql`company_id = ${f.companyId}::uuid`);
    return parts;
  }

  /** Every stored row of a period, counters as texts (tests and checks compare it with a rebuild). */
  async rowsOf(from: string, to: string): Promise<Record<string, unknown>[]> {
    const result = await this.x.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, ${sql.raw(this.spec.keys.join(', '))},
        ${sql.raw(this.spec.counters.map((c) => `${c}::text as ${c}`).join(', '))}
      from ${this.table} where day >= ${from}::date and day <= ${to}::date
      order by ${this.groupBy}`);
    return rowsOf<Record<string, unknown>>(result).map((r) => {
      const row = { ...r };
      for (const c of this.spec.money) row[c] = formatMoney(moneyOf(r[c]));
      return row;
    });
  }
}
