import { TOKEN_TTL_MS } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { testUser } from '@/test/users';
import {
  clearSessionStorage,
  isNonEmptyString,
  isUserInfo,
  readItem,
  readSession,
  readToken,
  writeItem,
  writeSession,
} from './storage';

const userInfo = testUser({
  username: 'sales',
  realname: 'Sam Sales',
  isAdmin: false,
  orgCode: null,
  roles: ['sales'],
});

describe('storage with expiry', () => {
  it('reads a value back until it expires, then forgets it', () => {
    const now = 1_000_000;
    writeItem('k', 'v', 1000, now);
    expect(readItem('k', isNonEmptyString, now + 999)).toBe('v');
    expect(readItem('k', isNonEmptyString, now + 1000)).toBeNull();
    expect(localStorage.getItem('switchboard.k')).toBeNull();
  });

  it('keeps the session for seven days', () => {
    const now = Date.now();
    writeSession({ token: 't', username: 'sales', userInfo }, now);
    expect(readSession(now + TOKEN_TTL_MS - 1)).toEqual({ token: 't', username: 'sales', userInfo });
    expect(readToken(now + TOKEN_TTL_MS - 1)).toBe('t');
    expect(readSession(now + TOKEN_TTL_MS)).toBeNull();
  });

  it('treats malformed or invalid values as absent', () => {
    localStorage.setItem('switchboard.token', 'not json');
    expect(readToken()).toBeNull();
    localStorage.setItem('switchboard.token', JSON.stringify({ value: 42, expiresAt: Date.now() + 1000 }));
    expect(readToken()).toBeNull();
    localStorage.setItem('switchboard.token', JSON.stringify('bare string'));
    expect(readToken()).toBeNull();
    writeSession({ token: 't', username: 'sales', userInfo: { ...userInfo, roles: [1] } as never });
    expect(readSession()).toBeNull();
  });

  it('rejects a session whose parts do not belong together', () => {
    writeSession({ token: 't', username: 'admin', userInfo });
    expect(readSession()).toBeNull();
  });

  it('clears the session', () => {
    writeSession({ token: 't', username: 'sales', userInfo });
    clearSessionStorage();
    expect(readSession()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('validates user info', () => {
    expect(isUserInfo(userInfo)).toBe(true);
    expect(isUserInfo({ ...userInfo, isAdmin: 'yes' })).toBe(false);
    expect(isUserInfo({ ...userInfo, id: '' })).toBe(false);
    expect(isUserInfo(null)).toBe(false);
  });
});
