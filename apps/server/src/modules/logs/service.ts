import type { KeysetPage } from '@switchboard/contracts';
import type { SQL } from 'drizzle-orm';
import type { OperationEntry } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { keysetPageOf } from '../../platform/paging';
import { type LoginAttempt, type LogQuery, LogRepo } from './repo';
import type { LoginMethod } from './schema';

type LoginLogRow = Awaited<ReturnType<LogRepo['loginLog']>>[number];
type OperationLogRow = Awaited<ReturnType<LogRepo['operationLog']>>[number];

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

  recentFailures(username: string, ip: string) {
    return this.repo.recentFailures(username, ip);
  }

  /** `rules`: the caller's data rules on the login log (LOGIN_LOG_RULES). */
  async list(query: LogQuery, rules?: SQL): Promise<KeysetPage<LoginLogRow>> {
    return keysetPageOf(await this.repo.loginLog(query, rules), query, (row) => row.id);
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
    return keysetPageOf(await this.repo.operationLog(query, rules), query, (row) => row.id);
  }

  purge(days: number) {
    return this.repo.purge('operation', days);
  }
}
