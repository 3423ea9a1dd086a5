import {
  CAPTCHA_AFTER_FAILURES,
  LOGIN_LOCK_AFTER_FAILURES,
  type LoginCaptchaMode,
} from '@switchboard/contracts';

export interface FailureCounts {
  byUser: number;
  byAddress: number;
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
