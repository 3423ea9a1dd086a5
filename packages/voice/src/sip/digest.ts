/**
 * HTTP digest authentication as SIP uses it (RFC 3261 22, RFC 7616 / RFC 8760): MD5 and SHA-256,
 * with or without qop=auth. Client: answer a 401/407 challenge. Server: challenge and verify.
 */
import { createHash, randomBytes } from 'node:crypto';

export type DigestAlgorithm = 'MD5' | 'SHA-256';

export interface Credentials {
  username: string;
  password: string;
}

export interface Challenge {
  realm: string;
  nonce: string;
  opaque?: string;
  algorithm: DigestAlgorithm;
  qop?: 'auth';
  stale?: boolean;
}

/** Parses `Digest k=v, k="v"...` into lower-case keys. */
export function parseAuthParams(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  const text = value.replace(/^\s*Digest\s+/i, '');
  const re = /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]+))/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out[m[1]!.toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!;
  }
  return out;
}

export function parseChallenge(value: string): Challenge {
  const p = parseAuthParams(value);
  if (!/^\s*Digest\s/i.test(value) || p.realm === undefined || !p.nonce)
    throw new Error('not a digest challenge');
  const alg = (p.algorithm ?? 'MD5').toUpperCase();
  if (alg !== 'MD5' && alg !== 'SHA-256') throw new Error(`unsupported digest algorithm ${alg}`);
  const qops = (p.qop ?? '').split(',').map((q) => q.trim().toLowerCase());
  if (p.qop !== undefined && !qops.includes('auth')) throw new Error(`unsupported qop ${p.qop}`);
  const c: Challenge = { realm: p.realm, nonce: p.nonce, algorithm: alg };
  if (p.opaque !== undefined) c.opaque = p.opaque;
  if (qops.includes('auth')) c.qop = 'auth';
  if (p.stale?.toLowerCase() === 'true') c.stale = true;
  return c;
}

function h(alg: DigestAlgorithm, text: string): string {
  return createHash(alg === 'MD5' ? 'md5' : 'sha256')
    .update(text, 'utf8')
    .digest('hex');
}

export interface DigestInput {
  method: string;
  uri: string;
  username: string;
  password: string;
  realm: string;
  nonce: string;
  algorithm: DigestAlgorithm;
  qop?: 'auth';
  nc?: string;
  cnonce?: string;
}

export function digestResponse(i: DigestInput): string {
  const ha1 = h(i.algorithm, `${i.username}:${i.realm}:${i.password}`);
  const ha2 = h(i.algorithm, `${i.method}:${i.uri}`);
  return i.qop
    ? h(i.algorithm, `${ha1}:${i.nonce}:${i.nc}:${i.cnonce}:${i.qop}:${ha2}`)
    : h(i.algorithm, `${ha1}:${i.nonce}:${ha2}`);
}

const q = (s: string) => `"${s.replace(/(["\\])/g, '\\$1')}"`;

/** The Authorization / Proxy-Authorization value answering `challenge`. */
export function authorize(
  challenge: Challenge,
  creds: Credentials,
  method: string,
  uri: string,
  nc = 1,
): string {
  const input: DigestInput = {
    method,
    uri,
    ...creds,
    realm: challenge.realm,
    nonce: challenge.nonce,
    algorithm: challenge.algorithm,
  };
  const parts = [
    `username=${q(creds.username)}`,
    `realm=${q(challenge.realm)}`,
    `nonce=${q(challenge.nonce)}`,
    `uri=${q(uri)}`,
  ];
  if (challenge.qop) {
    input.qop = 'auth';
    input.nc = nc.toString(16).padStart(8, '0');
    input.cnonce = randomBytes(8).toString('hex');
  }
  parts.push(`response=${q(digestResponse(input))}`, `algorithm=${challenge.algorithm}`);
  if (challenge.opaque !== undefined) parts.push(`opaque=${q(challenge.opaque)}`);
  if (input.qop) parts.push(`qop=auth`, `nc=${input.nc}`, `cnonce=${q(input.cnonce!)}`);
  return `Digest ${parts.join(', ')}`;
}

/** Server side: issue challenges and check answers against a password lookup. */
export class DigestVerifier {
  private readonly nonces = new Map<string, number>();

  constructor(
    readonly realm: string,
    private readonly lookup: (username: string) => string | undefined,
    private readonly algorithm: DigestAlgorithm = 'MD5',
    private readonly nonceTtlMs = 300_000,
  ) {}

  challenge(stale = false): string {
    const nonce = randomBytes(16).toString('hex');
    this.nonces.set(nonce, Date.now());
    if (this.nonces.size > 10_000) {
      const cutoff = Date.now() - this.nonceTtlMs;
      for (const [n, at] of this.nonces) if (at < cutoff) this.nonces.delete(n);
    }
    const staleText = stale ? ', stale=true' : '';
    return `Digest realm=${q(this.realm)}, nonce=${q(nonce)}, algorithm=${this.algorithm}, qop="auth"${staleText}`;
  }

  /** 'ok', 'stale' (a good answer to an expired nonce: challenge again with stale=true) or 'bad'. */
  verify(authorization: string | undefined, method: string): 'ok' | 'stale' | 'bad' {
    if (!authorization) return 'bad';
    const p = parseAuthParams(authorization);
    const username = p.username;
    if (!username || !p.nonce || !p.uri || !p.response || p.realm !== this.realm) return 'bad';
    const password = this.lookup(username);
    if (password === undefined) return 'bad';
    const alg = (p.algorithm ?? 'MD5').toUpperCase();
    if (alg !== 'MD5' && alg !== 'SHA-256') return 'bad';
    const input: DigestInput = {
      method,
      uri: p.uri,
      username,
      password,
      realm: this.realm,
      nonce: p.nonce,
      algorithm: alg,
    };
    if (p.qop) {
      if (p.qop !== 'auth' || !p.nc || !p.cnonce) return 'bad';
      input.qop = 'auth';
      input.nc = p.nc;
      input.cnonce = p.cnonce;
    }
    if (digestResponse(input) !== p.response.toLowerCase()) return 'bad';
    const issued = this.nonces.get(p.nonce);
    if (issued === undefined || Date.now() - issued > this.nonceTtlMs) return 'stale';
    return 'ok';
  }
}
