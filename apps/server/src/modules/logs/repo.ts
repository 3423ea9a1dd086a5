import { LOGIN_FAILURE_WINDOW_MS, type logQuerySchema } from '@switchboard/contracts';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { dataRuleList } from '../../platform/data-rules';
import { type Db, executor, rowsOf } from '../../platform/db';
import { keyset } from '../../platform/paging';
import { loginLog, operationLog } from './schema';

export type LogQuery = z.output<typeof logQuerySchema>;
export type LoginAttempt = typeof loginLog.$inferInsert;
export type OperationValues = typeof operationLog.$inferInsert;

function period(column: PgColumn, from?: Date, to?: Date): SQL | undefined {
  return and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined);
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

  /**
   * Recent failed logins for a username and for an address: each count starts again after a
   * success (of that user, from that address) and only looks back one window.
   */
  async recentFailures(username: string, ip: string): Promise<{ byUser: number; byAddress: number }> {
    const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS).toISOString();
    const result = await executor(this.db).execute(sql`
      select
        (select count(*)::int from ${loginLog} f
          where f.username = ${username} and not f.success and f.created_at > ${since}
            and f.created_at > coalesce((select max(s.created_at) from ${loginLog} s
              where s.username = ${username} and s.success), 'epoch')) as by_user,
        (select count(*)::int from ${loginLog} f
          where f.ip = ${ip} and not f.success and f.created_at > ${since}
            and f.created_at > coalesce((select max(s.created_at) from ${loginLog} s
              where s.ip = ${ip} and s.success), 'epoch')) as by_address`);
    const row = rowsOf<{ by_user: number; by_address: number }>(result)[0];
    return { byUser: Number(row?.by_user ?? 0), byAddress: Number(row?.by_address ?? 0) };
  }

  /** `rules`: the caller's data rules on the list (LOGIN_LOG_RULES). */
  loginLog(query: LogQuery, rules?: SQL) {
    const page = keyset(
      loginLog.id,
      query,
      and(
        rules,
        query.username ? eq(loginLog.username, query.username) : undefined,
        period(loginLog.createdAt, query.from, query.to),
      ),
    );
    return executor(this.db)
      .select()
      .from(loginLog)
      .where(page.where)
      .orderBy(page.orderBy)
      .limit(page.limit);
  }

  /** `rules`: the caller's data rules on the list (OPERATION_LOG_RULES). */
  operationLog(query: LogQuery, rules?: SQL) {
    const page = keyset(
      operationLog.id,
      query,
      and(
        rules,
        query.username ? eq(operationLog.username, query.username) : undefined,
        period(operationLog.createdAt, query.from, query.to),
      ),
    );
    return executor(this.db)
      .select()
      .from(operationLog)
      .where(page.where)
      .orderBy(page.orderBy)
      .limit(page.limit);
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
