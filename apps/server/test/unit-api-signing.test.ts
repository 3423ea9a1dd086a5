import {
  API_KEY_PATTERN,
  API_SECRET_PATTERN,
  CALLBACK_SECRET_PATTERN,
  CALLBACK_SIGNATURE_HEADER,
  CALLBACK_TIMESTAMP_HEADER,
  callbackUrl,
  signCallback,
  verifyCallbackSignature,
} from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, postCallback, privateLiteral } from '../src/modules/api-access/callback-post';
import { normaliseRule } from '../src/modules/api-access/ip-rules';
import {
  callbackSignature,
  newApiKey,
  newApiSecret,
  newCallbackSecret,
  signedCallbackHeaders,
} from '../src/modules/api-access/signing';
import { ipAllowed } from '../src/platform/ip-rules';
import { newSecretsKey, parseSecretsKey, SecretBox } from '../src/platform/secret-box';

describe('credentials', () => {
  it('makes fresh keys and secrets of the documented shapes', () => {
    const apiKey = newApiKey();
    expect(apiKey).toMatch(API_KEY_PATTERN);
    expect(newApiSecret()).toMatch(API_SECRET_PATTERN);
    expect(newCallbackSecret()).toMatch(CALLBACK_SECRET_PATTERN);
    expect(newApiKey()).not.toBe(apiKey);
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

  it('signs every post with one header set, from one function', async () => {
    const body = '{"event":"delivery_report"}';
    const headers = signedCallbackHeaders('whsec_test', body, 1_764_000_000_500);
    expect(Object.keys(headers).sort()).toEqual(
      ['content-type', 'user-agent', CALLBACK_TIMESTAMP_HEADER, CALLBACK_SIGNATURE_HEADER].sort(),
    );
    expect(headers[CALLBACK_TIMESTAMP_HEADER]).toBe('1764000000');
    expect(
      await verifyCallbackSignature({
        secret: 'whsec_test',
        timestamp: headers[CALLBACK_TIMESTAMP_HEADER],
        signature: headers[CALLBACK_SIGNATURE_HEADER],
        body,
        now: 1_764_000_001,
      }),
    ).toBeNull();
  });
});
