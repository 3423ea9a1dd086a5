import {
  API_KEY_HEADER,
  API_NONCE_HEADER,
  API_SIGNATURE_HEADER,
  API_TIMESTAMP_HEADER,
  callbackUrl,
  canonicalApiRequest,
  sha256Hex as contractSha256,
  EMPTY_BODY_SHA256,
  newNonce,
  signApiRequest,
  signCallback,
  verifyCallbackSignature,
} from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, postCallback, privateLiteral } from '../src/modules/api-access/callback-post';
import { normaliseRule } from '../src/modules/api-access/service';
import {
  callbackSignature,
  newApiKey,
  newApiSecret,
  readSignedHeaders,
  requestSignature,
  sameSignature,
  sha256Hex,
} from '../src/modules/api-access/signing';
import { ipAllowed } from '../src/platform/ip-rules';
import { newSecretsKey, parseSecretsKey, SecretBox } from '../src/platform/secret-box';

const lower = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

describe('the signing scheme', () => {
  const apiKey = 'ak_0123456789abcdef0123456789abcdef';
  const apiSecret = 'sk_TESTtestTESTtestTESTtestTESTtestTESTtest123';

  it('has one canonical text: six lines after the scheme name', () => {
    expect(
      canonicalApiRequest({
        apiKey,
        timestamp: '1764000000',
        nonce: 'n0nce-n0nce-n0nce',
        method: 'post',
        path: '/api/sms/send?x=1',
        bodySha256: EMPTY_BODY_SHA256.toUpperCase(),
      }),
    ).toBe(
      [
        'SB1-HMAC-SHA256',
        apiKey,
        '1764000000',
        'n0nce-n0nce-n0nce',
        'POST',
        '/api/sms/send?x=1',
        EMPTY_BODY_SHA256,
      ].join('\n'),
    );
  });

  it('signs with the reference signer (Web Crypto) exactly as the server checks (node crypto)', async () => {
    const body = JSON.stringify({ to: '8613800138000', text: '你好, world' });
    const headers = await signApiRequest({
      apiKey,
      apiSecret,
      method: 'POST',
      path: '/api/sms/send',
      body,
      timestamp: 1_764_000_000,
      nonce: 'abcdefghijklmnop',
    });
    expect(headers[API_KEY_HEADER]).toBe(apiKey);
    expect(headers[API_TIMESTAMP_HEADER]).toBe('1764000000');
    expect(headers[API_NONCE_HEADER]).toBe('abcdefghijklmnop');
    expect(await contractSha256(body)).toBe(sha256Hex(body));
    const expected = requestSignature(apiSecret, {
      apiKey,
      timestamp: '1764000000',
      nonce: 'abcdefghijklmnop',
      method: 'POST',
      path: '/api/sms/send',
      bodySha256: sha256Hex(Buffer.from(body, 'utf8')),
    });
    expect(headers[API_SIGNATURE_HEADER]).toBe(expected);
    // A known answer, so that a change of the scheme cannot pass unnoticed.
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256Hex('')).toBe(EMPTY_BODY_SHA256);
  });

  it('makes fresh keys, secrets and nonces of the documented shapes', () => {
    expect(newApiKey()).toMatch(/^ak_[0-9a-f]{32}$/);
    expect(newApiSecret()).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    const nonce = newNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newNonce()).not.toBe(nonce);
  });

  it('compares signatures in full and refuses anything that is not 64 hex digits', () => {
    const sig = requestSignature('s', {
      apiKey,
      timestamp: '1',
      nonce: 'n',
      method: 'GET',
      path: '/',
      bodySha256: EMPTY_BODY_SHA256,
    });
    expect(sameSignature(sig, sig)).toBe(true);
    expect(sameSignature(sig, `${sig.slice(0, 63)}${sig.endsWith('0') ? '1' : '0'}`)).toBe(false);
    expect(sameSignature(sig, sig.slice(0, 62))).toBe(false);
    expect(sameSignature(sig, `${sig.slice(0, 63)}g`)).toBe(false);
  });
});

