import { describe, expect, it } from 'vitest';
import { authorize, DigestVerifier, digestResponse, parseAuthParams, parseChallenge } from '../src';

describe('digest authentication', () => {
  it('matches the RFC 2617 MD5 qop=auth example', () => {
    expect(
      digestResponse({
        method: 'GET',
        uri: '/dir/index.html',
        username: 'Mufasa',
        password: 'Circle Of Life',
        realm: 'testrealm@host.com',
        nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
        algorithm: 'MD5',
        qop: 'auth',
        nc: '00000001',
        cnonce: '0a4f113b',
      }),
    ).toBe('6629fae49393a05397450978507c4ef1');
  });

  it('matches the RFC 7616 SHA-256 example', () => {
    expect(
      digestResponse({
        method: 'GET',
        uri: '/dir/index.html',
        username: 'Mufasa',
        password: 'Circle of Life',
        realm: 'http-auth@example.org',
        nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
        algorithm: 'SHA-256',
        qop: 'auth',
        nc: '00000001',
        cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
      }),
    ).toBe('753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1');
  });

  it('reads challenges, with and without qop, and refuses what it cannot answer', () => {
    expect(
      parseChallenge(
        'Digest realm="sip.example", nonce="abc", opaque="o", qop="auth,auth-int", algorithm=SHA-256',
      ),
    ).toEqual({
      realm: 'sip.example',
      nonce: 'abc',
      opaque: 'o',
      qop: 'auth',
      algorithm: 'SHA-256',
    });
    expect(parseChallenge('Digest realm="r", nonce="n"')).toEqual({
      realm: 'r',
      nonce: 'n',
      algorithm: 'MD5',
    });
    expect(() => parseChallenge('Digest realm="r", nonce="n", algorithm=SHA-512-256')).toThrow(/unsupported/);
    expect(() => parseChallenge('Digest realm="r", nonce="n", qop="auth-int"')).toThrow(/qop/);
    expect(() => parseChallenge('Basic realm="r"')).toThrow();
  });

  for (const algorithm of ['MD5', 'SHA-256'] as const) {
    it(`a verifier accepts the right password and refuses a wrong one (${algorithm})`, () => {
      const v = new DigestVerifier('sim', (u) => (u === 'alice' ? 'pässword' : undefined), algorithm);
      const challenge = parseChallenge(v.challenge());
      expect(challenge.algorithm).toBe(algorithm);
      const good = authorize(challenge, { username: 'alice', password: 'pässword' }, 'REGISTER', 'sip:sim');
      expect(parseAuthParams(good)).toMatchObject({
        username: 'alice',
        qop: 'auth',
        nc: '00000001',
        algorithm,
      });
      expect(v.verify(good, 'REGISTER')).toBe('ok');
      expect(v.verify(good, 'INVITE')).toBe('bad');
      expect(
        v.verify(
          authorize(challenge, { username: 'alice', password: 'nope' }, 'REGISTER', 'sip:sim'),
          'REGISTER',
        ),
      ).toBe('bad');
      expect(
        v.verify(authorize(challenge, { username: 'bob', password: 'x' }, 'REGISTER', 'sip:sim'), 'REGISTER'),
      ).toBe('bad');
      expect(v.verify(undefined, 'REGISTER')).toBe('bad');
      const unknownNonce = authorize(
        { ...challenge, nonce: 'forged' },
        { username: 'alice', password: 'pässword' },
        'REGISTER',
        'sip:sim',
      );
      expect(v.verify(unknownNonce, 'REGISTER')).toBe('stale');
    });
  }
});
