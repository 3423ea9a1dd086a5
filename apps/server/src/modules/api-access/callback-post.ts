import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ErrorCode } from '@switchboard/contracts';
import ipaddr from 'ipaddr.js';

/** What one post to a customer's callback URL came to. */
export interface CallbackPostResult {
  url: string;
  /** The receiver answered 2xx. */
  delivered: boolean;
  /** The receiver's HTTP status (null: no answer). */
  status: number | null;
  durationMs: number;
  /** Why there was no answer (or why it was not sent: CALLBACK_URL_PRIVATE); null when answered. */
  errorCode: ErrorCode | null;
  errorParams: Record<string, string | number>;
  at: Date;
}

/** Only ordinary public addresses, unless private destinations are allowed (demo, tests). */
export function isPublicAddress(address: string): boolean {
  try {
    let ip = ipaddr.parse(address);
    if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
      ip = (ip as ipaddr.IPv6).toIPv4Address();
    }
    return ip.range() === 'unicast';
  } catch {
    return false;
  }
}

/** The URL's host as an address when it is written as one (`[::1]` → `::1`), else undefined. */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : undefined;
}

/**
 * The address a literal-IP URL (or `localhost`) points to when it is not a public one: such a
 * URL can be refused when it is saved, before any name is looked up.
 */
export function privateLiteral(url: URL): string | undefined {
  if (url.hostname.toLowerCase() === 'localhost' || url.hostname.toLowerCase().endsWith('.localhost')) {
    return url.hostname;
  }
  const literal = literalAddress(url.hostname);
  return literal !== undefined && !isPublicAddress(literal) ? literal : undefined;
}

const TLS_CODE = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_CERT)/;

/** A network error in words (an error code with its parameters). */
function describeNetworkError(
  error: NodeJS.ErrnoException,
  host: string,
  timeoutMs: number,
): { code: ErrorCode; params: Record<string, string | number> } {
  const code = error.code ?? '';
  if (code === 'CALLBACK_TIMEOUT' || code === 'ETIMEDOUT') {
    return { code: 'CALLBACK_TIMEOUT', params: { seconds: Math.round(timeoutMs / 1000) } };
  }
  if (code === 'ECONNREFUSED') return { code: 'CALLBACK_REFUSED', params: { host } };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA' || code === 'EAI_NONAME') {
    return { code: 'CALLBACK_DNS', params: { host } };
  }
  if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(error.message)) {
    return { code: 'CALLBACK_RESET', params: {} };
  }
  if (TLS_CODE.test(code)) return { code: 'CALLBACK_TLS', params: { detail: code } };
  return { code: 'CALLBACK_NETWORK', params: { detail: (code || error.message).slice(0, 120) } };
}

export interface CallbackPostInput {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Loopback, private and link-local destinations allowed (CALLBACK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
}

/**
 * POSTs `body` to `url` once: no redirects followed, no connection kept, at most `timeoutMs`
 * until the answer's status line. The host is looked up here and the connection made to the
 * address that was checked (a second lookup by the HTTP client could answer another address:
 * DNS rebinding). Never throws: every outcome is a result.
 */
export async function postCallback(input: CallbackPostInput): Promise<CallbackPostResult> {
  const at = new Date();
  const started = performance.now();
  const url = new URL(input.url);
  const host = url.hostname;
  const result = (
    status: number | null,
    errorCode: ErrorCode | null = null,
    errorParams: Record<string, string | number> = {},
  ): CallbackPostResult => ({
    url: input.url,
    delivered: status !== null && status >= 200 && status < 300,
    status,
    durationMs: Math.round(performance.now() - started),
    errorCode,
    errorParams,
    at,
  });

  let addresses: { address: string; family: number }[];
  const literal = literalAddress(host);
  if (literal !== undefined) {
    addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch (error) {
      const { code, params } = describeNetworkError(error as NodeJS.ErrnoException, host, input.timeoutMs);
      return result(null, code, params);
    }
  }
  const refused = input.allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
  if (refused || addresses.length === 0) {
    return result(null, 'CALLBACK_URL_PRIVATE', { address: refused?.address ?? host });
  }
  const target = addresses[0]!;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    } else callback(null, target.address, target.family);
  };

  return new Promise<CallbackPostResult>((resolve) => {
    let settled = false;
    const finish = (outcome: CallbackPostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      agent: false,
      lookup: pinned,
      headers: {
        ...input.headers,
        'content-length': String(Buffer.byteLength(input.body)),
        connection: 'close',
      },
    });
    const timer = setTimeout(() => {
      const error: NodeJS.ErrnoException = new Error('callback timed out');
      error.code = 'CALLBACK_TIMEOUT';
      request.destroy(error);
    }, input.timeoutMs);
    request.on('response', (response) => {
      finish(result(response.statusCode ?? null));
      // The answer's body is not needed: read and drop at most a little of it, then hang up.
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > 65_536) response.destroy();
      });
      response.on('error', () => {});
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const { code, params } = describeNetworkError(error, host, input.timeoutMs);
      finish(result(null, code, params));
    });
    request.end(input.body);
  });
}
