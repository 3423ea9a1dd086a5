import {
  API_PREFIX,
  type ErrorCode,
  type FieldProblem,
  isErrorCode,
  LOCALE_HEADER,
  type Locale,
  REQUEST_TIMEOUT_MS,
  TOKEN_HEADER,
  translateError,
} from '@switchboard/contracts';
import type { paths } from './api-schema';
import { currentLocale, i18n } from './i18n';
import { getSession } from './session';

/** Why a request failed: the server answered with an error, or no usable answer came back. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted';

/** Every failed call ends as one of these; `message` is ready to show to the user. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  readonly errorCode: ErrorCode | null;
  /** The envelope's `result` on errors (e.g. `{captchaRequired: true}`). */
  readonly result: unknown;
  readonly fieldErrors: FieldProblem[];
  /** Language the message is written in. */
  readonly locale: Locale;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    message: string;
    errorCode?: ErrorCode | null;
    result?: unknown;
    fieldErrors?: FieldProblem[];
    locale: Locale;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.errorCode = init.errorCode ?? null;
    this.result = init.result ?? null;
    this.fieldErrors = init.fieldErrors ?? [];
    this.locale = init.locale;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A flag carried in an error's `result`, e.g. `captchaRequired`. */
export function errorFlag(error: unknown, flag: string): boolean {
  if (!isApiError(error)) return false;
  const result = error.result;
  return typeof result === 'object' && result !== null && (result as Record<string, unknown>)[flag] === true;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Sends this token instead of the session's (revoking a session that has already ended here). */
  token?: string;
  /**
   * The request revokes its own token when it succeeds (a password change signs out everywhere):
   * a 401 to another request carrying that token, while it is in flight or after it succeeded, is
   * the expected end of the session, not an expired one.
   */
  retiresToken?: boolean;
  /**
   * The answer is a JSON document of its own, not the envelope (the OpenAPI document): a 2xx is
   * returned as parsed; errors are still the envelope and fail as usual.
   */
  raw?: boolean;
}

export interface ApiClientConfig {
  getToken: () => string | null;
  getLocale: () => Locale;
  /**
   * Called once per burst of 401 answers to requests that carried the current session's token. A
   * 401 to a request of a session that has since ended (a sign-out racing a refetch) is not news.
   */
  onUnauthorized: (error: ApiError) => void;
}

const defaults: ApiClientConfig = {
  getToken: () => getSession()?.token ?? null,
  getLocale: currentLocale,
  onUnauthorized: () => {},
};
let config: ApiClientConfig = { ...defaults };

export function configureApiClient(next: Partial<ApiClientConfig>): void {
  config = { ...config, ...next };
}

export function resetApiClient(): void {
  config = { ...defaults };
  unauthorizedPending = false;
  retiringTokens.clear();
}

/** Dictionary items are cacheable, so they go without the `_t` cache buster (spec section 7). */
const NO_CACHE_BUSTER = /^\/sys\/dict\/getDictItems\//;

export function buildUrl(
  method: string,
  path: string,
  query: Record<string, QueryValue> = {},
  now = Date.now(),
) {
  const cleanPath = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, String(value));
  }
  if (method === 'GET' && !NO_CACHE_BUSTER.test(cleanPath)) params.set('_t', String(now));
  const search = params.toString();
  return `${API_PREFIX}${cleanPath}${search ? `?${search}` : ''}`;
}

const STATUS_CODES: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'ACCESS_DENIED',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  504: 'NETWORK_TIMEOUT',
};

function statusMessage(status: number, locale: Locale): { message: string; errorCode: ErrorCode | null } {
  const code = STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : null);
  if (code) return { message: translateError(code, locale), errorCode: code };
  return { message: i18n.t('errors.http', { ns: 'common', lng: locale, status }), errorCode: null };
}

interface EnvelopeLike {
  success: boolean;
  message?: unknown;
  code?: unknown;
  result?: unknown;
  errorCode?: unknown;
  errors?: unknown;
}