describe('reading the signature headers', () => {
  const now = 1_764_000_000_000;
  const good = {
    [API_KEY_HEADER]: 'ak_0123456789abcdef0123456789abcdef',
    [API_TIMESTAMP_HEADER]: String(now / 1000),
    [API_NONCE_HEADER]: 'abcdefghijklmnop',
    [API_SIGNATURE_HEADER]: 'A'.repeat(64),
  };

  it('accepts them (any case) and lowers the signature', () => {
    expect(readSignedHeaders(lower(good), now)).toEqual({
      apiKey: good[API_KEY_HEADER],
      timestamp: good[API_TIMESTAMP_HEADER],
      nonce: good[API_NONCE_HEADER],
      signature: 'a'.repeat(64),
    });
  });

  it('names every missing header', () => {
    expect(readSignedHeaders({}, now)).toEqual({
      code: 'API_AUTH_HEADERS_MISSING',
      params: { headers: 'X-Api-Key, X-Timestamp, X-Nonce, X-Signature' },
    });
    const { [API_NONCE_HEADER]: _n, ...noNonce } = good;
    expect(readSignedHeaders(lower(noNonce), now)).toMatchObject({ params: { headers: 'X-Nonce' } });
  });

  it('refuses a timestamp more than 5 minutes either way, or not in seconds', () => {
    const at = (seconds: number | string) =>
      readSignedHeaders(lower({ ...good, [API_TIMESTAMP_HEADER]: String(seconds) }), now);
    expect(at(now / 1000 - 300)).not.toHaveProperty('code');
    expect(at(now / 1000 + 300)).not.toHaveProperty('code');
    expect(at(now / 1000 - 301)).toMatchObject({ code: 'API_TIMESTAMP_STALE', params: { seconds: 300 } });
    expect(at(now / 1000 + 301)).toMatchObject({ code: 'API_TIMESTAMP_STALE' });
    expect(at(now)).toMatchObject({ code: 'API_TIMESTAMP_INVALID' }); // milliseconds by mistake
    expect(at('12.5')).toMatchObject({ code: 'API_TIMESTAMP_INVALID' });
    expect(at('-1')).toMatchObject({ code: 'API_TIMESTAMP_INVALID' });
  });

  it('refuses a badly formed nonce or key', () => {
    for (const nonce of ['short', 'x'.repeat(65), 'has space in it!!', 'ünïcödé-ünïcödé-ü']) {
      expect(readSignedHeaders(lower({ ...good, [API_NONCE_HEADER]: nonce }), now)).toMatchObject({
        code: 'API_NONCE_INVALID',
      });
    }
    expect(readSignedHeaders(lower({ ...good, [API_KEY_HEADER]: 'ak_nothex' }), now)).toMatchObject({
      code: 'API_KEY_UNKNOWN',
    });
  });
});

describe('secrets sealed at rest (AES-256-GCM)', () => {
  const box = new SecretBox(parseSecretsKey(newSecretsKey())!);

  it('opens what it sealed, for the same row only', () => {
    const sealed = box.seal('sk_secret', 'api-key:ak_1');
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(sealed).not.toContain('sk_secret');
    expect(box.open(sealed, 'api-key:ak_1')).toBe('sk_secret');
    expect(box.open(sealed, 'api-key:ak_2')).toBeNull();
    expect(box.seal('sk_secret', 'a')).not.toBe(box.seal('sk_secret', 'a')); // fresh IV each time
  });

  it('refuses tampering and another key', () => {
    const sealed = box.seal('sk_secret', 'aad');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[4] = body.toString('base64url');
    expect(box.open(parts.join('.'), 'aad')).toBeNull();
    const other = new SecretBox(parseSecretsKey(newSecretsKey())!);
    expect(other.open(sealed, 'aad')).toBeNull();
    expect(box.open('garbage', 'aad')).toBeNull();
  });

  it('reads SECRETS_KEY as 64 hex digits or base64 of 32 bytes, nothing else', () => {
    expect(parseSecretsKey('ab'.repeat(32))?.length).toBe(32);
    expect(parseSecretsKey(Buffer.alloc(32, 7).toString('base64'))?.length).toBe(32);
    expect(parseSecretsKey(newSecretsKey())?.length).toBe(32);
    expect(parseSecretsKey('ab'.repeat(31))).toBeUndefined();
    expect(parseSecretsKey('too short')).toBeUndefined();
    expect(parseSecretsKey(Buffer.alloc(31).toString('base64'))).toBeUndefined();
  });
});

