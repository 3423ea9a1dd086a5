/**
 * SIP messages (RFC 3261 section 7): parse and serialise. Text is UTF-8 both ways and
 * Content-Length counts bytes of the body. Compact header forms are expanded on parse; headers
 * that may repeat keep every value in order, and comma-separated values of list headers (Via,
 * Route, Record-Route, Contact, Allow, Supported...) are split into single values.
 */

export interface SipRequest {
  kind: 'request';
  method: string;
  uri: string;
  headers: SipHeaders;
  body: Uint8Array;
}

export interface SipResponse {
  kind: 'response';
  status: number;
  reason: string;
  headers: SipHeaders;
  body: Uint8Array;
}

export type SipMessage = SipRequest | SipResponse;

const COMPACT: Record<string, string> = {
  i: 'call-id',
  m: 'contact',
  e: 'content-encoding',
  l: 'content-length',
  c: 'content-type',
  f: 'from',
  s: 'subject',
  k: 'supported',
  t: 'to',
  v: 'via',
  o: 'event',
  r: 'refer-to',
  u: 'allow-events',
};

/** Headers whose values are comma-separated lists (split on parse). */
const LIST_HEADERS = new Set([
  'via',
  'route',
  'record-route',
  'contact',
  'allow',
  'supported',
  'require',
  'proxy-require',
  'unsupported',
  'accept',
  'allow-events',
]);

const CANONICAL: Record<string, string> = {
  'call-id': 'Call-ID',
  cseq: 'CSeq',
  'www-authenticate': 'WWW-Authenticate',
  'proxy-authenticate': 'Proxy-Authenticate',
  'proxy-authorization': 'Proxy-Authorization',
  'mime-version': 'MIME-Version',
};

export function canonicalName(name: string): string {
  const lower = name.toLowerCase();
  return (
    CANONICAL[lower] ??
    lower.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase())
  );
}

/** An ordered multi-map of headers keyed by lower-case full name. */
export class SipHeaders {
  private readonly map = new Map<string, string[]>();

  static from(entries: Record<string, string | string[] | number>): SipHeaders {
    const h = new SipHeaders();
    for (const [k, v] of Object.entries(entries)) {
      for (const one of Array.isArray(v) ? v : [String(v)]) h.append(k, one);
    }
    return h;
  }

  get(name: string): string | undefined {
    return this.map.get(name.toLowerCase())?.[0];
  }
  getAll(name: string): string[] {
    return [...(this.map.get(name.toLowerCase()) ?? [])];
  }
  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }
  set(name: string, value: string | number): this {
    this.map.set(name.toLowerCase(), [String(value)]);
    return this;
  }
  setAll(name: string, values: string[]): this {
    if (values.length === 0) this.map.delete(name.toLowerCase());
    else this.map.set(name.toLowerCase(), [...values]);
    return this;
  }
  append(name: string, value: string): this {
    const key = name.toLowerCase();
    const list = this.map.get(key);
    if (list) list.push(value);
    else this.map.set(key, [value]);
    return this;
  }
  prepend(name: string, value: string): this {
    const key = name.toLowerCase();
    this.map.set(key, [value, ...(this.map.get(key) ?? [])]);
    return this;
  }
  delete(name: string): this {
    this.map.delete(name.toLowerCase());
    return this;
  }
  entries(): [string, string[]][] {
    return [...this.map.entries()];
  }
  clone(): SipHeaders {
    const h = new SipHeaders();
    for (const [k, v] of this.map) h.map.set(k, [...v]);
    return h;
  }
}

export class SipParseError extends Error {}

/** Splits on commas outside quotes and angle brackets. */
export function splitList(value: string): string[] {
  const out: string[] = [];
  let depthAngle = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '"' && value[i - 1] !== '\\') quoted = !quoted;
    else if (!quoted && c === '<') depthAngle++;
    else if (!quoted && c === '>') depthAngle--;
    else if (!quoted && depthAngle === 0 && c === ',') {
      out.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(value.slice(start).trim());
  return out.filter((s) => s.length > 0);
}

const decoder = new TextDecoder('utf-8', { fatal: false });
const encoder = new TextEncoder();

function indexOfDoubleCrlf(buf: Uint8Array, from = 0): number {
  for (let i = from; i + 3 < buf.length; i++) {
    if (buf[i] === 13 && buf[i + 1] === 10 && buf[i + 2] === 13 && buf[i + 3] === 10) return i;
  }
  return -1;
}

