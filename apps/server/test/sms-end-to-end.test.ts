/// <reference path="../../../packages/smpp/src/smpp.d.ts" />
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_PREFIX,
  type ApiKeyIssued,
  type Envelope,
  type Gateway,
  type Page,
  type Route,
  SMS_KIND_PATHS,
  SMS_KINDS,
  type SmppAccountRecord,
  type SmsApiMessage,
  type SmsApiSendResult,
  type SmsKind,
  type SmsMessageRow,
  type SmsSendResult,
  smsSegments,
  units,
} from '@switchboard/contracts';
import { type OutcomeRule, type Smsc, startSmsc } from '@switchboard/smsc-sim';
import { and, eq, inArray } from 'drizzle-orm';
import smpp, { type Pdu, type Session } from 'smpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, smppMessages, smsMessages } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { companyId, eventually, expectOk, tokenOf } from './support/api';

/**
 * The SMS engine end to end, nothing faked: two SMSC simulators on ports of their own, gateways
 * and routes made over HTTP, the real gateway manager binding them in this server's workers, and
 * each kind sent through the console, the customer HTTP API and the customer SMPP server. Every
 * message reaches the final state the simulator's rules give its number, its receipt comes back on
 * its path, the simulator sees it once, and the ledger charged it once per part.
 */

const DIRECT = companyId('Direct Retail Ltd');
/** Numbers by the simulators' rules: ending 0000 undeliverable, 0002 expired, others delivered. */
const RULES: OutcomeRule[] = [
  { match: '*0000', outcome: 'undeliverable' },
  { match: '*0002', outcome: 'expired' },
];
const NUMBERS = [
  { to: '8613800131234', status: 'delivered', stat: 'DELIVRD', state: 2 },
  { to: '8613800130000', status: 'undeliverable', stat: 'UNDELIV', state: 5 },
  { to: '8613800130002', status: 'expired', stat: 'EXPIRED', state: 3 },
] as const;
const GB = '447812345678';
const FINAL = 'delivered|undeliverable|expired';
/** Long UCS-2: 150 Chinese characters, three parts of 67. */
const LONG_UCS2 = '您好，这是一条很长的中文短信。'.repeat(10);

const PATHS = ['console', 'api', 'smpp'] as const;
type Path = (typeof PATHS)[number];

let s: TestServer;
let smscA: Smsc;
let smscP: Smsc;
let admin: string;
let customer: string;
let key: { apiKey: string; apiSecret: string };
let signingSecret: string;
let receiver: http.Server;
const posts: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const sessions: Session[] = [];
/** deliver_sm receipts by our message id (receipted_message_id). */
const smppReceipts = new Map<string, Pdu[]>();
const smppSessions = new Map<SmsKind, Session>();
const gatewayIds = { general: '', premium: '' };

interface Sent {
  path: Path;
  kind: SmsKind;
  id: string;
  to: string;
  text: string;
  status: string;
  stat: string;
  state: number;
  parts: number;
  /** SMPP: the id the server answered (and receipts name), when it is not the message's. */
  smppId?: string;
}
const sent: Sent[] = [];

const textOf = (path: Path, kind: SmsKind, to: string) => `E2E ${path} ${kind} to ${to.slice(-4)}: code 4711`;

/** A call to the customer API (`/api/openapi/v1…`) with HTTP Basic. */
async function api<T>(method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${key.apiKey}:${key.apiSecret}`).toString('base64')}`,
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${s.baseUrl}${API_PREFIX}/openapi/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
}

async function connectSmpp(): Promise<Session> {
  const session = await new Promise<Session>((resolve, reject) => {
    const client = smpp.connect({ host: '127.0.0.1', port: s.app.services.smppServer.port! }, () =>
      resolve(client),
    );
    client.on('error', reject);
  });
  session.socket.setNoDelay(true);
  session.on('error', () => undefined);
  session.on('deliver_sm', (pdu: Pdu) => {
    const id = String(pdu.receipted_message_id ?? '');
    smppReceipts.set(id, [...(smppReceipts.get(id) ?? []), pdu]);
    session.send(pdu.response());
  });
  sessions.push(session);
  return session;
}

function request(session: Session, command: string, options: Record<string, unknown> = {}): Promise<Pdu> {
  return new Promise((resolve) => {
    session.send(new smpp.PDU(command, options), resolve);
  });
}

