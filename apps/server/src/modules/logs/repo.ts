import type { logQuerySchema } from '@switchboard/contracts';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { dataRuleList } from '../../platform/data-rules';
import { type Db, executor, rowsOf } from '../../platform/db';
import { keyset } from '../../platform/paging';
import { loginLog, operationLog } from './schema';

export type LogQuery = z.output<typeof logQuerySchema>;
/** Filters of a log list or export (no paging). */
export type LogFilters = Pick<LogQuery, 'username' | 'from' | 'to'>;

/** Rows read per statement while exporting. */
const EXPORT_BATCH = 2_000;
export type LoginAttempt = typeof loginLog.$inferInsert;
export type OperationValues = typeof operationLog.$inferInsert;
type LoginLogRow = typeof loginLog.$inferSelect;
type OperationLogRow = typeof operationLog.$inferSelect;

/** `to` is the first instant after the period (as the contracts give it). */
function period(column: PgColumn, from?: Date, to?: Date): SQL | undefined {
  return and(from ? gte(column, from) : undefined, to ? lt(column, to) : undefined);
}

/** The columns data rules on the login log may name (System → Roles, a role's data rules). */
export const LOGIN_LOG_RULES = dataRuleList('system:loginLog:list', {
  username: loginLog.username,
  ip: loginLog.ip,
  method: loginLog.method,
  success: loginLog.success,
  reason: loginLog.reason,
});

/** The columns data rules on the operation log may name. */
export const OPERATION_LOG_RULES = dataRuleList('system:operationLog:list', {
  username: operationLog.username,
  ip: operationLog.ip,
  method: operationLog.method,
  route: operationLog.route,
  action: operationLog.action,
  statusCode: operationLog.statusCode,
});

/** Rows deleted per statement when purging: short statements, no long lock on a busy table. */
const PURGE_BATCH = 5_000;

/** SQL of the login and operation logs. */
export class LogRepo {
  constructor(private readonly db: Db) {}

  async recordLogin(attempt: LoginAttempt) {
    await executor(this.db).insert(loginLog).values(attempt);
  }

  async recordOperation(values: OperationValues) {
    await executor(this.db).insert(operationLog).values(values);
  }

  /** `rules`: the caller's data rules on the list (LOGIN_LOG_RULES or OPERATION_LOG_RULES). */
  private filters(table: typeof loginLog | typeof operationLog, query: LogFilters, rules?: SQL) {
    return and(
      rules,
      query.username ? eq(table.username, query.username) : undefined,
      period(table.createdAt, query.from, query.to),
    );
  }

  loginLog(query: LogQuery, rules?: SQL) {
    const page = keyset(loginLog.id, query, this.filters(loginLog, query, rules));
    return executor(this.db)
      .select()
      .from(loginLog)
      .where(page.where)
      .orderBy(page.orderBy)
      .limit(page.limit);
  }

  operationLog(query: LogQuery, rules?: SQL) {
    const page = keyset(operationLog.id, query, this.filters(operationLog, query, rules));
    return executor(this.db)
      .select()
      .from(operationLog)
      .where(page.where)
      .orderBy(page.orderBy)
      .limit(page.limit);
  }

  /** How many rows an export of these filters would write (stops counting past `max`). */
  async countForExport(
    table: 'login' | 'operation',
    query: LogFilters,
    max: number,
    rules?: SQL,
  ): Promise<number> {
    const target = table === 'login' ? loginLog : operationLog;
    const inner = executor(this.db)
      .select({ id: target.id })
      .from(target)
      .where(this.filters(target, query, rules))
      .limit(max + 1)
      .as('t');
    const [row] = await executor(this.db).select({ n: sql<number>`count(*)::int` }).from(inner);
    return Number(row?.n ?? 0);
  }

  /** Every row matching the filters, newest first, read in batches by key (for a streamed export). */
  async *loginLogRows(query: LogFilters, rules?: SQL): AsyncGenerator<LoginLogRow> {
    let cursor: string | undefined;
    for (;;) {
      const rows = await this.loginLog({ ...query, pageSize: EXPORT_BATCH, cursor }, rules);
      yield* rows.slice(0, EXPORT_BATCH);
      if (rows.length <= EXPORT_BATCH) return;
      cursor = String(rows[EXPORT_BATCH - 1]!.id);
    }
  }

  async *operationLogRows(query: LogFilters, rules?: SQL): AsyncGenerator<OperationLogRow> {
    let cursor: string | undefined;
    for (;;) {
      const rows = await this.operationLog({ ...query, pageSize: EXPORT_BATCH, cursor }, rules);
      yield* rows.slice(0, EXPORT_BATCH);
      if (rows.length <= EXPORT_BATCH) return;
      cursor = String(rows[EXPORT_BATCH - 1]!.id);
    }
  }

  /** Successful sign-ins since `since` and ever, and distinct addresses since `since`. */
  async loginInfo(since: Date) {
    const at = since.toISOString();
    const result = await executor(this.db).execute(sql`
      select
        (select count(*)::int from ${loginLog} where success and created_at >= ${at}) as today,
        (select count(*)::int from ${loginLog} where success) as total,
        (select count(distinct ip)::int from ${loginLog} where success and created_at >= ${at}) as today_ip`);
    const row = rowsOf<{ today: number; total: number; today_ip: number }>(result)[0];
    return {
      todayVisitCount: Number(row?.today ?? 0),
      totalVisitCount: Number(row?.total ?? 0),
      todayIp: Number(row?.today_ip ?? 0),
    };
  }

  /**
   * Successful sign-ins per UTC day from `from` to `to` (midnights, both included), with the
   * distinct users and addresses of each day; days without any are there with zeros.
   */
  async visitsPerDay(from: Date, to: Date) {
    const result = await executor(this.db).execute(sql`
      select to_char(d.day at time zone 'UTC', 'YYYY-MM-DD') as day,
        count(l.id)::int as visits,
        count(distinct coalesce(l.user_id::text, l.username))::int as users,
        count(distinct l.ip)::int as ips
      from generate_series(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz,
        interval '1 day') as d(day)
      left join ${loginLog} l on l.success and l.created_at >= d.day and l.created_at < d.day + interval '1 day'
      group by d.day
      order by d.day`);
    return rowsOf<{ day: string; visits: number; users: number; ips: number }>(result).map((r) => ({
      day: r.day,
      visits: Number(r.visits),
      users: Number(r.users),
      ips: Number(r.ips),
    }));
  }

  /** Deletes rows older than `days`, in batches; answers how many. */
  async purge(table: 'login' | 'operation', days: number): Promise<number> {
    const target = table === 'login' ? loginLog : operationLog;
    let total = 0;
    for (;;) {
      const result = await executor(this.db).execute(sql`
        delete from ${target} where ${target.id} in (
          select ${target.id} from ${target}
          where ${target.createdAt} < now() - make_interval(days => ${days})
          limit ${PURGE_BATCH})`);
      const deleted =
        (result as { rowCount?: number; affectedRows?: number }).rowCount ??
        (result as { affectedRows?: number }).affectedRows ??
        0;
      total += deleted;
      if (deleted < PURGE_BATCH) return total;
    }
  }
}
