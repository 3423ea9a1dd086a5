import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_HEADER,
  API_KEY_PATTERN,
  API_NONCE_HEADER,
  API_NONCE_PATTERN,
  API_SIGNATURE_HEADER,
  API_SIGNATURE_WINDOW_S,
  API_TIMESTAMP_HEADER,
  type CanonicalRequestParts,
  canonicalApiRequest,
  type ErrorCode,
} from '@switchboard/contracts';

/**
 * The server's side of the signing scheme of the contracts (`canonicalApiRequest`): the same
 * canonical text, HMAC-SHA256 with node's crypto, compared in constant time.
 */

export const newApiKey = () => `ak_${randomBytes(16).toString('hex')}`;
export const newApiSecret = () => `sk_${randomBytes(32).toString('base64url')}`;
export const newCallbackSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export function sha256Hex(body: string | Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

export function requestSignature(secret: string, parts: CanonicalRequestParts): string {
  return hmacHex(secret, canonicalApiRequest(parts));
}

/** Constant-time comparison of two hex signatures (false when either is not 64 hex digits). */
export function sameSignature(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given) || expected.length !== given.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

/** Callback signature header value: `v1=` + HMAC-SHA256 of `{timestamp}.{body}`. */
export function callbackSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${hmacHex(secret, `${timestamp}.${body}`)}`;
}

export type Headers = Record<string, string | string[] | undefined>;

/** One header's value: the first when repeated, undefined when absent or empty. */
export function headerOf(headers: Headers, name: string): string | undefined {
  const value = headers[name.toLowerCase()] ?? headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}

export interface SignedHeaders {
  apiKey: string;
  timestamp: string;
  nonce: string;
  signature: string;
}

export interface HeaderProblem {
  code: ErrorCode;
  params: Record<string, string | number>;
}

/**
 * Reads the four signature headers and checks what needs no database: all present, the key and
 * nonce well formed, the timestamp within the window of `nowMs`.
 */
export function readSignedHeaders(headers: Headers, nowMs: number): SignedHeaders | HeaderProblem {
  const apiKey = headerOf(headers, API_KEY_HEADER);
  const timestamp = headerOf(headers, API_TIMESTAMP_HEADER);
  const nonce = headerOf(headers, API_NONCE_HEADER);
  const signature = headerOf(headers, API_SIGNATURE_HEADER);
  const missing = [
    [API_KEY_HEADER, apiKey],
    [API_TIMESTAMP_HEADER, timestamp],
    [API_NONCE_HEADER, nonce],
    [API_SIGNATURE_HEADER, signature],
  ]
    .filter(([, value]) => value === undefined)
    .map(([name]) => name as string);
  if (missing.length > 0 || !apiKey || !timestamp || !nonce || !signature) {
    return { code: 'API_AUTH_HEADERS_MISSING', params: { headers: missing.join(', ') } };
  }
  if (!API_KEY_PATTERN.test(apiKey)) return { code: 'API_KEY_UNKNOWN', params: {} };
  if (!/^\d{1,12}$/.test(timestamp)) return { code: 'API_TIMESTAMP_INVALID', params: {} };
  const skew = Math.abs(nowMs / 1000 - Number(timestamp));
  if (skew > API_SIGNATURE_WINDOW_S) {
    return {
      code: 'API_TIMESTAMP_STALE',
      params: { seconds: API_SIGNATURE_WINDOW_S, serverTime: Math.floor(nowMs / 1000) },
    };
  }
  if (!API_NONCE_PATTERN.test(nonce)) return { code: 'API_NONCE_INVALID', params: {} };
  return { apiKey, timestamp, nonce, signature: signature.toLowerCase() };
}
