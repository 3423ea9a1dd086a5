import { API_PREFIX, REQUEST_TIMEOUT_MS, TOKEN_TTL_MS } from '@switchboard/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/test/users';
import {
  ApiError,
  api,
  buildUrl,
  configureApiClient,
  errorFlag,
  filenameOf,
  resetApiClient,
} from './api-client';
import { changeLocale } from './i18n';
import { endSession, startSession } from './session';

const userInfo = testUser();

function envelope(result: unknown, extra: Record<string, unknown> = {}) {
  return { success: true, message: '', code: 200, result, timestamp: 1, ...extra };
}

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

/** A GET of the API; which one does not matter where the answer is the test's. */
const anyGet = (signal?: AbortSignal) => api.get('/sys/user/getCurrentUserDeparts', undefined, signal);

const PASSWORDS = {
  username: 'sales',
  oldpassword: 'old-secret-1',
  password: 'New-secret-2',
  confirmpassword: 'New-secret-2',
};

beforeEach(async () => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetApiClient();
  await changeLocale('en-US');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  endSession();
});

function lastRequest() {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
}

describe('headers', () => {
  it('sends the stored token and the current language', async () => {
    startSession({ token: 'tok-123', userInfo, needsDepartment: false });
    fetchMock.mockImplementation(async () => jsonResponse(envelope({ ok: 1 })));
    await api.get('/sys/user/getCurrentUserDeparts');
    const { headers } = lastRequest();
    expect(headers.get('X-Access-Token')).toBe('tok-123');
    expect(headers.get('X-Locale')).toBe('en-US');

    await changeLocale('zh-CN');
    await api.post('/sys/logout');
    expect(lastRequest().headers.get('X-Locale')).toBe('zh-CN');
  });

  it('sends no token header without a session and JSON bodies with a content type', async () => {
    fetchMock.mockResolvedValue(jsonResponse(envelope(null)));
    await api.post('/sys/login', { username: 'a', password: 'b' });
    const { headers, init } = lastRequest();
    expect(headers.has('X-Access-Token')).toBe(false);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'a', password: 'b' });
  });
});

describe('_t cache buster', () => {
  it('is added to every GET under the API prefix', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    fetchMock.mockResolvedValue(jsonResponse(envelope({ captchaRequired: false })));
    await api.get('/sys/loginRequirements', { username: 'sales' });
    const url = new URL(lastRequest().url, 'http://localhost');
    expect(url.pathname).toBe(`${API_PREFIX}/sys/loginRequirements`);
    expect(url.searchParams.get('username')).toBe('sales');
    expect(url.searchParams.get('_t')).toBe('1700000000000');
    vi.restoreAllMocks();
  });

  it('is not added to dictionary items nor to other methods', () => {
    expect(buildUrl('GET', '/sys/dict/getDictItems/sex', {}, 5)).toBe('/api/sys/dict/getDictItems/sex');
    expect(buildUrl('POST', '/sys/login', {}, 5)).toBe('/api/sys/login');
    expect(buildUrl('DELETE', '/sys/user/delete', { id: 'x' }, 5)).toBe('/api/sys/user/delete?id=x');
    expect(buildUrl('GET', '/sys/dict/list', {}, 5)).toBe('/api/sys/dict/list?_t=5');
  });

  it('skips null and undefined query values', () => {
    expect(buildUrl('GET', '/x', { a: undefined, b: null, c: 0, d: false }, 7)).toBe(
      '/api/x?c=0&d=false&_t=7',
    );
  });
});

