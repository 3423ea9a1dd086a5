import {
  EXPORT_WINDOW_DAYS,
  type KeysetPage,
  LOG_EXPORT_MAX_ROWS,
  type LoginInfo,
  VISIT_INFO_MAX_DAYS,
  type VisitDay,
} from '@switchboard/contracts';
import type { SQL } from 'drizzle-orm';
import type { OperationEntry } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { keysetPageOf } from '../../platform/paging';
import { checkExportWindow } from '../../platform/resource';
import { type LogFilters, type LoginAttempt, type LogQuery, LogRepo } from './repo';
import type { LoginMethod } from './schema';

type LoginLogRow = Awaited<ReturnType<LogRepo['loginLog']>>[number];
type OperationLogRow = Awaited<ReturnType<LogRepo['operationLog']>>[number];

const DAY_MS = 86_400_000;

/** Midnight (UTC) of the day of `date`. */
export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** A list without a period shows the current day (spec: "some queries limited to current-day data"). */
export function withDefaultPeriod<Q extends LogFilters>(query: Q, now = new Date()): Q {
  if (query.from || query.to) return query;
  return { ...query, from: startOfDay(now) };
}

/**
 * The days of a visit statistics query (YYYY-MM-DD, UTC): the past 7 days up to today by
 * default; at most VISIT_INFO_MAX_DAYS days, the start not after the end.
 */
export function visitPeriod(query: { from?: string | undefined; to?: string | undefined }, now = new Date()) {
  const to = query.to ? new Date(`${query.to}T00:00:00Z`) : startOfDay(now);
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : new Date(to.getTime() - 6 * DAY_MS);
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
  if (days < 1 || days > VISIT_INFO_MAX_DAYS) {
    throw new AppError('VISIT_PERIOD_INVALID', 400, { days: VISIT_INFO_MAX_DAYS });
  }
  return { from, to };
}

/**
 * An export's filters: a period of at most a week (both ends) within the past week, and no more
 * rows than one export writes. Answers the filters to read.
 */
async function checkedExport(
  repo: LogRepo,
  table: 'login' | 'operation',
  query: LogFilters,
  rules: SQL | undefined,
  now = new Date(),
) {
  checkExportWindow(query.from, query.to);
  // Only the past week's rows (spec: "export only for the past week"), from the start of its first day.
  const earliest = startOfDay(new Date(now.getTime() - EXPORT_WINDOW_DAYS * DAY_MS));
  if (query.from && query.from.getTime() < earliest.getTime()) {
    throw new AppError('SMS_EXPORT_PAST_WEEK', 400, { days: EXPORT_WINDOW_DAYS });
  }
  const count = await repo.countForExport(table, query, LOG_EXPORT_MAX_ROWS, rules);
  if (count > LOG_EXPORT_MAX_ROWS)
    throw new AppError('EXPORT_TOO_MANY_ROWS', 400, { max: LOG_EXPORT_MAX_ROWS });
  return query;
}

/** Sign-in attempts: written by the auth module, counted by its guard, listed for administrators. */
export class LoginLogService {
  private readonly repo: LogRepo;

  constructor(db: Db) {
    this.repo = new LogRepo(db);
  }

  record(attempt: {
    username: string;
    userId?: string | null | undefined;
    success: boolean;
    reason?: string | null | undefined;
    method: LoginMethod;
    ip: string;
    userAgent?: string | undefined;
  }) {
    const row: LoginAttempt = {
      username: attempt.username.slice(0, 64),
      userId: attempt.userId ?? null,
      success: attempt.success,
      reason: attempt.reason ?? null,
      method: attempt.method,
      ip: attempt.ip,
      userAgent: attempt.userAgent?.slice(0, 512),
    };
    return this.repo.recordLogin(row);
  }

  /** `rules`: the caller's data rules on the login log (LOGIN_LOG_RULES). */
  async list(query: LogQuery, rules?: SQL): Promise<KeysetPage<LoginLogRow>> {
    return keysetPageOf(await this.repo.loginLog(withDefaultPeriod(query), rules), query, (row) => row.id);
  }

  /** The rows of an export (checked first: a week at most), read as they are written; the list's rules apply. */
  async exportRows(query: LogFilters, rules?: SQL): Promise<AsyncIterable<LoginLogRow>> {
    return this.repo.loginLogRows(await checkedExport(this.repo, 'login', query, rules), rules);
  }

  loginInfo(now = new Date()): Promise<LoginInfo> {
    return this.repo.loginInfo(startOfDay(now));
  }

  visitInfo(query: { from?: string | undefined; to?: string | undefined }): Promise<VisitDay[]> {
    const { from, to } = visitPeriod(query);
    return this.repo.visitsPerDay(from, to);
  }

  purge(days: number) {
    return this.repo.purge('login', days);
  }
}

/** Changes people made (who, what, when, from where), written for every non-read request. */
export class OperationLogService {
  private readonly repo: LogRepo;

  constructor(db: Db) {
    this.repo = new LogRepo(db);
  }

  record(entry: OperationEntry) {
    return this.repo.recordOperation(entry);
  }

  /** `rules`: the caller's data rules on the operation log (OPERATION_LOG_RULES). */
  async list(query: LogQuery, rules?: SQL): Promise<KeysetPage<OperationLogRow>> {
    return keysetPageOf(
      await this.repo.operationLog(withDefaultPeriod(query), rules),
      query,
      (row) => row.id,
    );
  }

  /** The rows of an export (checked first: a week at most), read as they are written; the list's rules apply. */
  async exportRows(query: LogFilters, rules?: SQL): Promise<AsyncIterable<OperationLogRow>> {
    return this.repo.operationLogRows(await checkedExport(this.repo, 'operation', query, rules), rules);
  }

  purge(days: number) {
    return this.repo.purge('operation', days);
  }
}