const addGateway = async (name: string, smsc: Smsc, systemId: string) =>
  expectOk(
    await s.call<Gateway>('POST', '/sms/gateway/add', {
      token: admin,
      body: {
        name,
        host: '127.0.0.1',
        port: smsc.port,
        systemId,
        password: 'pw123',
        binds: 2,
        windowSize: 20,
        reconnectSeconds: 1,
        reconnectMaxSeconds: 2,
      },
    }),
  ).id;

/** The ledger entries of DIRECT keyed by these message ids (charges and any refunds). */
/** DIRECT's ledger entries for these batches (their charges) and messages (refunds). */
async function ledgerOf(batchIds: string[], messageIds: string[]) {
  const keys = [...batchIds.map((id) => `sms-batch:${id}`), ...messageIds.map((id) => `${id}:refund`)];
  return s.app.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.companyId, DIRECT), inArray(ledgerEntries.idempotencyKey, keys)));
}

beforeAll(async () => {
  const sim = (systemId: string, idStart: number) =>
    startSmsc({
      accounts: [{ systemId, password: 'pw123' }],
      receiptDelayMs: 50,
      rules: RULES,
      idStart,
    });
  [smscA, smscP] = await Promise.all([sim('e2eGen', 1_000_000), sim('e2ePrem', 9_000_000)]);
  s = await startServer({
    // No demo simulators: the test's own are the only upstream SMSCs.
    SMSC_SIM: '0',
    SMPP_PORT: '0',
    SMPP_RECEIPT_POLL_MS: '50',
    CALLBACK_ALLOW_PRIVATE: '1',
    SMS_POLL_MS: '20',
    SMS_SWEEP_MS: '100',
    SMS_CALLBACK_RETRY_MS: '50',
  });
  admin = await tokenOf(s, 'admin');
  customer = await tokenOf(s, 'customer');
  // Only this test's gateways bind: the seeded (demo) ones are switched off before workers start.
  for (const row of await s.app.services.gateways.allRows()) {
    if (row.enabled) await s.app.services.gateways.setEnabled(row.id, false);
  }
  gatewayIds.general = await addGateway(`e2e-general-${Date.now()}`, smscA, 'e2eGen');
  gatewayIds.premium = await addGateway(`e2e-premium-${Date.now()}`, smscP, 'e2ePrem');
  // Every kind of the company over the general gateway; premium OTP only over the premium one
  // (a route of all kinds never carries premium OTP).
  for (const [name, smsKind, countryCode, gatewayId] of [
    ['e2e all kinds everywhere', null, null, gatewayIds.general],
    ['e2e premium OTP to China', 'premium_otp', 'CN', gatewayIds.premium],
  ] as const) {
    expectOk(
      await s.call<Route>('POST', '/sms/route/add', {
        token: admin,
        body: { name, companyId: DIRECT, smsKind, countryCode, sortOrder: 0, gateways: [{ gatewayId }] },
      }),
    );
  }
  // Every module's workers (the gateway manager's binds and the sms loops; no jobs), started here
  // rather than through the harness option: only once the demo gateways are off.
  await s.app.startWorkers({ jobs: false });
  await eventually(
    async () => expect(s.app.services.gateways.ready().sort()).toEqual(Object.values(gatewayIds).sort()),
    30_000,
  );
  await s.app.services.ledger.credit(DIRECT, 'topup', units(100), `sms-e2e-topup-${Date.now()}`);

  // The HTTP API: a key, and a callback URL to a receiver of our own.
  key = expectOk(
    await s.call<ApiKeyIssued>('POST', '/sys/apiSecret/generate', {
      token: admin,
      body: { companyId: DIRECT },
    }),
  );
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      posts.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/dlr`;
  expectOk(await s.call('PUT', '/sys/configCallback/edit', { token: customer, body: { url } }));
  signingSecret = expectOk(
    await s.call<{ signingSecret: string }>('POST', '/sys/configCallback/revealSecret', {
      token: customer,
      body: {},
    }),
  ).signingSecret;

  // SMPP: an account per kind (the account fixes the kind), each bound as a transceiver.
  for (const kind of SMS_KINDS) {
    const systemId = `e2e${kind.slice(0, 4)}${Math.random().toString(36).slice(2, 6)}`;
    expectOk(
      await s.call<SmppAccountRecord>('POST', '/sys/smppAccount/add', {
        token: admin,
        body: { systemId, password: 'pw123x-secret', companyId: DIRECT, kind, tpsLimit: 1000, maxBinds: 2 },
      }),
    );
    const session = await connectSmpp();
    const bound = await request(session, 'bind_transceiver', {
      system_id: systemId,
      password: 'pw123x-secret',
    });
    expect(bound.command_status).toBe(0);
    smppSessions.set(kind, session);
  }
}, 600_000);

afterAll(async () => {
  for (const session of sessions) session.socket.destroy();
  await s?.close();
  await smscA?.stop();
  await smscP?.stop();
  if (receiver) await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function sendConsole(kind: SmsKind, numbers: string[], text: (to: string) => string) {
  // One text per batch in the console: a batch per number keeps every text unique.
  for (const number of numbers) {
    const result = expectOk(
      await s.call<SmsSendResult>('POST', `/sms/${SMS_KIND_PATHS[kind]}/send`, {
        token: customer,
        body: { recipients: [{ number }], text: text(number) },
      }),
    );
    expect(result.accepted).toBe(1);
    expect(result.problems).toEqual([]);
    const page = expectOk(
      await s.call<Page<SmsMessageRow>>('GET', `/sms/${SMS_KIND_PATHS[kind]}/list`, {
        token: customer,
        query: { batchId: result.batchId },
      }),
    );
    expect(page.records).toHaveLength(1);
    const row = page.records[0]!;
    push('console', kind, row.id, number, text(number), row.parts);
  }
}

async function sendApi(kind: SmsKind, numbers: string[], text: (to: string) => string) {
  const apiKind = kind === 'premium_otp' ? 'otp_premium' : kind;
  for (const number of numbers) {
    const result = expectOk(
      await api<SmsApiSendResult>('POST', '/sms', {
        kind: apiKind,
        to: number,
        text: text(number),
        clientRef: `ref-${kind}-${number}`,
      }),
    );
    const [m] = result.messages;
    expect(m).toMatchObject({ to: number, status: 'accepted', errorCode: null });
    push('api', kind, m!.id!, number, text(number), m!.parts);
  }
}

async function sendSmpp(kind: SmsKind, numbers: string[], text: (to: string) => string) {
  const session = smppSessions.get(kind)!;
  for (const number of numbers) {
    const resp = await request(session, 'submit_sm', {
      source_addr: '',
      destination_addr: number,
      registered_delivery: 1,
      data_coding: 0,
      short_message: text(number),
    });
    expect(resp.command_status).toBe(0);
    push('smpp', kind, String(resp.message_id), number, text(number), 1);
  }
}

function push(
  path: Path,
  kind: SmsKind,
  id: string,
  to: string,
  text: string,
  parts: number,
  smppId?: string,
) {
  const rule = NUMBERS.find((n) => n.to === to) ?? NUMBERS[0];
  sent.push({
    path,
    kind,
    id,
    to,
    text,
    status: rule.status,
    stat: rule.stat,
    state: rule.state,
    parts,
    smppId,
  });
}

/** A long UCS-2 text over SMPP as the customer's client sends it: parts with a UDH, one id answered. */
async function sendSmppLong(kind: SmsKind, to: string, text: string) {
  const session = smppSessions.get(kind)!;
  const chunks = smsSegments(text).parts;
  const answered: string[] = [];
  for (const [i, chunk] of chunks.entries()) {
    const resp = await request(session, 'submit_sm', {
      destination_addr: to,
      esm_class: 0x40,
      data_coding: 8,
      registered_delivery: 1,
      short_message: { udh: Buffer.from([0x05, 0x00, 0x03, 0x5e, chunks.length, i + 1]), message: chunk },
    });
    expect(resp.command_status).toBe(0);
    answered.push(String(resp.message_id));
  }
  expect(new Set(answered).size).toBe(1);
  const smppId = answered[0]!;
  const row = await eventually(async () => {
    const [found] = await s.app.database.db
      .select()
      .from(smppMessages)
      .where(eq(smppMessages.smppId, smppId));
    expect(found).toBeDefined();
    return found!;
  });
  push('smpp', kind, row.messageId, to, text, chunks.length, smppId);
}

async function rowsOf(ids: string[]) {
  return s.app.database.db.select().from(smsMessages).where(inArray(smsMessages.id, ids));
}

describe('every kind over the console, the HTTP API and SMPP, through real gateways and simulators', () => {
  it('reaches the simulator once, ends in the final state its rules give, with the receipt on every path, charged once per part', async () => {
    const numbers = NUMBERS.map((n) => n.to);
    for (const kind of SMS_KINDS) {
      await sendConsole(kind, numbers, (to) => textOf('console', kind, to));
      await sendApi(kind, numbers, (to) => textOf('api', kind, to));
      await sendSmpp(kind, numbers, (to) => textOf('smpp', kind, to));
    }
    // A long UCS-2 text: three parts, charged per part (console and API; SMPP sends parts itself).
    const parts = smsSegments(`${LONG_UCS2}控制台${NUMBERS[0].to}`).parts.length;
    expect(parts).toBe(3);
    await sendConsole('notification', [NUMBERS[0].to], (to) => `${LONG_UCS2}控制台${to}`);
    await sendApi('otp', [NUMBERS[0].to], (to) => `${LONG_UCS2}接口${to}`);
    await sendSmppLong('marketing', NUMBERS[0].to, `${LONG_UCS2}协议${NUMBERS[0].to}`);
    expect(sent.filter((m) => m.text.startsWith(LONG_UCS2)).map((m) => m.parts)).toEqual([
      parts,
      parts,
      parts,
    ]);
    // Premium OTP where only a route of all kinds goes: no route, nothing charged or sent.
    const before = (await s.app.services.ledger.balanceOf(DIRECT)).balance;
    const unroutable = expectOk(
      await s.call<SmsSendResult>('POST', `/sms/${SMS_KIND_PATHS.premium_otp}/send`, {
        token: customer,
        body: { recipients: [{ number: GB }], text: 'E2E premium to GB' },
      }),
    );
    expect(unroutable.accepted).toBe(0);
    expect(unroutable.problems).toEqual([{ index: 0, number: GB, reason: 'NO_ROUTE' }]);
    expect((await s.app.services.ledger.balanceOf(DIRECT)).balance).toBe(before);
    // …while any other kind to GB takes the route of all kinds.
    await sendApi('otp', [GB], (to) => textOf('api', 'otp', to));

    const ids = sent.map((m) => m.id);
    expect(new Set(ids).size).toBe(sent.length);

    // Every message final, as the simulator's rules say.
    const rows = await eventually(async () => {
      const found = await rowsOf(ids);
      const pending = found.filter((r) => !new RegExp(`^(${FINAL})$`).test(r.status));
      expect(pending.map((r) => [r.toNumber, r.status])).toEqual([]);
      expect(found).toHaveLength(sent.length);
      return found;
    }, 120_000);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const m of sent) {
      const row = byId.get(m.id)!;
      expect({ id: m.id, path: m.path, kind: row.kind, status: row.status, parts: row.parts }).toEqual({
        id: m.id,
        path: m.path,
        kind: m.kind,
        status: m.status,
        parts: m.parts,
      });
      expect(row.source).toBe(m.path);
      // Premium OTP only over the premium gateway; everything else over the general one.
      expect(row.gatewayId).toBe(m.kind === 'premium_otp' ? gatewayIds.premium : gatewayIds.general);
    }

    // The simulators saw each message exactly once, whole, on the right gateway.
    for (const m of sent) {
      const smsc = m.kind === 'premium_otp' ? smscP : smscA;
      const other = m.kind === 'premium_otp' ? smscA : smscP;
      const seen = smsc.messages.filter((x) => x.destination === m.to && x.text === m.text);
      expect(seen, `${m.path} ${m.kind} ${m.to}`).toHaveLength(1);
      expect(seen[0]!.complete).toBe(true);
      expect(seen[0]!.parts).toHaveLength(m.parts);
      expect(seen[0]!.dataCoding).toBe(m.text.startsWith(LONG_UCS2) ? 8 : 0);
      expect(other.messages.filter((x) => x.text === m.text)).toHaveLength(0);
    }
    // Every part's receipt was answered with success by our gateway client (none left pending).
    await eventually(async () => {
      for (const smsc of [smscA, smscP]) {
        expect(smsc.receipts.filter((r) => r.responseStatus !== 0)).toEqual([]);
        expect(smsc.pendingReceipts).toBe(0);
      }
    });
    const total = sent.reduce((sum, m) => sum + m.parts, 0);
    expect(smscA.parts.length + smscP.parts.length).toBe(total);

    // Console: the records show the final state.
    for (const kind of SMS_KINDS) {
      const page = expectOk(
        await s.call<Page<SmsMessageRow>>('GET', `/sms/${SMS_KIND_PATHS[kind]}/list`, {
          token: customer,
          query: { pageSize: '100' },
        }),
      );
      for (const m of sent.filter((x) => x.path === 'console' && x.kind === kind)) {
        const record = page.records.find((r) => r.id === m.id);
        expect(record).toMatchObject({ status: m.status, to: m.to, parts: m.parts });
        expect(record!.doneAt).not.toBeNull();
      }
    }

    // HTTP API: a signed callback each, and GET /sms/{id} answers the final state.
    const apiSent = sent.filter((m) => m.path === 'api');
    const callbacks = await eventually(async () => {
      const mine = posts.filter((p) => apiSent.some((m) => p.body.includes(m.id)));
      expect(mine).toHaveLength(apiSent.length);
      return mine;
    }, 60_000);
    for (const m of apiSent) {
      const post = callbacks.find((p) => p.body.includes(m.id))!;
      expect(JSON.parse(post.body)).toEqual({
        id: m.id,
        clientRef: `ref-${m.kind}-${m.to}`,
        to: m.to,
        status: m.status,
        errorCode: m.status === 'delivered' ? null : expect.any(String),
        doneAt: expect.any(String),
      });
      const timestamp = String(post.headers['x-switchboard-timestamp']);
      const signature = createHmac('sha256', signingSecret).update(`${timestamp}.${post.body}`).digest('hex');
      expect(post.headers['x-switchboard-signature']).toBe(`v1=${signature}`);
      const message = expectOk(await api<SmsApiMessage>('GET', `/sms/${m.id}`));
      expect(message).toMatchObject({ id: m.id, status: m.status, parts: m.parts });
      expect(message.doneAt).not.toBeNull();
    }

    // SMPP: one deliver_sm receipt each on the customer's bind.
    for (const m of sent.filter((x) => x.path === 'smpp')) {
      const receipts = await eventually(async () => {
        const found = smppReceipts.get(m.smppId ?? m.id) ?? [];
        expect(found.length, `${m.kind} ${m.to}`).toBeGreaterThanOrEqual(1);
        return found;
      }, 60_000);
      expect(receipts).toHaveLength(1);
      const receipt = receipts[0]!;
      expect(receipt.esm_class).toBe(0x04);
      expect(receipt.message_state).toBe(m.state);
      expect(receipt.source_addr).toBe(m.to);
      expect((receipt.short_message as { message: string }).message).toMatch(
        new RegExp(`^id:${m.smppId ?? m.id} sub:001 dlvrd:00[01] .* stat:${m.stat} `),
      );
    }

    // Each SMPP receipt was answered, written once.
    const smppSent = sent.filter((x) => x.path === 'smpp');
    const records = await eventually(async () => {
      const found = await s.app.database.db
        .select()
        .from(smppMessages)
        .where(
          inArray(
            smppMessages.messageId,
            smppSent.map((m) => m.id),
          ),
        );
      expect(found.filter((r) => r.receiptState !== 'acked')).toEqual([]);
      expect(found).toHaveLength(smppSent.length);
      return found;
    });
    expect(records.map((r) => r.attempts)).toEqual(smppSent.map(() => 1));
    for (const m of smppSent) expect(smppReceipts.get(m.smppId ?? m.id)).toHaveLength(1);

    // The ledger: each message priced at its rate times its parts, one charge per batch of its
    // messages' prices; no refunds; reconciled.
    const batchPrices = new Map<string, bigint>();
    for (const m of sent) {
      const row = byId.get(m.id)!;
      const rate = (await s.app.services.rates.pricing.resolve(DIRECT, m.kind, m.to)).rate.price;
      expect(row.price).toBe(rate * BigInt(m.parts));
      batchPrices.set(row.batchId!, (batchPrices.get(row.batchId!) ?? 0n) + row.price);
    }
    const entries = await ledgerOf([...batchPrices.keys()], ids);
    expect(new Map(entries.map((e) => [e.idempotencyKey, [e.kind, -e.amount]]))).toEqual(
      new Map([...batchPrices].map(([id, price]) => [`sms-batch:${id}`, ['charge', price]])),
    );
    const report = await s.app.services.ledger.reconcile();
    expect(report.differences).toEqual([]);
  });
});
