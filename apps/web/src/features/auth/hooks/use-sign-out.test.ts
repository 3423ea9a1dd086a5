import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/api-client';
import { endSession, getSession, getSignOutNotice, startSession } from '@/lib/session';
import { noticeSocketHub } from '@/lib/websocket';
import { testUser } from '@/test/users';
import { endRevokedSession, useSignOut } from './use-sign-out';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  endSession();
});

describe('useSignOut', () => {
  it('closes the notices socket, ends the session, then revokes its token', async () => {
    resetApiClient();
    startSession({
      token: 'token-1',
      userInfo: testUser(),
      needsDepartment: false,
    });
    const order: string[] = [];
    vi.spyOn(noticeSocketHub, 'stop').mockImplementation(() => {
      order.push('socket closed');
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        const signedIn = getSession() === null ? 'signed out' : 'signed in';
        order.push(
          `${new URL(String(input), 'http://console.test').pathname} ${headers.get('X-Access-Token')} ${signedIn}`,
        );
        return new Response(
          JSON.stringify({ success: true, message: '', code: 200, result: null, timestamp: 1 }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        );
      }),
    );
    const { result } = renderHook(() => useSignOut());
    await result.current();
    expect(order).toEqual(['socket closed', '/api/sys/logout token-1 signed out']);
    expect(getSession()).toBeNull();
  });
});

describe('endRevokedSession', () => {
  it('ends the session whose token the server revoked, saying why', () => {
    startSession({ token: 'token-1', userInfo: testUser(), needsDepartment: false });
    endRevokedSession('token-1');
    expect(getSession()).toBeNull();
    expect(getSignOutNotice()).toEqual({
      reason: 'revoked',
      message:
        'Your session has ended (signed out elsewhere, password changed or account frozen), please log in again',
    });
  });

  it('leaves a newer session alone (a socket of an earlier one)', () => {
    startSession({ token: 'token-2', userInfo: testUser(), needsDepartment: false });
    endRevokedSession('token-1');
    expect(getSession()?.token).toBe('token-2');
  });
});
