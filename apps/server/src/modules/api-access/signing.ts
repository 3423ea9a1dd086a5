import { createHmac, randomBytes } from 'node:crypto';
import { CALLBACK_SIGNATURE_HEADER, CALLBACK_TIMESTAMP_HEADER } from '@switchboard/contracts';

/** New credentials: an API key, its secret, and a company's callback signing secret. */
export const newApiKey = () => `ak_${randomBytes(16).toString('hex')}`;
export const newApiSecret = () => `sk_${randomBytes(32).toString('base64url')}`;
export const newCallbackSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** Callback signature header value: `v1=` + HMAC-SHA256 of `{timestamp}.{body}`. */
export function callbackSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${hmacHex(secret, `${timestamp}.${body}`)}`;
}

/**
 * The headers that sign every post to a customer's URL (delivery reports and the test post
 * alike), and the only place they are made: `X-Switchboard-Timestamp` (Unix seconds) and
 * `X-Switchboard-Signature` (`v1=` + hex HMAC-SHA256 of `{timestamp}.{body}`, keyed with the
 * company's callback signing secret). Receivers check them with the contracts'
 * `verifyCallbackSignature`.
 */
export function signedCallbackHeaders(
  secret: string,
  body: string,
  nowMs = Date.now(),
): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Switchboard-Callback/1',
    [CALLBACK_TIMESTAMP_HEADER]: String(timestamp),
    [CALLBACK_SIGNATURE_HEADER]: callbackSignature(secret, timestamp, body),
  };
}
