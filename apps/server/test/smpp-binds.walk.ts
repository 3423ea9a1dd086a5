/**
 * The hostile-input walk of the customer SMPP server's binds (`npm run test:hostile`): pipelined
 * guesses on one connection, guessing over new connections, system ids and passwords that are
 * over-long, cut by NUL, not ASCII or not terminated, PDUs that lie about their length, binds from
 * addresses an account does not allow, binds and submits around a freeze. Asserts the limits hold
 * (bind-guard.ts) and that the server stays up and keeps serving the accounts nobody attacked.
 */
import net from 'node:net';
import { units } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIND_GUARD } from '../src/modules/smpp-server/bind-guard';
import { startServer, type TestServer } from './harness';
import { companyId, expectOk, tokenOf } from './support/api';
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
  ESME_ROK,
  freshLoopback,
  pipeline,
} from './support/smpp-esme';
import { FakeGateways, FakeRouting } from './support/sms-fakes';

const TWO_WAY = companyId('Two-Way Logistics');
const BIND_TRANSMITTER = 0x00000002;

let s: TestServer;
let admin: string;
let port: number;
let seq = 0;
const gateways = new FakeGateways();
const routing = new FakeRouting(gateways);

const account = (body: Record<string, unknown> = {}) =>
  addSmppAccount(s, admin, { systemId: `walk${++seq}`, ...body });

/** A bind_transmitter PDU built from raw bytes: fields as given, `lengthDelta` to lie about its size. */
function rawBind(body: Buffer, lengthDelta = 0, sequence = 7): Buffer {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(16 + body.length + lengthDelta, 0);
  header.writeUInt32BE(BIND_TRANSMITTER, 4);
  header.writeUInt32BE(0, 8);
  header.writeUInt32BE(sequence, 12);
  return Buffer.concat([header, body]);
}

const cstring = (bytes: Buffer | string) => Buffer.concat([Buffer.from(bytes), Buffer.from([0])]);
/** system_id, password, system_type, interface_version, addr_ton, addr_npi, address_range. */
const bindBody = (systemId: Buffer | string, password: Buffer | string) =>
  Buffer.concat([cstring(systemId), cstring(password), cstring(''), Buffer.from([0x34, 0, 0]), cstring('')]);

/**
 * Writes raw bytes from a fresh loopback address and collects what comes back until the server
 * closes the connection or answers `expect` PDUs: the command statuses of the answers.
 */
function rawExchange(bytes: Buffer, expectAnswers: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const statuses: number[] = [];
    let buffer = Buffer.alloc(0);
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: freshLoopback() }, () =>
      socket.write(bytes),
    );
    const done = () => {
      socket.destroy();
      resolve(statuses);
    };
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 16 && buffer.length >= buffer.readUInt32BE(0)) {
        const length = buffer.readUInt32BE(0);
        if (length < 16) return done();
        statuses.push(buffer.readUInt32BE(8));
        buffer = buffer.subarray(length);
      }
      if (statuses.length >= expectAnswers) done();
    });
    socket.on('close', () => resolve(statuses));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve(statuses);
      else reject(error);
    });
  });
}

/** The server is up: HTTP answers, and an account nobody attacked binds from a fresh address. */
async function stillServing(acc: { systemId: string; password: string }) {
  expect((await s.call('GET', '/health')).status).toBe(200);
  expect(await bindOnce(port, freshLoopback(), acc.systemId, acc.password)).toBe(ESME_ROK);
}

beforeAll(async () => {
  s = await startServer(
    // A PDU that says it is longer than what comes waits for the rest: closed when not bound in time.
    { SMPP_PORT: '0', SMPP_RECEIPT_POLL_MS: '600000', SMPP_BIND_TIMEOUT_MS: '3000' },
    { services: { gateways, routing } },
  );
  admin = await tokenOf(s, 'admin');
  port = s.app.services.smppServer.port!;
  await s.app.services.ledger.credit(TWO_WAY, 'topup', units(100), 'smpp-walk-topup');
});
afterAll(async () => {
  await s?.close();
});