/** Parses the head (start line + headers) of a message. */
function parseHead(text: string): { start: string; headers: SipHeaders } {
  // Unfold continuation lines (RFC 3261 7.3.1).
  const lines = text.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
  const start = lines.shift() ?? '';
  const headers = new SipHeaders();
  for (const line of lines) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new SipParseError(`bad header line: ${line.slice(0, 60)}`);
    const raw = line.slice(0, colon).trim().toLowerCase();
    const name = COMPACT[raw] ?? raw;
    const value = line.slice(colon + 1).trim();
    if (LIST_HEADERS.has(name) && value !== '*')
      for (const one of splitList(value)) headers.append(name, one);
    else headers.append(name, value);
  }
  return { start, headers };
}

function build(start: string, headers: SipHeaders, body: Uint8Array): SipMessage {
  const parts = start.split(' ');
  if (start.startsWith('SIP/2.0 ')) {
    const status = Number(parts[1]);
    if (!Number.isInteger(status) || status < 100 || status > 699)
      throw new SipParseError(`bad status line: ${start}`);
    return { kind: 'response', status, reason: parts.slice(2).join(' '), headers, body };
  }
  if (parts.length !== 3 || parts[2] !== 'SIP/2.0' || !/^[A-Z]+$/.test(parts[0] ?? '')) {
    throw new SipParseError(`bad request line: ${start.slice(0, 80)}`);
  }
  return { kind: 'request', method: parts[0]!, uri: parts[1]!, headers, body };
}

/** Parses one whole datagram. */
export function parseMessage(data: Uint8Array): SipMessage {
  const end = indexOfDoubleCrlf(data);
  const headEnd = end < 0 ? data.length : end;
  const { start, headers } = parseHead(decoder.decode(data.subarray(0, headEnd)));
  let body: Uint8Array = end < 0 ? new Uint8Array(0) : data.subarray(end + 4);
  const length = headers.get('content-length');
  if (length !== undefined) {
    const n = Number(length);
    if (!Number.isInteger(n) || n < 0) throw new SipParseError(`bad Content-Length: ${length}`);
    if (n > body.length) throw new SipParseError('body shorter than Content-Length');
    body = body.subarray(0, n);
  }
  return build(start, headers, Uint8Array.from(body));
}

/**
 * A stream framer for TCP: feed bytes, get whole messages (Content-Length is required on streams).
 * Keep-alive CRLFs between messages are skipped.
 */
export class StreamParser {
  private buf: Uint8Array = new Uint8Array(0);

  push(chunk: Uint8Array): SipMessage[] {
    const merged = new Uint8Array(this.buf.length + chunk.length);
    merged.set(this.buf);
    merged.set(chunk, this.buf.length);
    this.buf = merged;
    const out: SipMessage[] = [];
    for (;;) {
      let skip = 0;
      while (skip + 1 < this.buf.length && this.buf[skip] === 13 && this.buf[skip + 1] === 10) skip += 2;
      if (skip) this.buf = this.buf.subarray(skip);
      const end = indexOfDoubleCrlf(this.buf);
      if (end < 0) {
        if (this.buf.length > 65_536) throw new SipParseError('header block too large');
        return out;
      }
      const { start, headers } = parseHead(decoder.decode(this.buf.subarray(0, end)));
      const n = Number(headers.get('content-length') ?? 'NaN');
      if (!Number.isInteger(n) || n < 0)
        throw new SipParseError('stream message without a valid Content-Length');
      if (this.buf.length < end + 4 + n) return out;
      out.push(build(start, headers, Uint8Array.from(this.buf.subarray(end + 4, end + 4 + n))));
      this.buf = this.buf.subarray(end + 4 + n);
    }
  }
}

const ORDER = ['via', 'max-forwards', 'route', 'record-route', 'from', 'to', 'call-id', 'cseq'];

/** Serialises with full header names, one line per value, Content-Length in bytes of the body. */
export function serializeMessage(msg: SipMessage): Uint8Array {
  const start =
    msg.kind === 'request' ? `${msg.method} ${msg.uri} SIP/2.0` : `SIP/2.0 ${msg.status} ${msg.reason}`;
  const lines = [start];
  const entries = msg.headers.entries().filter(([k]) => k !== 'content-length');
  entries.sort((a, b) => rank(a[0]) - rank(b[0]));
  for (const [name, values] of entries) for (const v of values) lines.push(`${canonicalName(name)}: ${v}`);
  lines.push(`Content-Length: ${msg.body.length}`);
  const head = encoder.encode(`${lines.join('\r\n')}\r\n\r\n`);
  const out = new Uint8Array(head.length + msg.body.length);
  out.set(head);
  out.set(msg.body, head.length);
  return out;
}

function rank(name: string): number {
  const i = ORDER.indexOf(name);
  return i < 0 ? ORDER.length : i;
}

export function textBody(text: string): Uint8Array {
  return encoder.encode(text);
}
export function bodyText(body: Uint8Array): string {
  return decoder.decode(body);
}