describe('the API IP whitelist rules', () => {
  it('keeps one spelling per address or range', () => {
    expect(normaliseRule('10.1.2.3/8')).toBe('10.0.0.0/8');
    expect(normaliseRule('2001:DB8:0:0::1')).toBe('2001:db8::1');
    expect(normaliseRule('2001:db8::5/32')).toBe('2001:db8::/32');
    expect(normaliseRule('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(normaliseRule('203.0.113.7')).toBe('203.0.113.7');
  });

  it('matches addresses against IPv4 and IPv6 addresses and ranges', () => {
    const rules = ['203.0.113.0/24', '198.51.100.7', '2001:db8:abcd::/48', '2001:db8::1'];
    const cases: [string, boolean][] = [
      ['203.0.113.1', true],
      ['203.0.113.255', true],
      ['203.0.114.1', false],
      ['198.51.100.7', true],
      ['198.51.100.8', false],
      ['::ffff:203.0.113.9', true],
      ['2001:db8:abcd:12::1', true],
      ['2001:db8:abce::1', false],
      ['2001:db8::1', true],
      ['2001:db8::2', false],
      ['not an address', false],
    ];
    for (const [ip, allowed] of cases) expect([ip, ipAllowed(ip, rules)]).toEqual([ip, allowed]);
    expect(ipAllowed('192.0.2.1', [])).toBe(true);
  });
});

describe('callback destinations', () => {
  it('treats only ordinary public unicast addresses as public', () => {
    for (const a of ['8.8.8.8', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect([a, isPublicAddress(a)]).toEqual([a, true]);
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.5',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
      'nonsense',
    ]) {
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    }
  });

  it('spots private literals and localhost in a URL before any lookup', () => {
    expect(privateLiteral(new URL('http://127.0.0.1:8080/x'))).toBe('127.0.0.1');
    expect(privateLiteral(new URL('http://[::1]/x'))).toBe('::1');
    expect(privateLiteral(new URL('http://localhost/x'))).toBe('localhost');
    expect(privateLiteral(new URL('http://api.localhost/x'))).toBe('api.localhost');
    expect(privateLiteral(new URL('https://8.8.8.8/x'))).toBeUndefined();
    expect(privateLiteral(new URL('https://example.com/x'))).toBeUndefined();
  });

  it('refuses a name that resolves to a private address unless allowed', async () => {
    const refused = await postCallback({
      url: 'http://localhost:9/cb',
      body: '{}',
      headers: {},
      timeoutMs: 1_000,
      allowPrivate: false,
    });
    expect(refused).toMatchObject({ delivered: false, status: null, errorCode: 'CALLBACK_URL_PRIVATE' });
    expect(['127.0.0.1', '::1']).toContain(refused.errorParams.address);
  });

  it('checks the URL’s form with messages that are error codes', () => {
    const problem = (url: string) => {
      const parsed = callbackUrl.safeParse(url);
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(problem('https://example.com/dlr?x=1')).toBeNull();
    expect(problem('HTTP://example.com/')).toBeNull();
    expect(problem('ftp://example.com/')).toBe('CALLBACK_URL_SCHEME');
    expect(problem('example.com/dlr')).toBe('CALLBACK_URL_SCHEME');
    expect(problem('https://user:pass@example.com/')).toBe('CALLBACK_URL_CREDENTIALS');
    expect(problem('https://user@example.com/')).toBe('CALLBACK_URL_CREDENTIALS');
    expect(problem('http://')).toBe('CALLBACK_URL_INVALID');
    expect(problem(`https://example.com/${'a'.repeat(600)}`)).toBe('FIELD_TOO_LONG');
  });

  it('signs callbacks the way the reference verifier checks them', async () => {
    const secret = 'whsec_test';
    const body = '{"event":"delivery_report"}';
    const header = callbackSignature(secret, 1_764_000_000, body);
    expect(header).toBe(await signCallback(secret, 1_764_000_000, body));
    const verify = (over: Partial<Parameters<typeof verifyCallbackSignature>[0]>) =>
      verifyCallbackSignature({
        secret,
        timestamp: '1764000000',
        signature: header,
        body,
        now: 1_764_000_010,
        ...over,
      });
    expect(await verify({})).toBeNull();
    expect(await verify({ body: `${body} ` })).toBe('mismatch');
    expect(await verify({ secret: 'whsec_other' })).toBe('mismatch');
    expect(await verify({ now: 1_764_000_301 })).toBe('stale');
    expect(await verify({ signature: undefined })).toBe('missing');
  });
});