function isEnvelope(body: unknown): body is EnvelopeLike {
  return (
    typeof body === 'object' && body !== null && typeof (body as { success?: unknown }).success === 'boolean'
  );
}

function fieldProblems(value: unknown): FieldProblem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is FieldProblem =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as FieldProblem).field === 'string' &&
      typeof (item as FieldProblem).message === 'string',
  );
}

let unauthorizedPending = false;
/** Tokens that a request in flight, or one that succeeded, revokes on purpose. */
const retiringTokens = new Set<string>();

/**
 * Whether a request of this console is revoking `token` on purpose (a password change in flight
 * or done): the session's end is that request's news, not a surprise.
 */
export function isRetiringToken(token: string): boolean {
  return retiringTokens.has(token);
}

function reportUnauthorized(error: ApiError, token: string | null) {
  if (!token || token !== config.getToken() || retiringTokens.has(token)) return;
  // Single flight: several requests failing together log out once.
  if (unauthorizedPending) return;
  unauthorizedPending = true;
  queueMicrotask(() => {
    try {
      config.onUnauthorized(error);
    } finally {
      setTimeout(() => {
        unauthorizedPending = false;
      }, 0);
    }
  });
}

function parseJson(text: string): unknown {
  if (text.length === 0) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The result of an answer, or the ApiError it stands for (a 401 is reported). */
function answerOf<T>(status: number, ok: boolean, parsed: unknown, locale: Locale, token: string | null): T {
  if (isEnvelope(parsed)) {
    if (parsed.success && ok) return parsed.result as T;
    const code = ok && typeof parsed.code === 'number' ? parsed.code : status;
    const errorCode = isErrorCode(parsed.errorCode) ? parsed.errorCode : null;
    const fallback = statusMessage(code, locale);
    const message =
      typeof parsed.message === 'string' && parsed.message.trim() !== ''
        ? parsed.message
        : errorCode
          ? translateError(errorCode, locale)
          : fallback.message;
    const error = new ApiError({
      kind: 'http',
      status: code,
      message,
      errorCode: errorCode ?? fallback.errorCode,
      result: parsed.result ?? null,
      fieldErrors: fieldProblems(parsed.errors),
      locale,
    });
    if (code === 401) reportUnauthorized(error, token);
    throw error;
  }
  if (ok) {
    // A 2xx without an envelope is not something this API sends; treat it as a broken answer.
    throw new ApiError({
      kind: 'http',
      status,
      message: i18n.t('errors.badResponse', { ns: 'common', lng: locale }),
      locale,
    });
  }
  const { message, errorCode } = statusMessage(status, locale);
  const error = new ApiError({ kind: 'http', status, message, errorCode, locale });
  if (status === 401) reportUnauthorized(error, token);
  throw error;
}

function networkError(locale: Locale, aborted: boolean): ApiError {
  return new ApiError({
    kind: aborted ? 'aborted' : 'network',
    status: 0,
    message: i18n.t(aborted ? 'errors.aborted' : 'errors.network', { ns: 'common', lng: locale }),
    locale,
  });
}

function headersOf(locale: Locale, token: string | null): Record<string, string> {
  const headers: Record<string, string> = { [LOCALE_HEADER]: locale };
  if (token) headers[TOKEN_HEADER] = token;
  return headers;
}

/** A file the API answered (an export): its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * GETs a file (an export): the bytes as a Blob with the server's file name. Errors are the
 * envelope, as for every call. No time limit but the caller's signal: a large export takes long.
 */
async function download(
  path: string,
  query: Record<string, QueryValue> = {},
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const locale = config.getLocale();
  const token = config.getToken();
  let response: Response;
  try {
    response = await fetch(buildUrl('GET', path, query), {
      headers: headersOf(locale, token),
      signal,
      credentials: 'same-origin',
    });
  } catch {
    throw networkError(locale, signal?.aborted === true);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) {
    return answerOf<never>(response.status, false, parseJson(await response.text()), locale, token);
  }
  const fallback = path.split('/').filter(Boolean).slice(-2, -1)[0] ?? 'export';
  return {
    blob: await response.blob(),
    filename: filenameOf(response.headers.get('content-disposition'), `${fallback}.xlsx`),
  };
}

/**
 * POSTs one file as multipart/form-data (`file`), reporting the upload's progress (0–1); the
 * answer is the envelope's result. XMLHttpRequest, since fetch tells nothing of upload progress.
 */
function upload<T>(
  path: string,
  file: Blob,
  options: {
    filename: string;
    query?: Record<string, QueryValue>;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  },
): Promise<T> {
  const locale = config.getLocale();
  const token = config.getToken();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('POST', path, options.query));
    for (const [name, value] of Object.entries(headersOf(locale, token))) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      options.onProgress?.(1);
      try {
        resolve(
          answerOf<T>(
            xhr.status,
            xhr.status >= 200 && xhr.status < 300,
            parseJson(xhr.responseText),
            locale,
            token,
          ),
        );
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(networkError(locale, false));
    xhr.onabort = () => reject(networkError(locale, true));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, options.filename);
    xhr.send(form);
  });
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.token ?? config.getToken();
  if (!options.retiresToken || !token) return send<T>(method, path, options, token);
  retiringTokens.add(token);
  try {
    return await send<T>(method, path, options, token);
  } catch (error) {
    // It failed: the token lives on, and a 401 to this very request is news after all.
    retiringTokens.delete(token);
    if (error instanceof ApiError && error.status === 401) reportUnauthorized(error, token);
    throw error;
  }
}

