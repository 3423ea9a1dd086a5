/**
 * The SMPP server's binds under attack and under change (issue 21 items 2 and 3): password
 * guessing is stopped (per connection, per system id and address, per address, in the database),
 * the address is checked before the password, passwords may be long and are generated strong,
 * and a change of a company or an account reaches the binds already open, in every process.
 *
 * Each test binds from a loopback address of its own (support/smpp-esme.ts): the counts of one
 * never touch another.
 */
import {
  type AnnouncementsByUser,
  SMPP_PASSWORD_GENERATED,
  type SmppAccountRecord,
  translateError,
  units,
} from '@switchboard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCore, type Core } from '../src/app';
import { BIND_GUARD, guardKeys, lockMs } from '../src/modules/smpp-server/bind-guard';
import { type Database, openDatabase } from '../src/platform/db';
import { companies, smsMessages } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { addCompany, companyId, expectOk, tokenOf } from './support/api';
import {
  addSmppAccount,
  answersUntilClosed,
  ask,
  bindEsme,
  bindOnce,
  connectEsme,
  ESME_RBINDFAIL,
  ESME_RINVBNDSTS,
  ESME_RINVPASWD,
  ESME_RINVSYSID,
  ESME_ROK,
  freshLoopback,
  pipeline,
} from './support/smpp-esme';
import { FakeGateways, FakeRouting } from './support/sms-fakes';

const DIRECT = companyId('Direct Retail Ltd');
/** A demo company with prices that no other test here uses: frozen (and thawed) by the tests that send. */
const TWO_WAY = companyId('Two-Way Logistics');
const CN = '8613800138000';

let s: TestServer;
let admin: string;
let port: number;
let seq = 0;
const gateways = new FakeGateways();
const routing = new FakeRouting(gateways);

const account = (body: Record<string, unknown> = {}) =>
  addSmppAccount(s, admin, {
    systemId: `bg${++seq}${Math.random().toString(36).slice(2, 6)}`,
    password: `pw${seq}-long-secret`,
    ...body,
  });

/** A company of the test's own (approved, no prices: it binds but does not send), to freeze. */
const ownCompany = () => addCompany(s, admin, `SMPP binds ${Math.random().toString(36).slice(2, 8)}`);

const freeze = async (id: string, frozen: boolean) =>
  expectOk(await s.call('PUT', '/sys/company/frozen', { token: admin, body: { ids: [id], frozen } }));

const submit = (esme: Awaited<ReturnType<typeof connectEsme>>, text: string) =>
  ask(esme, 'submit_sm', { destination_addr: CN, short_message: text });

async function messagesOf(company: string) {
  return s.app.database.db.select().from(smsMessages).where(eq(smsMessages.companyId, company));
}

