/**
 * Values inside SIP headers: name-addr (From, To, Contact), parameters (tag, branch), Via, CSeq,
 * SIP URIs, and the random identifiers a user agent makes (branch, tag, Call-ID).
 */
import { randomBytes } from 'node:crypto';

/** RFC 3261 magic cookie + 96 random bits. */
export function newBranch(): string {
  return `z9hG4bK${randomBytes(12).toString('hex')}`;
}
export function newTag(): string {
  return randomBytes(6).toString('hex');
}
export function newCallId(host: string): string {
  return `${randomBytes(12).toString('hex')}@${host}`;
}

export type Params = Record<string, string | true>;

export function parseParams(text: string): Params {
  const out: Params = {};
  for (const part of text.split(';')) {
    const p = part.trim();
    if (!p) continue;
    const eq = p.indexOf('=');
    if (eq < 0) out[p.toLowerCase()] = true;
    else out[p.slice(0, eq).trim().toLowerCase()] = p.slice(eq + 1).trim();
  }
  return out;
}

export function formatParams(params: Params): string {
  return Object.entries(params)
    .map(([k, v]) => (v === true ? `;${k}` : `;${k}=${v}`))
    .join('');
}

export interface NameAddr {
  displayName?: string;
  uri: string;
  params: Params;
}

/** `"Name" <sip:a@b>;tag=x`, `Name <sip:a@b>`, or `sip:a@b;tag=x` (params then belong to the header). */
export function parseNameAddr(value: string): NameAddr {
  const v = value.trim();
  const lt = v.indexOf('<');
  if (lt >= 0) {
    const gt = v.indexOf('>', lt);
    if (gt < 0) throw new Error(`bad name-addr: ${v}`);
    let name = v.slice(0, lt).trim();
    if (name.startsWith('"') && name.endsWith('"')) name = name.slice(1, -1).replace(/\\(.)/g, '$1');
    const out: NameAddr = { uri: v.slice(lt + 1, gt), params: parseParams(v.slice(gt + 1)) };
    if (name) out.displayName = name;
    return out;
  }
  const semi = v.indexOf(';');
  return semi < 0 ? { uri: v, params: {} } : { uri: v.slice(0, semi), params: parseParams(v.slice(semi)) };
}

export function formatNameAddr(na: NameAddr): string {
  const name = na.displayName ? `"${na.displayName.replace(/(["\\])/g, '\\$1')}" ` : '';
  return `${name}<${na.uri}>${formatParams(na.params)}`;
}

export function tagOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const t = parseNameAddr(value).params.tag;
  return typeof t === 'string' ? t : undefined;
}

export interface Via {
  transport: string;
  host: string;
  port?: number;
  params: Params;
}

export function parseVia(value: string): Via {
  const m = /^SIP\s*\/\s*2\.0\s*\/\s*([A-Za-z]+)\s+([^;\s]+)\s*(.*)$/.exec(value.trim());
  if (!m) throw new Error(`bad Via: ${value}`);
  const hostPort = m[2]!;
  let host = hostPort;
  let port: number | undefined;
  const ipv6 = hostPort.startsWith('[');
  const colon = ipv6 ? hostPort.indexOf(']:') + 1 : hostPort.lastIndexOf(':');
  if (colon > 0) {
    host = hostPort.slice(0, colon);
    port = Number(hostPort.slice(colon + 1));
  }
  const via: Via = { transport: m[1]!.toUpperCase(), host, params: parseParams(m[3] ?? '') };
  if (port !== undefined) via.port = port;
  return via;
}

export function formatVia(via: Via): string {
  const port = via.port === undefined ? '' : `:${via.port}`;
  return `SIP/2.0/${via.transport} ${via.host}${port}${formatParams(via.params)}`;
}

export function parseCSeq(value: string | undefined): { seq: number; method: string } {
  const m = /^(\d+)\s+([A-Za-z]+)$/.exec((value ?? '').trim());
  if (!m) throw new Error(`bad CSeq: ${value}`);
  return { seq: Number(m[1]), method: m[2]!.toUpperCase() };
}

export interface SipUri {
  scheme: 'sip' | 'sips';
  user?: string;
  host: string;
  port?: number;
  params: Params;
}

export function parseUri(uri: string): SipUri {
  const m = /^(sips?):(?:([^@]+)@)?([^;?:]+|\[[^\]]+\])(?::(\d+))?([^?]*)/i.exec(uri.trim());
  if (!m) throw new Error(`bad SIP URI: ${uri}`);
  const out: SipUri = {
    scheme: m[1]!.toLowerCase() as 'sip' | 'sips',
    host: m[3]!,
    params: parseParams(m[5] ?? ''),
  };
  if (m[2]) out.user = decodeURIComponent(m[2]);
  if (m[4]) out.port = Number(m[4]);
  return out;
}

export function formatUri(u: SipUri): string {
  const user = u.user ? `${encodeURIComponent(u.user).replace(/%2B/g, '+')}@` : '';
  const port = u.port ? `:${u.port}` : '';
  return `${u.scheme}:${user}${u.host}${port}${formatParams(u.params)}`;
}