async function send<T>(
  method: string,
  path: string,
  options: RequestOptions,
  token: string | null,
): Promise<T> {
  const locale = config.getLocale();
  const headers: Record<string, string> = { Accept: 'application/json', [LOCALE_HEADER]: locale };
  if (token) headers[TOKEN_HEADER] = token;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(buildUrl(method, path, options.query), {
        method,
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
      text = await response.text();
    } catch {
      if (timedOut) {
        throw new ApiError({
          kind: 'timeout',
          status: 0,
          message: translateError('NETWORK_TIMEOUT', locale),
          errorCode: 'NETWORK_TIMEOUT',
          locale,
        });
      }
      if (controller.signal.aborted) {
        throw new ApiError({
          kind: 'aborted',
          status: 0,
          message: i18n.t('errors.aborted', { ns: 'common', lng: locale }),
          locale,
        });
      }
      throw new ApiError({
        kind: 'network',
        status: 0,
        message: i18n.t('errors.network', { ns: 'common', lng: locale }),
        locale,
      });
    }

    const parsed = parseJson(text);

    if (options.raw && response.ok && parsed !== null) return parsed as T;
    return answerOf<T>(response.status, response.ok, parsed, locale, token);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * The operation of `path` for `method` in the server's OpenAPI document (api-schema.d.ts). Each
 * of these types distributes over a union of paths (the same route of each SMS kind, say).
 */
type Operation<P, M extends Method> = P extends keyof paths
  ? paths[P] extends { [K in M]: infer O }
    ? O
    : never
  : never;

/** The paths of the document that answer `method`. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P;
}[keyof paths];

/** What a route answers: the envelope's `result` of its 200. */
export type ResultOf<M extends Method, P extends PathsWith<M>> = P extends unknown
  ? Operation<P, M> extends { responses: { 200: { content: { 'application/json': { result: infer R } } } } }
    ? R
    : never
  : never;

/** The query string of a route, as the document declares it. */
export type QueryOf<M extends Method, P extends PathsWith<M>> = P extends unknown
  ? Operation<P, M> extends { parameters: { query?: infer Q } }
    ? [Q] extends [never]
      ? undefined
      : Q
    : never
  : never;

/** The `{name}` parts of a route's path, as the document declares them. */
export type ParamsOf<M extends Method, P extends PathsWith<M>> = P extends unknown
  ? Operation<P, M> extends { parameters: { path: infer R } }
    ? [R] extends [never]
      ? undefined
      : R
    : undefined
  : never;

/** The JSON body of a route, as the document declares it. */
export type BodyOf<M extends 'post' | 'put', P extends PathsWith<M>> = P extends unknown
  ? Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : undefined
  : never;

/** What a call may add to its path, query or body. */
export interface CallOptions<M extends Method, P extends PathsWith<M>> {
  /** The values of the path's `{name}` parts. */
  params?: ParamsOf<M, P>;
  /** A query string beside a POST or PUT body. */
  query?: QueryOf<M, P>;
  token?: RequestOptions['token'];
  retiresToken?: RequestOptions['retiresToken'];
}

/** `path` with its `{name}` parts filled in. */
export function fillPath(path: string, params: object | undefined): string {
  if (!params) return path;
  const values = params as Record<string, QueryValue>;
  return path.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : encodeURIComponent(String(value));
  });
}

