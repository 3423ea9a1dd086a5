import {
  CAPTCHA_AFTER_FAILURES,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_AFTER_FAILURES,
  type LoginCaptchaMode,
} from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import { loginLog } from '../../db/schema';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/scope';

export interface FailureCounts {
  byUser: number;
  byAddress: number;
}

/**
 * Recent failed logins for a username and for an address, read from the login log: each count
 * starts again after a success (of that user, from that address) and only looks back one window.
 */
export async function recentFailures(db: Db, username: string, ip: string): Promise<FailureCounts> {
  const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS).toISOString();
  const result = await db.execute<{ by_user: number; by_address: number }>(sql`
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

export function captchaRequired(mode: LoginCaptchaMode, counts: FailureCounts): boolean {
  if (mode === 'always') return true;
  if (mode === 'off') return false;
  return counts.byUser >= CAPTCHA_AFTER_FAILURES || counts.byAddress >= CAPTCHA_AFTER_FAILURES;
}

export function isLocked(counts: FailureCounts): boolean {
  return counts.byUser >= LOGIN_LOCK_AFTER_FAILURES;
}

/** Answers to repeated failures slow down: 0 s for the first three, then 0.5 s, 1 s, 2 s (at most). */
export function failureDelayMs(failuresSoFar: number): number {
  if (failuresSoFar < CAPTCHA_AFTER_FAILURES) return 0;
  return Math.min(500 * 2 ** (failuresSoFar - CAPTCHA_AFTER_FAILURES), 2_000);
}
