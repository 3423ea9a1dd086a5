import { AVATAR_MAX_BYTES, type Envelope, type Profile, type TotpSetup } from '@switchboard/contracts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageTypeOf } from '../src/modules/user/profile-service';
import { DEMO_PASSWORD, startServer, type TestServer } from './harness';
import { EN, expectError, expectFieldError, expectOk, insertUser, tokenOf, ZH } from './support/api';

let s: TestServer;
let alice: string;
let bob: string;

beforeAll(async () => {
  s = await startServer();
  await insertUser(s, { username: 'profile-alice', realname: 'Alice' });
  await insertUser(s, { username: 'profile-bob', realname: 'Bob' });
  alice = await tokenOf(s, 'profile-alice');
  bob = await tokenOf(s, 'profile-bob');
});
afterAll(() => s.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const profileOf = async (token: string) =>
  expectOk(await s.call<Profile>('GET', '/sys/user/profile', { token }));
const save = (token: string, body: Record<string, unknown>, locale = EN) =>
  s.call<Profile>('PUT', '/sys/user/profile', { token, body, locale });

async function upload(token: string, bytes: Uint8Array, filename = 'me.png', locale = EN) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const response = await fetch(`${s.baseUrl}/api/sys/user/avatar`, {
    method: 'POST',
    headers: { 'X-Access-Token': token, 'X-Locale': locale },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Envelope<Profile> };
}

describe('image types', () => {
  it('are told by the bytes, not the name', () => {
    expect(imageTypeOf(PNG)).toBe('image/png');
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(imageTypeOf(Buffer.from('GIF89a......'))).toBe('image/gif');
    expect(imageTypeOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(imageTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});

describe('GET/PUT /sys/user/profile', () => {
  it('needs a session', async () => {
    expectError(await s.call('GET', '/sys/user/profile'), 401, 'UNAUTHORIZED');
    expectError(await s.call('PUT', '/sys/user/profile', { body: { realname: 'x' } }), 401, 'UNAUTHORIZED');
  });

  it('reads and changes only the caller’s own record (an id in the body changes nothing else)', async () => {
    const bobBefore = await profileOf(bob);
    const saved = expectOk(
      await save(alice, {
        id: bobBefore.id,
        username: 'profile-bob',
        realname: ' Alice Liddell ',
        phone: '+44 20 7946 0958',
        email: 'Alice@Example.com',
      }),
    );
    expect(saved).toMatchObject({
      username: 'profile-alice',
      realname: 'Alice Liddell',
      phone: '+442079460958',
      email: 'alice@example.com',
    });
    expect(await profileOf(alice)).toEqual(saved);
    expect(await profileOf(bob)).toEqual(bobBefore);
  });

  it('takes a national number with its country, and clears phone and e-mail when empty', async () => {
    expect(expectOk(await save(bob, { realname: 'Bob', phone: '020 7946 0959', country: 'GB' })).phone).toBe(
      '+442079460959',
    );
    expect(expectOk(await save(bob, { realname: 'Bob', phone: '', email: '' }))).toMatchObject({
      phone: null,
      email: null,
    });
  });

  it('refuses a phone or e-mail another account has, naming the field, in the caller’s language', async () => {
    expectOk(await save(alice, { realname: 'Alice', phone: '+442079460958', email: 'alice@example.com' }));
    const phone = await save(bob, { realname: 'Bob', phone: '+44 20 7946 0958' }, ZH);
    expectFieldError(phone, 'phone', '该手机号已注册');
    const email = await save(bob, { realname: 'Bob', email: 'ALICE@example.com' });
    expectFieldError(email, 'email', 'This email address is already registered');
    // The caller's own values are no conflict.
    expectOk(await save(alice, { realname: 'Alice', phone: '+442079460958', email: 'alice@example.com' }));
  });

  it('refuses a malformed phone or e-mail and an empty name', async () => {
    expectFieldError(
      await save(bob, { realname: 'Bob', phone: '12345' }),
      'phone',
      /valid phone|phone number/i,
    );
    expectFieldError(await save(bob, { realname: 'Bob', email: 'not-an-email' }), 'email', /valid email/i);
    expectFieldError(await save(bob, { realname: '  ' }), 'realname', /required|enter/i);
  });
});

describe('POST /sys/user/avatar', () => {
  it('stores an image, points the profile at it and serves it', async () => {
    const res = await upload(alice, PNG, 'whatever.bin');
    expect(res.status).toBe(200);
    const avatar = res.body.result.avatar!;
    expect(avatar).toMatch(/^\/api\/sys\/user\/avatar\/[0-9a-f-]{36}$/);
    expect((await profileOf(alice)).avatar).toBe(avatar);
    const image = await fetch(`${s.baseUrl}${avatar}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    // The session's user info shows it too (the header's avatar).
    const again = await upload(alice, PNG);
    expect(again.body.result.avatar).not.toBe(avatar);
    expect((await fetch(`${s.baseUrl}${avatar}`)).status).toBe(404);
  });

  it('refuses what is not an image, whatever its name, and an image too large', async () => {
    const svg = await upload(
      bob,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
      'a.png',
      ZH,
    );
    expectError({ status: svg.status, body: svg.body, headers: new Headers() }, 400, 'AVATAR_TYPE_INVALID', {
      locale: ZH,
    });
    const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]);
    const tooLarge = await upload(bob, big);
    expectError(
      { status: tooLarge.status, body: tooLarge.body, headers: new Headers() },
      413,
      'AVATAR_TOO_LARGE',
      { params: { max: AVATAR_MAX_BYTES / 1024 } },
    );
    expect((await profileOf(bob)).avatar).toBeNull();
  });

  it('needs a session and a file', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'a.png');
    const anonymous = await fetch(`${s.baseUrl}/api/sys/user/avatar`, { method: 'POST', body: form });
    expect(anonymous.status).toBe(401);
    expectError(
      await s.call('POST', '/sys/user/avatar', { token: bob, body: {} }),
      400,
      'AVATAR_FILE_REQUIRED',
    );
  });
});

describe('POST /sys/user/googleAuth/unbind', () => {
  const bindFor = async (token: string) => {
    const setup = expectOk(await s.call<TotpSetup>('GET', '/sys/user/googleAuth/setup', { token }));
    const code = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) - 30 });
    expectOk(await s.call('POST', '/sys/user/googleAuth/bind', { token, body: { code } }));
    expect((await profileOf(token)).googleAuthBound).toBe(true);
    return setup.secret;
  };

  it('refuses without proof, with a wrong password, and when not bound', async () => {
    expectError(
      await s.call('POST', '/sys/user/googleAuth/unbind', { token: bob, body: { password: 'x' } }),
      409,
      'TOTP_NOT_BOUND',
    );
    await bindFor(bob);
    expectFieldError(
      await s.call('POST', '/sys/user/googleAuth/unbind', { token: bob, body: {} }),
      'password',
      'Enter your password or a code from Google Authenticator',
    );
    expectError(
      await s.call('POST', '/sys/user/googleAuth/unbind', { token: bob, body: { password: 'Wrong-pass1' } }),
      400,
      'PASSWORD_WRONG',
    );
    expect((await profileOf(bob)).googleAuthBound).toBe(true);
  });

  it('unbinds with the password', async () => {
    expectOk(
      await s.call('POST', '/sys/user/googleAuth/unbind', { token: bob, body: { password: DEMO_PASSWORD } }),
    );
    expect((await profileOf(bob)).googleAuthBound).toBe(false);
  });

  it('unbinds with a current code, not with a wrong one', async () => {
    const secret = await bindFor(alice);
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(
      await s.call('POST', '/sys/user/googleAuth/unbind', { token: alice, body: { code: wrong } }),
      400,
      'GOOGLE_CODE_INVALID',
    );
    expectOk(await s.call('POST', '/sys/user/googleAuth/unbind', { token: alice, body: { code } }));
    expect((await profileOf(alice)).googleAuthBound).toBe(false);
  });
});
