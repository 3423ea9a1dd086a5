import { TOKEN_TTL_MS, type UserInfo } from '@switchboard/contracts';

/** Local storage with an expiry per value; expired or malformed values read as absent. */
const PREFIX = 'switchboard.';

export const STORAGE_KEYS = {
  token: 'token',
  username: 'username',
  userInfo: 'userInfo',
} as const;

interface Stored {
  value: unknown;
  expiresAt: number;
}

function isStored(raw: unknown): raw is Stored {
  return (
    typeof raw === 'object' &&
    raw !== null &&
    'value' in raw &&
    'expiresAt' in raw &&
    typeof raw.expiresAt === 'number'
  );
}

export function writeItem(key: string, value: unknown, ttlMs: number = TOKEN_TTL_MS, now = Date.now()): void {
  const entry: Stored = { value, expiresAt: now + ttlMs };
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(entry));
  } catch {
    // Quota or disabled storage: the value lives only as long as the page.
  }
}

export function readItem<T>(
  key: string,
  isValid: (value: unknown) => value is T,
  now = Date.now(),
): T | null {
  let text: string | null;
  try {
    text = localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    removeItem(key);
    return null;
  }
  if (!isStored(parsed) || parsed.expiresAt <= now || !isValid(parsed.value)) {
    removeItem(key);
    return null;
  }
  return parsed.value;
}

export function removeItem(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing to do.
  }
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

export function isUserInfo(value: unknown): value is UserInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    isNonEmptyString(v.id) &&
    isNonEmptyString(v.username) &&
    typeof v.realname === 'string' &&
    (v.avatar === null || typeof v.avatar === 'string') &&
    typeof v.isAdmin === 'boolean' &&
    (v.orgCode === null || typeof v.orgCode === 'string') &&
    Array.isArray(v.roles) &&
    v.roles.every((role) => typeof role === 'string') &&
    typeof v.googleAuthBound === 'boolean' &&
    typeof v.hideHeaderItems === 'boolean'
  );
}

export interface StoredSession {
  token: string;
  username: string;
  userInfo: UserInfo;
}

/** The stored session, or null unless token, username and user info are all present and valid. */
export function readSession(now = Date.now()): StoredSession | null {
  const token = readItem(STORAGE_KEYS.token, isNonEmptyString, now);
  const username = readItem(STORAGE_KEYS.username, isNonEmptyString, now);
  const userInfo = readItem(STORAGE_KEYS.userInfo, isUserInfo, now);
  if (!token || !username || !userInfo || userInfo.username !== username) return null;
  return { token, username, userInfo };
}

export function writeSession(session: StoredSession, now = Date.now()): void {
  writeItem(STORAGE_KEYS.token, session.token, TOKEN_TTL_MS, now);
  writeItem(STORAGE_KEYS.username, session.username, TOKEN_TTL_MS, now);
  writeItem(STORAGE_KEYS.userInfo, session.userInfo, TOKEN_TTL_MS, now);
}

/** Replaces the user info (after a department switch or a binding); it gets a fresh lifetime. */
export function writeUserInfo(userInfo: UserInfo, now = Date.now()): void {
  writeItem(STORAGE_KEYS.userInfo, userInfo, TOKEN_TTL_MS, now);
}

export function readToken(now = Date.now()): string | null {
  return readItem(STORAGE_KEYS.token, isNonEmptyString, now);
}

export function clearSessionStorage(): void {
  removeItem(STORAGE_KEYS.token);
  removeItem(STORAGE_KEYS.username);
  removeItem(STORAGE_KEYS.userInfo);
}
