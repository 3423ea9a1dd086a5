import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { normaliseError } from './error-normaliser';

const http = (status: number, message = 'Server says no') =>
  new ApiError({ kind: 'http', status, message, locale: 'en-US' });

describe('normaliseError (spec section 8)', () => {
  it('401 signs out with the spec text, whatever the server said about the token', () => {
    expect(normaliseError(http(401, 'Token invalid, please log in again'), true, 'en-US')).toEqual({
      kind: 'signOut',
      message: 'Unauthorized, please log in again',
    });
    expect(normaliseError(http(401, 'Login expired, please log in again'), true, 'zh-CN')).toEqual({
      kind: 'signOut',
      message: '未授权，请重新登录',
    });
  });

  it('401 for a frozen account keeps its reason', () => {
    const frozen = new ApiError({
      kind: 'http',
      status: 401,
      message: 'The account is frozen',
      errorCode: 'ACCOUNT_FROZEN',
      locale: 'en-US',
    });
    expect(normaliseError(frozen, true, 'en-US')).toEqual({
      kind: 'signOut',
      message: 'The account is frozen',
    });
  });

  it('403, 404 and 504 get their fixed texts in the caller language', () => {
    expect(normaliseError(http(403), true, 'en-US')).toMatchObject({
      kind: 'message',
      message: 'Access denied',
    });
    expect(normaliseError(http(404), true, 'zh-CN')).toMatchObject({ message: '资源不存在' });
    expect(normaliseError(http(504), true, 'en-US')).toMatchObject({
      message: 'Network timeout',
      durationS: 4,
    });
  });

  it('a 500 saying Token invalid opens the login-expired dialog only when signed in', () => {
    expect(normaliseError(http(500, 'Token invalid!'), true, 'en-US')).toEqual({
      kind: 'loginExpired',
      message: 'Login expired, please log in again',
    });
    expect(normaliseError(http(500, 'Token invalid!'), false, 'en-US')).toMatchObject({ kind: 'message' });
  });

  it("shows the server's message for other statuses, 4 s", () => {
    expect(normaliseError(http(409, 'Only a draft can be edited'), true, 'en-US')).toEqual({
      kind: 'message',
      message: 'Only a draft can be edited',
      durationS: 4,
    });
  });

  it('says so for network failures and timeouts, and nothing for cancelled requests', () => {
    const network = new ApiError({ kind: 'network', status: 0, message: '', locale: 'en-US' });
    const timeout = new ApiError({ kind: 'timeout', status: 0, message: '', locale: 'en-US' });
    const aborted = new ApiError({ kind: 'aborted', status: 0, message: '', locale: 'en-US' });
    expect(normaliseError(network, true, 'en-US')).toMatchObject({
      kind: 'message',
      message: expect.stringMatching(/network/i),
    });
    expect(normaliseError(timeout, true, 'en-US')).toMatchObject({ message: 'Network timeout' });
    expect(normaliseError(aborted, true, 'en-US')).toEqual({ kind: 'silent' });
  });

  it('never crashes on an error without a message', () => {
    expect(normaliseError(new Error(''), true, 'en-US')).toMatchObject({ kind: 'message' });
    expect(normaliseError(undefined, true, 'en-US')).toMatchObject({ kind: 'message' });
  });
});