function call<M extends Method, P extends PathsWith<M>>(
  method: M,
  path: P,
  init: { query?: unknown; body?: unknown; signal?: AbortSignal; options?: CallOptions<M, P> },
): Promise<ResultOf<M, P>> {
  const { params, query, token, retiresToken } = init.options ?? {};
  return request<ResultOf<M, P>>(method.toUpperCase(), fillPath(path, params ?? undefined), {
    query: (init.query ?? query ?? undefined) as Record<string, QueryValue> | undefined,
    body: init.body,
    signal: init.signal,
    token,
    retiresToken,
  });
}

/**
 * The one way the console calls its API, typed by the server's OpenAPI document: paths, queries,
 * bodies and answers come from `npm run api:types`, so a route the server renamed or reshaped
 * fails to type-check here. Files go through `download` (an export) and `upload` (an import).
 */
export const api = {
  get: <P extends PathsWith<'get'>>(
    path: P,
    query?: QueryOf<'get', P>,
    signal?: AbortSignal,
    options?: CallOptions<'get', P>,
  ) => call('get', path, { query, signal, options }),
  post: <P extends PathsWith<'post'>>(
    path: P,
    body?: BodyOf<'post', P>,
    signal?: AbortSignal,
    options?: CallOptions<'post', P>,
  ) => call('post', path, { body: body ?? {}, signal, options }),
  put: <P extends PathsWith<'put'>>(
    path: P,
    body?: BodyOf<'put', P>,
    signal?: AbortSignal,
    options?: CallOptions<'put', P>,
  ) => call('put', path, { body: body ?? {}, signal, options }),
  delete: <P extends PathsWith<'delete'>>(
    path: P,
    query?: QueryOf<'delete', P>,
    signal?: AbortSignal,
    options?: CallOptions<'delete', P>,
  ) => call('delete', path, { query, signal, options }),
  /** An OpenAPI document (JSON of its own, not the envelope; not a route of the document itself). */
  document: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, { signal, raw: true }),
  /** An export: the file a GET route answers, with the name the server gave it. */
  download: <P extends PathsWith<'get'>>(path: P, query?: QueryOf<'get', P>, signal?: AbortSignal) =>
    download(path, (query ?? {}) as Record<string, QueryValue>, signal),
  /** An import: one file POSTed to the route, with the upload's progress; answers the route's result. */
  upload: <P extends PathsWith<'post'>>(
    path: P,
    file: Blob,
    options: {
      filename: string;
      query?: QueryOf<'post', P>;
      onProgress?: (fraction: number) => void;
      signal?: AbortSignal;
    },
  ) =>
    upload<ResultOf<'post', P>>(path, file, {
      ...options,
      query: options.query as Record<string, QueryValue> | undefined,
    }),
};
