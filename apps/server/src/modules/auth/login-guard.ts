import {
  CAPTCHA_AFTER_FAILURES,
  LOGIN_ADDRESS_LOCK_AFTER_FAILURES,
  LOGIN_LOCK_AFTER_FAILURES,
  LOGIN_LOCK_MAX_MS,
  LOGIN_LOCK_MS,
  type LoginCaptchaMode,
} from '@switchboard/contracts';

/**
 * The rules of the sign-in guard. Every attempt (password, SMS code, password reset or change,
 * Google Authenticator unbind) first takes a slot of three counters in one statement
 * (AuthRepo.takeAttempt): the account and address pair, the address, the account. Counts are
 * therefore never read before earlier attempts are recorded, so parallel attempts cannot pass the
 * thresholds. Only the pair and the address are ever paused: a stranger's failures cannot lock an
 * account for its owner elsewhere (an administrator can always sign in from another address).
 */
export type Counter = 'pair' | 'address' | 'account';

/** The counters of one attempt: its account and address. */
export function counterKeys(username: string, ip: string): Record<Counter, string> {
  return {
    pair: `pair:${username.slice(0, 64)}|${ip.slice(0, 64)}`,
    address: `addr:${ip.slice(0, 64)}`,
    account: `user:${username.slice(0, 64)}`,
  };
}

/** Attempts each counter lets through before it is paused (the account's never is). */
export const ALLOWED: Record<Counter, number> = {
  pair: LOGIN_LOCK_AFTER_FAILURES,
  address: LOGIN_ADDRESS_LOCK_AFTER_FAILURES,
  account: 2 ** 31 - 1,
};

/** Earlier failures (or attempts still being checked) of each counter, before this attempt. */
export type FailureCounts = Record<Counter, number>;

export function captchaRequired(mode: LoginCaptchaMode, before: FailureCounts): boolean {
  if (mode === 'always') return true;
  if (mode === 'off') return false;
  return Object.values(before).some((n) => n >= CAPTCHA_AFTER_FAILURES);
}

/** The n-th pause (0 first) of a pair or address: 15 minutes, then twice as long each time. */
export function pauseMs(locksSoFar: number): number {
  return Math.min(LOGIN_LOCK_MS * 2 ** Math.min(locksSoFar, 20), LOGIN_LOCK_MAX_MS);
}

/** Answers to repeated failures slow down: 0 s for the first three, then 0.5 s, 1 s, 2 s (at most). */
export function failureDelayMs(failuresSoFar: number): number {
  if (failuresSoFar < CAPTCHA_AFTER_FAILURES) return 0;
  return Math.min(500 * 2 ** (failuresSoFar - CAPTCHA_AFTER_FAILURES), 2_000);
}