describe('hostile SMPP binds', () => {
  it('answers at most three pipelined guesses on a connection, then closes it', async () => {
    const acc = await account();
    const esme = await connectEsme(port, freshLoopback());
    const answers = answersUntilClosed(esme);
    pipeline(esme, [
      ...Array.from({ length: 3_000 }, (_, i) => ({
        command: 'bind_transmitter',
        fields: { system_id: acc.systemId, password: `guess-${i}` },
      })),
      { command: 'bind_transmitter', fields: { system_id: acc.systemId, password: acc.password } },
    ]);
    expect((await answers).map((p) => p.command_status)).toEqual([
      ESME_RINVPASWD,
      ESME_RINVPASWD,
      ESME_RINVPASWD,
    ]);
    await stillServing(acc);
  });

  it('locks guessing over new connections from one address; answers no more than the limit', async () => {
    const acc = await account();
    const guesser = freshLoopback();
    const statuses: (number | null)[] = [];
    for (let i = 0; i < 100; i++) statuses.push(await bindOnce(port, guesser, acc.systemId, `guess-${i}`));
    // Only the first guesses are checked at all; then every bind from there is refused unread.
    expect(statuses.filter((st) => st === ESME_RINVPASWD)).toHaveLength(BIND_GUARD.pairFailures);
    expect(statuses.slice(BIND_GUARD.pairFailures).every((st) => st === ESME_RBINDFAIL)).toBe(true);
    expect(await bindOnce(port, guesser, acc.systemId, acc.password)).toBe(ESME_RBINDFAIL);
    await stillServing(acc);
  });

  it('refuses over-long, NUL-cut, non-ASCII, empty and unterminated system ids and passwords', async () => {
    const acc = await account();
    const bodies: [string, Buffer, number?][] = [
      ['over-long system id', bindBody('s'.repeat(5_000), acc.password)],
      ['over-long password', bindBody(acc.systemId, 'p'.repeat(5_000))],
      ['NUL inside the password', bindBody(acc.systemId, Buffer.from(`${acc.password.slice(0, 4)}\0rest`))],
      ['NUL inside the system id', bindBody(Buffer.from(`${acc.systemId}\0x`), acc.password)],
      ['non-ASCII system id', bindBody(Buffer.from([0xe4, 0xbd, 0xa0, 0xff, 0x80]), acc.password)],
      ['non-ASCII password', bindBody(acc.systemId, Buffer.from([0xff, 0xfe, 0x00]))],
      ['empty system id and password', bindBody('', '')],
      ['password with the right one as a prefix', bindBody(acc.systemId, `${acc.password}x`)],
      ['no terminators at all', Buffer.from('x'.repeat(64))],
      ['body shorter than said', bindBody(acc.systemId, acc.password), 10],
      ['body longer than said', bindBody(acc.systemId, acc.password), -10],
      ['more than the largest PDU', bindBody('s'.repeat(20_000), 'x')],
    ];
    for (const [what, body, lengthDelta] of bodies) {
      const statuses = await rawExchange(rawBind(body, lengthDelta ?? 0), 1);
      expect(statuses.includes(ESME_ROK), what).toBe(false);
    }
    await stillServing(acc);
  });

  it('refuses an address-restricted account from elsewhere whatever the password', async () => {
    const acc = await account({ allowedAddresses: ['10.0.0.0/8', '192.0.2.1'] });
    for (const password of [acc.password, 'wrong-password', '']) {
      expect(await bindOnce(port, freshLoopback(), acc.systemId, password)).toBe(ESME_RBINDFAIL);
    }
  });

  it('refuses binds and submits of a frozen company, on binds opened before the freeze too', async () => {
    const acc = await account({ companyId: TWO_WAY });
    const before = await connectEsme(port, freshLoopback());
    expect((await bindEsme(before, acc.systemId, acc.password))?.command_status).toBe(ESME_ROK);
    expectOk(
      await s.call('PUT', '/sys/company/frozen', { token: admin, body: { ids: [TWO_WAY], frozen: true } }),
    );
    try {
      await before.unbound;
      for (let i = 0; i < 5; i++) {
        const answer = await ask(before, 'submit_sm', {
          destination_addr: '8613800138000',
          short_message: `f${i}`,
        });
        expect(answer?.command_status ?? ESME_RINVBNDSTS).toBe(ESME_RINVBNDSTS);
      }
      expect(await bindOnce(port, freshLoopback(), acc.systemId, acc.password)).toBe(ESME_RBINDFAIL);
    } finally {
      expectOk(
        await s.call('PUT', '/sys/company/frozen', { token: admin, body: { ids: [TWO_WAY], frozen: false } }),
      );
    }
    expect(await bindOnce(port, freshLoopback(), acc.systemId, acc.password)).toBe(ESME_ROK);
  });
});
