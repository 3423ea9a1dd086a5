/**
 * Rules of the bind guard: how refused SMPP binds are counted and locked out (the service applies
 * them, the repo counts in the database so every process sees the same counts).
 *
 * Counted, each within a window: a system id from one address (`pair`), every system id from one
 * address (`address`) and one system id from every address (`system`, counted and shown, never
 * locked: a lock anyone could trigger would let a stranger cut a customer off). A pair or an
 * address over its limit is locked, for longer each time (back-off), so guessing from one place
 * stops while the account's own systems elsewhere keep binding. A right bind clears its pair.
 */
export const BIND_GUARD = {
  /** Failures are counted within this window (a quiet window starts the count again). */
  windowMs: 15 * 60_000,
  /** Failures of one system id from one address before that pair is locked. */
  pairFailures: 5,
  /** Failures from one address (any system ids) before the address is locked. */
  addressFailures: 20,
  /** The first lock lasts this long; each further one twice as long as the last ... */
  firstLockMs: 60_000,
  /** ... up to this. */
  maxLockMs: 60 * 60_000,
  /** One console notice per account at most this often. */
  noticeEveryMs: 60 * 60_000,
  /** Rows without a failure this long (and not locked) are forgotten, back-off included. */
  forgetAfterMs: 24 * 60 * 60_000,
} as const;

export type GuardScope = 'pair' | 'address' | 'system';

export interface GuardKey {
  scope: GuardScope;
  key: string;
}

/** Hostile binds send anything: keys are cut to what the table holds. */
const part = (value: string, max: number) => value.slice(0, max);

/** The rows a refused bind counts in (`known`: the system id is an account's). */
export function guardKeys(systemId: string, ip: string, known: boolean): GuardKey[] {
  const id = part(systemId, 60);
  const address = part(ip, 64);
  const keys: GuardKey[] = [
    { scope: 'pair', key: `${id} ${address}` },
    { scope: 'address', key: address },
  ];
  // Unknown system ids are not counted each: a spray of made-up ids would only fill the table.
  if (known) keys.push({ scope: 'system', key: id });
  return keys;
}

/** Failures that lock a row of this scope (null: never locked). */
export function lockAfter(scope: GuardScope): number | null {
  if (scope === 'pair') return BIND_GUARD.pairFailures;
  if (scope === 'address') return BIND_GUARD.addressFailures;
  return null;
}

/** How long the lock after `lockouts` earlier ones lasts. */
export function lockMs(lockouts: number): number {
  return Math.min(BIND_GUARD.firstLockMs * 2 ** Math.min(lockouts, 30), BIND_GUARD.maxLockMs);
}
