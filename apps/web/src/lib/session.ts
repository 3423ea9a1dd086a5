import { DEFAULT_CURRENCY, hasPlatformScope, type UserInfo } from '@switchboard/contracts';
import { useSyncExternalStore } from 'react';
import { clearSessionStorage, readSession, writeSession, writeUserInfo } from './storage';

/** The signed-in user as the whole page sees it; backed by local storage (7 days). */
export interface Session {
  token: string;
  username: string;
  userInfo: UserInfo;
  /** Login said the user has several departments and none is current. */
  needsDepartment: boolean;
}

/**
 * Why the last session ended; the login page shows it. `revoked`: the server ended it while it was
 * open here (logout elsewhere, password change, freezing), as the notices socket reported.
 */
export interface SignOutNotice {
  reason: 'logout' | 'expired' | 'error' | 'passwordChanged' | 'revoked';
  message: string;
}

let current: Session | null = loadFromStorage();
let lastSignOut: SignOutNotice | null = null;
const listeners = new Set<() => void>();

function loadFromStorage(): Session | null {
  const stored = readSession();
  return stored ? { ...stored, needsDepartment: false } : null;
}

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function startSession(input: {
  token: string;
  userInfo: UserInfo;
  needsDepartment: boolean;
}): Session {
  const session: Session = {
    token: input.token,
    username: input.userInfo.username,
    userInfo: input.userInfo,
    needsDepartment: input.needsDepartment,
  };
  writeSession(session);
  current = session;
  lastSignOut = null;
  emit();
  return session;
}

export function updateUserInfo(patch: Partial<UserInfo>, options: { departmentChosen?: boolean } = {}): void {
  if (!current) return;
  const userInfo = { ...current.userInfo, ...patch };
  writeUserInfo(userInfo);
  current = {
    ...current,
    userInfo,
    needsDepartment: options.departmentChosen ? false : current.needsDepartment,
  };
  emit();
}

/** Forgets the session here (storage and memory). The first notice of a sign-out wins. */
export function endSession(notice: SignOutNotice | null = null): void {
  clearSessionStorage();
  if (current === null) return;
  current = null;
  lastSignOut = notice;
  emit();
}

export function getSignOutNotice(): SignOutNotice | null {
  return lastSignOut;
}

export function clearSignOutNotice(): void {
  lastSignOut = null;
}

/** Re-reads storage (tests, or another tab having logged in or out). */
export function reloadSession(): void {
  current = loadFromStorage();
  emit();
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/**
 * Whether the signed-in user is staff (a platform-scope role): staff belong to no company, so they
 * pick the company a new record is for and see every company's rows.
 */
export function useIsStaff(): boolean {
  return hasPlatformScope(useSession()?.userInfo.roles ?? []);
}

/**
 * The platform currency every amount is in (the signed-in user's info; the default for a session
 * stored before the info carried it).
 */
export function useCurrency(): string {
  const session = useSession();
  return session?.userInfo.currency ?? DEFAULT_CURRENCY;
}