describe('envelope', () => {
  it('resolves the result of a successful answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse(envelope({ list: [1, 2], orgCode: null })));
    await expect(api.get('/sys/user/getCurrentUserDeparts')).resolves.toEqual({
      list: [1, 2],
      orgCode: null,
    });
  });

  it('throws the server message, error code, result and field errors on failure', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          success: false,
          message: '用户名或密码错误',
          code: 401,
          result: { captchaRequired: true },
          timestamp: 1,
          errorCode: 'WRONG_CREDENTIALS',
          errors: [{ field: 'username', message: 'bad' }, { nonsense: true }],
        },
        401,
      ),
    );
    const error = await api.post('/sys/login', { username: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.kind).toBe('http');
    expect(apiError.status).toBe(401);
    expect(apiError.message).toBe('用户名或密码错误');
    expect(apiError.errorCode).toBe('WRONG_CREDENTIALS');
    expect(apiError.result).toEqual({ captchaRequired: true });
    expect(apiError.fieldErrors).toEqual([{ field: 'username', message: 'bad' }]);
    expect(errorFlag(apiError, 'captchaRequired')).toBe(true);
    expect(errorFlag(apiError, 'googleCodeRequired')).toBe(false);
  });

  it('treats success:false inside an HTTP 200 as an error with the envelope code', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, message: 'Nope', code: 500, result: null, timestamp: 1 }),
    );
    await expect(anyGet()).rejects.toMatchObject({ status: 500, message: 'Nope' });
  });

  it('falls back to a text by error code or status when the message is empty', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { success: false, message: '', code: 403, result: null, timestamp: 1, errorCode: 'ACCESS_DENIED' },
        403,
      ),
    );
    await expect(anyGet()).rejects.toMatchObject({
      message: 'Access denied',
      errorCode: 'ACCESS_DENIED',
    });
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: false, code: 404, result: null, timestamp: 1 }, 404),
    );
    await expect(anyGet()).rejects.toMatchObject({
      message: 'Resource not found',
      errorCode: 'NOT_FOUND',
    });
  });

  it('maps non-JSON error answers by status', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>gateway</html>', { status: 504 }));
    await expect(anyGet()).rejects.toMatchObject({
      kind: 'http',
      status: 504,
      message: 'Network timeout',
      errorCode: 'NETWORK_TIMEOUT',
    });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    await expect(anyGet()).rejects.toMatchObject({
      status: 502,
      message: 'Internal server error',
    });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 418 }));
    await expect(anyGet()).rejects.toMatchObject({
      status: 418,
      message: 'Request failed (HTTP 418)',
    });
  });

  it('rejects a 2xx answer that is not an envelope', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<!doctype html>', { status: 200 }));
    await expect(anyGet()).rejects.toMatchObject({ kind: 'http', status: 200 });
  });
});

describe('failures without an answer', () => {
  it('turns a network failure into a localised ApiError', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(anyGet()).rejects.toMatchObject({
      kind: 'network',
      status: 0,
      message: 'Network error, please check your connection',
    });
    await changeLocale('zh-CN');
    await expect(anyGet()).rejects.toMatchObject({
      message: '网络错误，请检查网络连接',
      locale: 'zh-CN',
    });
  });

  it(`aborts after ${REQUEST_TIMEOUT_MS} ms with NETWORK_TIMEOUT`, async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = anyGet().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'timeout',
      errorCode: 'NETWORK_TIMEOUT',
      message: 'Network timeout',
    });
  });

  it('reports a caller abort as aborted, not as a timeout', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = anyGet(controller.signal).catch((e: unknown) => e);
    controller.abort();
    await expect(pending).resolves.toMatchObject({ kind: 'aborted' });
  });
});