/** Rejects after `ms`: a wait that the fix makes end, so that without it the test fails, not hangs. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
    }),
  ]);
}

beforeAll(async () => {
  s = await startServer(
    { SMPP_PORT: '0', SMPP_RECEIPT_POLL_MS: '600000', SMS_POLL_MS: '20', SMS_SWEEP_MS: '100' },
    { services: { gateways, routing } },
  );
  admin = await tokenOf(s, 'admin');
  port = s.app.services.smppServer.port!;
  for (const company of [DIRECT, TWO_WAY]) {
    await s.app.services.ledger.credit(company, 'topup', units(100), `smpp-binds-topup-${company}`);
  }
});
afterAll(async () => {
  await s?.close();
});

describe('bind guard rules (unit)', () => {
  it('locks for longer each time, up to an hour; unknown system ids are not counted each', () => {
    expect(lockMs(0)).toBe(BIND_GUARD.firstLockMs);
    expect(lockMs(1)).toBe(2 * BIND_GUARD.firstLockMs);
    expect(lockMs(3)).toBe(8 * BIND_GUARD.firstLockMs);
    expect(lockMs(50)).toBe(BIND_GUARD.maxLockMs);
    expect(guardKeys('acme', '10.0.0.1', true).map((k) => k.scope)).toEqual(['pair', 'address', 'system']);
    expect(guardKeys('nobody', '10.0.0.1', false).map((k) => k.scope)).toEqual(['pair', 'address']);
    expect(guardKeys('x'.repeat(5_000), '10.0.0.1', false)[0]!.key.length).toBeLessThanOrEqual(128);
  });
});

describe('password guessing', () => {
  it('answers nothing pipelined behind the refusal that closes a connection', async () => {
    const acc = await account();
    const esme = await connectEsme(port, freshLoopback());
    const answers = answersUntilClosed(esme);
    // 50 guesses and then the right password, in one write.
    pipeline(esme, [
      ...Array.from({ length: 50 }, (_, i) => ({
        command: 'bind_transmitter',
        fields: { system_id: acc.systemId, password: `guess${i}` },
      })),
      { command: 'bind_transmitter', fields: { system_id: acc.systemId, password: acc.password } },
    ]);
    const got = await within(answers, 60_000, 'the connection closed');
    expect(got.map((p) => p.command_status)).toEqual([ESME_RINVPASWD, ESME_RINVPASWD, ESME_RINVPASWD]);
  });

  it('locks a system id from one address after five failures (other addresses still bind), and tells staff and the company once', async () => {
    const acc = await account();
    const guesser = freshLoopback();
    for (let i = 0; i < BIND_GUARD.pairFailures; i++) {
      expect(await bindOnce(port, guesser, acc.systemId, `wrong-${i}`)).toBe(ESME_RINVPASWD);
    }
    // Locked: even the right password is refused from there, without saying whether it is right.
    expect(await bindOnce(port, guesser, acc.systemId, acc.password)).toBe(ESME_RBINDFAIL);
    expect(await bindOnce(port, guesser, acc.systemId, 'wrong-again')).toBe(ESME_RBINDFAIL);
    // The customer's own system elsewhere is not locked out by a stranger.
    expect(await bindOnce(port, freshLoopback(), acc.systemId, acc.password)).toBe(ESME_ROK);

    // Urgent (pops up), in each reader's language.
    for (const username of ['admin', 'customer']) {
      const token = username === 'admin' ? admin : await tokenOf(s, username);
      for (const locale of ['en-US', 'zh-CN'] as const) {
        const unread = expectOk(
          await s.call<AnnouncementsByUser>('GET', '/sys/annountCement/listByUser', { token, locale }),
        );
        const notices = unread.sysMsgList.filter(
          (n) =>
            n.title === translateError('SMPP_BINDS_LOCKED_NOTICE_TITLE', locale) &&
            n.msgContent.includes(acc.systemId),
        );
        expect(notices, username).toHaveLength(1);
        expect(notices[0]).toMatchObject({ priority: 'H', openType: '1' });
        expect(notices[0]!.msgContent).toContain(guesser);
        if (locale === 'zh-CN') expect(notices[0]!.msgContent).toContain('SMPP账号');
        else expect(notices[0]!.msgContent).not.toContain('SMPP账号');
      }
    }
  });

  it('locks for longer after each lock (back-off), counted in the database', async () => {
    const repo = s.app.services.smppServer.repo;
    const keys = guardKeys(`backoff${++seq}`, freshLoopback(), true);
    const t0 = Date.parse('2030-01-01T00:00:00Z');
    const attempt = (ms: number) => repo.countBindAttempt(keys, new Date(t0 + ms));
    for (let i = 0; i < BIND_GUARD.pairFailures; i++)
      expect(await attempt(i)).toEqual({ locked: [], took: [] });
    const first = await attempt(10);
    expect(first.took.map((l) => [l.scope, l.lockedUntil.getTime() - t0])).toEqual([
      ['pair', 10 + BIND_GUARD.firstLockMs],
    ]);
    // Locked: refused, and not counted.
    expect((await attempt(BIND_GUARD.firstLockMs)).locked.map((l) => l.scope)).toEqual(['pair']);
    const later = BIND_GUARD.firstLockMs + 20;
    for (let i = 0; i < BIND_GUARD.pairFailures; i++) expect((await attempt(later + i)).locked).toEqual([]);
    const second = await attempt(later + 10);
    expect(second.took.map((l) => l.lockedUntil.getTime() - t0)).toEqual([
      later + 10 + 2 * BIND_GUARD.firstLockMs,
    ]);
  });

  it('of many attempts at once, only as many as the limit are let through to the password', async () => {
    const repo = s.app.services.smppServer.repo;
    const keys = guardKeys(`burst${++seq}`, freshLoopback(), true);
    const now = new Date();
    // Fewer than an address may try: only the pair's limit is in play.
    const attempts = BIND_GUARD.addressFailures - 5;
    const results = await Promise.all(
      Array.from({ length: attempts }, () => repo.countBindAttempt(keys, now)),
    );
    expect(results.filter((r) => r.locked.length === 0)).toHaveLength(BIND_GUARD.pairFailures);
    expect(results.flatMap((r) => r.took).map((l) => l.scope)).toEqual(['pair']);
  });

  it('gives a right password its attempt back: a customer binding often never locks itself out', async () => {
    const acc = await account();
    const home = freshLoopback();
    for (let i = 0; i < BIND_GUARD.addressFailures + 5; i++) {
      expect(await bindOnce(port, home, acc.systemId, acc.password)).toBe(ESME_ROK);
    }
  });

  it('locks an address guessing many system ids; the same accounts still bind from elsewhere', async () => {
    const acc = await account();
    const sprayer = freshLoopback();
    for (let i = 0; i < BIND_GUARD.addressFailures; i++) {
      expect(await bindOnce(port, sprayer, `made-up-${seq}-${i}`, 'whatever')).toBe(ESME_RINVSYSID);
    }
    expect(await bindOnce(port, sprayer, acc.systemId, acc.password)).toBe(ESME_RBINDFAIL);
    expect(await bindOnce(port, freshLoopback(), acc.systemId, acc.password)).toBe(ESME_ROK);
  });

  it('checks the address before the password: an address-restricted account confirms nothing to others', async () => {
    const acc = await account({ allowedAddresses: ['10.0.0.0/8'] });
    const stranger = freshLoopback();
    expect(await bindOnce(port, stranger, acc.systemId, 'wrong-password')).toBe(ESME_RBINDFAIL);
    expect(await bindOnce(port, stranger, acc.systemId, acc.password)).toBe(ESME_RBINDFAIL);
  });
});

describe('passwords', () => {
  it('generates a strong password when none is given, answered once; longer ones bind', async () => {
    const generated = await account({ password: undefined });
    expect(generated.password).toMatch(new RegExp(`^[A-Za-z0-9]{${SMPP_PASSWORD_GENERATED}}$`));
    const again = expectOk(
      await s.call<SmppAccountRecord>('GET', '/sys/smppAccount/queryById', {
        token: admin,
        query: { id: generated.id },
      }),
    );
    expect(again).not.toHaveProperty('password');
    expect(await bindOnce(port, freshLoopback(), generated.systemId, generated.password)).toBe(ESME_ROK);

    const long = await account({ password: 'a-32-character-password-for-you!' });
    expect(await bindOnce(port, freshLoopback(), long.systemId, long.password)).toBe(ESME_ROK);
    // Its first eight characters (what a strict SMPP 3.4 peer would cut it to) are not it.
    expect(await bindOnce(port, freshLoopback(), long.systemId, long.password.slice(0, 8))).toBe(
      ESME_RINVPASWD,
    );
  });

  it('refuses passwords shorter than 8 or longer than 32 characters', async () => {
    for (const password of ['short', 'x'.repeat(33)]) {
      const res = await s.call('POST', '/sys/smppAccount/add', {
        token: admin,
        body: { systemId: `pwlen${++seq}`, password, companyId: DIRECT },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toEqual(['password']);
    }
  });
});

describe('changes reach the binds already open', () => {
  it('a frozen company sends nothing more on its open binds: unbound at once, its submits refused', async () => {
    const company = TWO_WAY;
    const acc = await account({ companyId: company });
    const esme = await connectEsme(port, freshLoopback());
    expect((await bindEsme(esme, acc.systemId, acc.password))?.command_status).toBe(ESME_ROK);
    expect((await submit(esme, 'before the freeze'))?.command_status).toBe(ESME_ROK);
    await freeze(company, true);
    // The freeze reaches the open bind by itself (no submit needed to notice it).
    await within(esme.unbound, 30_000, 'the unbind');
    for (let i = 0; i < 3; i++) {
      expect((await submit(esme, `after the freeze ${i}`))?.command_status ?? ESME_RINVBNDSTS).toBe(
        ESME_RINVBNDSTS,
      );
    }
    const texts = (await messagesOf(company)).map((m) => m.text);
    expect(texts).toContain('before the freeze');
    expect(texts.filter((t) => t.startsWith('after the freeze'))).toEqual([]);
    // A new bind is refused too; thawed, it binds again.
    expect(await bindOnce(port, freshLoopback(), acc.systemId, acc.password)).toBe(ESME_RBINDFAIL);
    await freeze(company, false);
    expect(await bindOnce(port, freshLoopback(), acc.systemId, acc.password)).toBe(ESME_ROK);
  });

  it('a new password, or addresses that leave the bind out, unbind it; a new TPS limit does not', async () => {
    const acc = await account();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => connectEsme(port, freshLoopback())));
    for (const esme of [a!, b!, c!]) {
      expect((await bindEsme(esme, acc.systemId, acc.password))?.command_status).toBe(ESME_ROK);
    }
    expectOk(
      await s.call('PUT', '/sys/smppAccount/edit', { token: admin, body: { id: acc.id, tpsLimit: 50 } }),
    );
    expectOk(
      await s.call('PUT', '/sys/smppAccount/edit', {
        token: admin,
        body: { id: acc.id, password: 'a-new-password' },
      }),
    );
    await within(
      Promise.all([a!.unbound, b!.unbound, c!.unbound]),
      30_000,
      'the unbinds after a new password',
    );

    const other = await account();
    const here = await connectEsme(port, freshLoopback());
    expect((await bindEsme(here, other.systemId, other.password))?.command_status).toBe(ESME_ROK);
    expectOk(
      await s.call('PUT', '/sys/smppAccount/edit', {
        token: admin,
        body: { id: other.id, allowedAddresses: ['10.0.0.0/8'] },
      }),
    );
    expect((await submit(here, 'not from here any more'))?.command_status ?? ESME_RINVBNDSTS).toBe(
      ESME_RINVBNDSTS,
    );
    await within(here.unbound, 30_000, 'the unbind after new addresses');

    const kept = await account();
    const stays = await connectEsme(port, freshLoopback());
    expect((await bindEsme(stays, kept.systemId, kept.password))?.command_status).toBe(ESME_ROK);
    expectOk(
      await s.call('PUT', '/sys/smppAccount/edit', { token: admin, body: { id: kept.id, tpsLimit: 9 } }),
    );
    expect((await submit(stays, 'still here'))?.command_status).toBe(ESME_ROK);
    expect(stays.unbinds).toBe(0);
  });

  it('a change whose message is lost still reaches each submit within seconds (a cached check)', async () => {
    const company = TWO_WAY;
    const acc = await account({ companyId: company });
    const esme = await connectEsme(port, freshLoopback());
    expect((await bindEsme(esme, acc.systemId, acc.password))?.command_status).toBe(ESME_ROK);
    expect((await submit(esme, 'before'))?.command_status).toBe(ESME_ROK);
    // Frozen behind the platform's back: no bus message, only the caches' time to live.
    await s.app.database.db.update(companies).set({ frozen: true }).where(eq(companies.id, company));
    let refused = false;
    const until = Date.now() + 60_000;
    while (!refused && Date.now() < until) {
      const status = (await submit(esme, 'while frozen'))?.command_status ?? ESME_RINVBNDSTS;
      refused = status === ESME_RINVBNDSTS;
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Thawed through the platform (its message clears every cache).
    await freeze(company, false);
    expect(refused).toBe(true);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('in every process (two processes, one PostgreSQL)', () => {
  let second: Core | undefined;
  let secondDatabase: Database | undefined;
  let secondPort: number;

  beforeAll(async () => {
    secondDatabase = await openDatabase({ databaseUrl: s.databaseUrl, dataDir: 'memory://' });
    second = await buildCore({
      config: s.app.platform.config,
      database: secondDatabase,
      logger: false,
      eventsChannel: s.eventsChannel,
    });
    await second.startWorkers({ role: 'api' });
    secondPort = second.services.smppServer.port!;
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
  });

  it('a freeze, a disable or a new password made through one process unbinds the binds of another', async () => {
    const company = await ownCompany();
    const frozen = await account({ companyId: company });
    const disabled = await account();
    const changed = await account();
    const binds = await Promise.all(
      [frozen, disabled, changed].map(async (acc) => {
        const esme = await connectEsme(secondPort, freshLoopback());
        expect((await bindEsme(esme, acc.systemId, acc.password))?.command_status).toBe(ESME_ROK);
        return esme;
      }),
    );
    await freeze(company, true);
    expectOk(
      await s.call('PUT', '/sys/smppAccount/edit', {
        token: admin,
        body: { id: disabled.id, enabled: false },
      }),
    );
    expectOk(
      await s.call('PUT', '/sys/smppAccount/edit', {
        token: admin,
        body: { id: changed.id, password: 'changed-elsewhere' },
      }),
    );
    await within(Promise.all(binds.map((b) => b.unbound)), 30_000, 'the unbinds in the other process');
  });
});