describe('401', () => {
  const refused = () =>
    jsonResponse({ success: false, message: 'Token invalid', code: 401, result: null, timestamp: 1 }, 401);
  /** The console's 401 handler, watched. */
  const watchUnauthorized = () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    return onUnauthorized;
  };
  const signIn = (token: string) => startSession({ token, userInfo, needsDepartment: false });
  /**
   * Lets a reported 401 reach the handler: it is called from a microtask, and a task queued now
   * runs after every microtask queued before it (an order, not a pause).
   */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('reports an unauthorised answer once per burst, only for requests with a token', async () => {
    const onUnauthorized = watchUnauthorized();
    fetchMock.mockImplementation(async () => refused());
    await expect(api.post('/sys/login', { username: 'a', password: 'b' })).rejects.toBeInstanceOf(ApiError);
    await Promise.resolve();
    expect(onUnauthorized).not.toHaveBeenCalled();

    signIn('tok');
    await Promise.allSettled([anyGet(), anyGet(), anyGet()]);
    await settle();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(TOKEN_TTL_MS).toBe(604_800_000);
  });

  it('does not report a 401 to a request of a session that has ended since', async () => {
    const onUnauthorized = watchUnauthorized();
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    signIn('tok');
    const pending = anyGet().catch((error: unknown) => error);
    // The user logs out while the request is in flight; the server revokes the token meanwhile.
    endSession({ reason: 'logout', message: 'Logged out' });
    answer(refused());
    await expect(pending).resolves.toMatchObject({ status: 401 });
    await settle();
    expect(onUnauthorized).not.toHaveBeenCalled();

    // Nor one of another user's session that has started since.
    signIn('tok-2');
    const stale = anyGet().catch((error: unknown) => error);
    signIn('other');
    answer(refused());
    await stale;
    await settle();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('takes a 401 during or after a request that retires its token as the expected end', async () => {
    const onUnauthorized = watchUnauthorized();
    const answers: Array<(response: Response) => void> = [];
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => answers.push(resolve)));
    signIn('tok');

    // The password change succeeds; refetches racing it are refused, before and after its answer.
    const change = api.post('/sys/user/updatePassword', PASSWORDS, undefined, { retiresToken: true });
    const before = anyGet().catch((error: unknown) => error);
    const after = anyGet().catch((error: unknown) => error);
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    answers[1]?.(refused());
    await before;
    answers[0]?.(jsonResponse(envelope(null)));
    await change;
    answers[2]?.(refused());
    await after;
    await settle();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a 401 to a request that meant to retire its token but failed', async () => {
    const onUnauthorized = watchUnauthorized();
    fetchMock.mockImplementation(async () => refused());
    signIn('tok');
    await expect(
      api.post('/sys/user/updatePassword', PASSWORDS, undefined, { retiresToken: true }),
    ).rejects.toMatchObject({ status: 401 });
    await settle();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("sends an explicit token in place of the session's", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(envelope(null)));
    await api.post('/sys/logout', {}, undefined, { token: 'revoked-here' });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(new Headers(init.headers).get('X-Access-Token')).toBe('revoked-here');
  });
});

describe('file downloads', () => {
  it('takes the server’s file name, the UTF-8 one first', () => {
    expect(filenameOf(`attachment; filename="ledger-2026-11-25.xlsx"`, 'x.xlsx')).toBe(
      'ledger-2026-11-25.xlsx',
    );
    expect(
      filenameOf(`attachment; filename="_.xlsx"; filename*=UTF-8''%E8%B4%A6%E6%88%B7.xlsx`, 'x.xlsx'),
    ).toBe('账户.xlsx');
    expect(filenameOf(null, 'x.xlsx')).toBe('x.xlsx');
    expect(filenameOf(`attachment; filename*=UTF-8''%E0%A4%A`, 'x.xlsx')).toBe('x.xlsx');
  });
});

describe('api: the client typed by the OpenAPI document', () => {
  it('calls the route and answers its result', async () => {
    fetchMock.mockResolvedValue(jsonResponse(envelope({ id: 'r1', rule: '10.0.0.1' })));
    const added = await api.post('/sys/ipWhiteList/add', { rule: '10.0.0.1' });
    expect(added.rule).toBe('10.0.0.1');
    const { url, init } = lastRequest();
    expect(url).toBe(`${API_PREFIX}/sys/ipWhiteList/add`);
    expect(init.method).toBe('POST');

    fetchMock.mockResolvedValue(jsonResponse(envelope({ records: [], total: 0 })));
    await api.get('/sys/ipWhiteList/list', { pageSize: 100 });
    expect(lastRequest().url).toMatch(new RegExp(`^${API_PREFIX}/sys/ipWhiteList/list\\?pageSize=100&_t=`));
  });

  it('refuses, when type-checked, a path the server does not have or a body it does not take', () => {
    // Never called: tsc checks these lines (each must be an error), the test only holds them.
    const typeChecks = async () => {
      // @ts-expect-error: the signed ping route is gone from the server
      await api.get('/sys/apiAccess/ping');
      // @ts-expect-error: the add route takes a rule, not a number
      await api.post('/sys/ipWhiteList/add', { rule: 1 });
      // @ts-expect-error: the answer of the list is a page, without `rule`
      return (await api.get('/sys/ipWhiteList/list')).rule;
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});
