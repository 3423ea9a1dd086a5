/// <reference path="../../../packages/smpp/src/smpp.d.ts" />
import { type Page, type SmppAccountRecord, units, XLSX_MIME } from '@switchboard/contracts';
import { eq, inArray } from 'drizzle-orm';
import smpp, { type Pdu, type Session } from 'smpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerReceiptText, receiptErr, wantsReceipt } from '../src/modules/smpp-server/receipt';
import { SmppServer, type SmppServerLimits } from '../src/modules/smpp-server/server';
import { companies, smppMessages, smsMessages } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { companyId, EN, eventually, expectError, expectOk, tokenOf, ZH } from './support/api';
import { FakeGateways, FakeRouting } from './support/sms-fakes';

const DIRECT = companyId('Direct Retail Ltd');
const CN = '8613800138000';
const GB = '447812345678';

const ESME_ROK = 0x00;
const ESME_RINVBNDSTS = 0x04;
const ESME_RALYBND = 0x05;
const ESME_RINVDSTADR = 0x0b;
const ESME_RBINDFAIL = 0x0d;
const ESME_RINVPASWD = 0x0e;
const ESME_RINVSYSID = 0x0f;
const ESME_RTHROTTLED = 0x58;

let s: TestServer;
const gateways = new FakeGateways();
const routing = new FakeRouting(gateways);
let admin: string;
let seq = 0;
const sessions: Session[] = [];

// ---- a customer's ESME, with the npm smpp client

/** Connects a client; `deliver` sees every deliver_sm (answered unless it returns false). */
async function connect(deliver?: (pdu: Pdu) => boolean | undefined): Promise<Session> {
  const session = await new Promise<Session>((resolve, reject) => {
    const client = smpp.connect({ host: '127.0.0.1', port: s.app.services.smppServer.port! }, () =>
      resolve(client),
    );
    client.on('error', reject);
  });
  session.socket.setNoDelay(true);
  session.on('error', () => undefined);
  session.on('deliver_sm', (pdu: Pdu) => {
    if (deliver?.(pdu) !== false) session.send(pdu.response());
  });
  sessions.push(session);
  return session;
}

function request(session: Session, command: string, options: Record<string, unknown> = {}): Promise<Pdu> {
  return new Promise((resolve) => {
    session.send(new smpp.PDU(command, options), resolve);
  });
}

const bind = (session: Session, systemId: string, password: string, mode = 'bind_transceiver') =>
  request(session, mode, { system_id: systemId, password });

async function account(
  body: Record<string, unknown> = {},
): Promise<SmppAccountRecord & { password: string }> {
  const systemId = `esme${++seq}${Math.random().toString(36).slice(2, 6)}`;
  const password = `pw${seq}-secret`;
  const res = await s.call<SmppAccountRecord>('POST', '/sys/smppAccount/add', {
    token: admin,
    body: { systemId, password, companyId: DIRECT, tpsLimit: 1000, maxBinds: 3, ...body },
  });
  return { ...expectOk(res), password: (body.password as string | undefined) ?? password };
}

/**
 * Submits `count` messages asking for receipts, waits until each went to a gateway, then makes
 * every upstream receipt arrive at once (more than a bind's window when count > WINDOW): their ids.
 */
async function receiptsDueAtOnce(session: Session, count: number, label: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const resp = await request(session, 'submit_sm', {
      destination_addr: CN,
      registered_delivery: 1,
      short_message: `${label} ${i}`,
    });
    expect(resp.command_status).toBe(ESME_ROK);
    ids.push(resp.message_id!);
  }
  const submits = await eventually(async () => {
    const found = ids.map((id) => gateways.submitsOf(id)[0]);
    expect(found.every(Boolean)).toBe(true);
    // One query per look, not one per message: this runs until the last of them is sent.
    const rows = await s.app.database.db
      .select({ id: smsMessages.id, status: smsMessages.status })
      .from(smsMessages)
      .where(inArray(smsMessages.id, ids));
    expect(new Map(rows.map((r) => [r.id, r.status]))).toEqual(new Map(ids.map((id) => [id, 'sent'])));
    return found.map((f) => f!);
  });
  await Promise.all(
    submits.flatMap((submit) =>
      (submit.outcome.ok ? submit.outcome.upstreamIds : []).map((upstream) =>
        gateways.receipt(submit.gatewayId, upstream, 'delivered', null),
      ),
    ),
  );
  return ids;
}

async function smppRow(smppId: string) {
  const [row] = await s.app.database.db.select().from(smppMessages).where(eq(smppMessages.smppId, smppId));
  return row;
}

async function messageRow(id: string) {
  const [row] = await s.app.database.db.select().from(smsMessages).where(eq(smsMessages.id, id));
  return row!;
}

/** Waits for the message to reach the fake gateway and gives it a receipt. */
async function deliverUpstream(messageId: string, status: 'delivered' | 'undeliverable' = 'delivered') {
  const submit = await eventually(async () => {
    const found = gateways.submitsOf(messageId)[0];
    expect(found).toBeDefined();
    return found!;
  });
  await eventually(async () => expect((await messageRow(messageId)).status).toBe('sent'));
  const ids = submit.outcome.ok ? submit.outcome.upstreamIds : [];
  for (const upstream of ids)
    await gateways.receipt(submit.gatewayId, upstream, status, status === 'delivered' ? null : '001');
}

/** Receipts written to one bind and not yet answered (SMPP_RECEIPT_WINDOW of this file's server). */
const WINDOW = 10;

beforeAll(async () => {
  s = await startServer(
    // A window of 10 receipts per bind (100 by default): the tests of a full window fill it with
    // a dozen messages, not a hundred and more.
    {
      SMPP_PORT: '0',
      SMPP_RECEIPT_POLL_MS: '600000',
      SMPP_RECEIPT_WINDOW: String(WINDOW),
      SMS_POLL_MS: '20',
      SMS_SWEEP_MS: '100',
    },
    { services: { gateways, routing }, workers: true },
  );
  admin = await tokenOf(s, 'admin');
  await s.app.services.ledger.credit(DIRECT, 'topup', units(100), `smpp-test-topup-${DIRECT}`);
});
afterAll(async () => {
  for (const session of sessions) session.socket.destroy();
  await s?.close();
});

describe('receipt text (unit)', () => {
  it('writes the standard receipt text', () => {
    const text = customerReceiptText({
      id: 'abc',
      status: 'delivered',
      errorCode: null,
      submittedAt: new Date(Date.UTC(2026, 0, 2, 3, 4)),
      doneAt: new Date(Date.UTC(2026, 0, 2, 3, 5)),
      excerpt: 'Hello, 世界 and more text here',
    });
    expect(text).toBe(
      'id:abc sub:001 dlvrd:001 submit date:2601020304 done date:2601020305 stat:DELIVRD err:000 text:Hello, ?? and more t',
    );
    expect(receiptErr('undeliverable', '27')).toBe('027');
    expect(receiptErr('rejected', 'NO_ROUTE')).toBe('003');
    expect(wantsReceipt(1, 'delivered')).toBe(true);
    expect(wantsReceipt(2, 'delivered')).toBe(false);
    expect(wantsReceipt(2, 'expired')).toBe(true);
    expect(wantsReceipt(0, 'failed')).toBe(false);
  });
});

describe('/sys/smppAccount', () => {
  it('adds, lists, edits, exports and deletes accounts; the password is never answered', async () => {
    const added = await account({ allowedAddresses: ['127.0.0.1', '10.0.0.0/8'], kind: 'otp' });
    expect(added).not.toHaveProperty('passwordSealed');
    const fetched = expectOk(
      await s.call<SmppAccountRecord>('GET', '/sys/smppAccount/queryById', {
        token: admin,
        query: { id: added.id },
      }),
    );
    expect(fetched).toMatchObject({
      systemId: added.systemId,
      kind: 'otp',
      companyName: 'Direct Retail Ltd',
    });
    expect(JSON.stringify(fetched)).not.toContain(added.password);
    const list = expectOk(
      await s.call<Page<SmppAccountRecord>>('GET', '/sys/smppAccount/list', {
        token: admin,
        query: { systemId: added.systemId },
      }),
    );
    expect(list.records.map((r) => r.id)).toEqual([added.id]);
    const edited = expectOk(
      await s.call<SmppAccountRecord>('PUT', '/sys/smppAccount/edit', {
        token: admin,
        body: { id: added.id, tpsLimit: 7, enabled: false },
      }),
    );
    expect(edited).toMatchObject({
      tpsLimit: 7,
      enabled: false,
      allowedAddresses: ['127.0.0.1', '10.0.0.0/8'],
    });
    const file = await fetch(`${s.baseUrl}/api/sys/smppAccount/exportXls?systemId=${added.systemId}`, {
      headers: { 'X-Access-Token': admin },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain(XLSX_MIME);
    expectOk(await s.call('DELETE', '/sys/smppAccount/delete', { token: admin, query: { id: added.id } }));
    expectError(
      await s.call('GET', '/sys/smppAccount/queryById', { token: admin, query: { id: added.id } }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses a taken system id and a bad address, in both languages', async () => {
    const first = await account();
    for (const locale of [EN, ZH]) {
      expectError(
        await s.call('POST', '/sys/smppAccount/add', {
          token: admin,
          locale,
          body: { systemId: first.systemId, password: 'secret12', companyId: DIRECT },
        }),
        409,
        'SMPP_SYSTEM_ID_TAKEN',
        { locale, params: { systemId: first.systemId } },
      );
      expectError(
        await s.call('POST', '/sys/smppAccount/add', {
          token: admin,
          locale,
          body: { systemId: 'fresh1', password: 'secret12', companyId: DIRECT, allowedAddresses: ['nope'] },
        }),
        400,
        'SMPP_ADDRESS_INVALID',
        { locale, params: { value: 'nope' } },
      );
    }
    const tooLong = await s.call('POST', '/sys/smppAccount/add', {
      token: admin,
      body: { systemId: 'x', password: 'x'.repeat(33), companyId: DIRECT },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.map((e) => e.field)).toContain('password');
  });

  it('is for staff only', async () => {
    const customer = await tokenOf(s, 'customer');
    expectError(
      await s.call('GET', '/sys/smppAccount/list', { token: customer }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectError(
      await s.call('POST', '/sys/smppAccount/add', {
        token: customer,
        body: { systemId: 'mine', password: 'secret12', companyId: DIRECT },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
  });
});

describe('binds', () => {
  it('refuses unknown system ids, wrong passwords, disabled accounts and addresses not allowed', async () => {
    const good = await account();
    const disabled = await account({ enabled: false });
    const elsewhere = await account({ allowedAddresses: ['10.0.0.0/8'] });
    const cases: [string, string, number][] = [
      ['nobody', 'x', ESME_RINVSYSID],
      [good.systemId, 'wrong', ESME_RINVPASWD],
      [disabled.systemId, disabled.password, ESME_RBINDFAIL],
      [elsewhere.systemId, elsewhere.password, ESME_RBINDFAIL],
    ];
    for (const [systemId, password, status] of cases) {
      const session = await connect();
      expect((await bind(session, systemId, password)).command_status).toBe(status);
      session.socket.destroy();
    }
    const session = await connect();
    // Nothing but a bind before binding.
    expect(
      (await request(session, 'submit_sm', { destination_addr: CN, short_message: 'x' })).command_status,
    ).toBe(ESME_RINVBNDSTS);
    expect((await bind(session, good.systemId, good.password)).command_status).toBe(ESME_ROK);
    expect((await bind(session, good.systemId, good.password)).command_status).toBe(ESME_RALYBND);
    expect((await request(session, 'enquire_link')).command_status).toBe(ESME_ROK);
    const listed = expectOk(
      await s.call<SmppAccountRecord>('GET', '/sys/smppAccount/queryById', {
        token: admin,
        query: { id: good.id },
      }),
    );
    expect(listed.boundNow).toBe(1);
    expect((await request(session, 'unbind')).command_status).toBe(ESME_ROK);
  });

  it('refuses binds above the account’s maximum, and a frozen company', async () => {
    const one = await account({ maxBinds: 1 });
    const a = await connect();
    expect((await bind(a, one.systemId, one.password)).command_status).toBe(ESME_ROK);
    const b = await connect();
    expect((await bind(b, one.systemId, one.password)).command_status).toBe(ESME_RBINDFAIL);
    a.socket.destroy();
    await eventually(async () => {
      const c = await connect();
      expect((await bind(c, one.systemId, one.password)).command_status).toBe(ESME_ROK);
    });

    const [company] = await s.app.database.db
      .insert(companies)
      .values({
        name: `SMPP frozen ${Math.random().toString(36).slice(2, 8)}`,
        type: 'direct',
        approvalStatus: 'approved',
      })
      .returning({ id: companies.id });
    const frozen = await account({ companyId: company!.id });
    expectOk(
      await s.call('PUT', '/sys/company/frozen', {
        token: admin,
        body: { ids: [company!.id], frozen: true },
      }),
    );
    const d = await connect();
    expect((await bind(d, frozen.systemId, frozen.password)).command_status).toBe(ESME_RBINDFAIL);
    expectOk(
      await s.call('PUT', '/sys/company/frozen', {
        token: admin,
        body: { ids: [company!.id], frozen: false },
      }),
    );
    expect((await bind(d, frozen.systemId, frozen.password)).command_status).toBe(ESME_ROK);
  });

  it('closes the binds of an account when it is disabled', async () => {
    const acc = await account();
    const session = await connect();
    expect((await bind(session, acc.systemId, acc.password)).command_status).toBe(ESME_ROK);
    const closed = new Promise<void>((resolve) => session.socket.once('close', () => resolve()));
    session.on('unbind', (pdu: Pdu) => session.send(pdu.response()));
    expectOk(
      await s.call('PUT', '/sys/smppAccount/edit', { token: admin, body: { id: acc.id, enabled: false } }),
    );
    await closed;
  });
});

describe('limits of one process', () => {
  /** A second SMPP server of this process's, with its own limits, on a free port. */
  async function limitedServer(limits: Partial<SmppServerLimits>) {
    const server = new SmppServer(s.app.services.smppServer, s.app.services, s.app.platform.log, {
      receiptPollMs: 60_000,
      receiptWindow: 100,
      bindTimeoutMs: 600_000,
      idleTimeoutMs: 3_600_000,
      maxConnections: 1_000,
      ...limits,
    });
    await server.listen(0, '127.0.0.1');
    return server;
  }
  const open = (server: SmppServer) =>
    new Promise<Session>((resolve, reject) => {
      const client = smpp.connect({ host: '127.0.0.1', port: server.port }, () => resolve(client));
      client.on('error', reject);
      sessions.push(client);
    });
  const closed = (session: Session) =>
    new Promise<void>((resolve) => {
      if (session.socket.destroyed) resolve();
      else session.socket.once('close', () => resolve());
    });

  it('closes a connection that does not bind in time', async () => {
    const server = await limitedServer({ bindTimeoutMs: 200 });
    try {
      const session = await open(server);
      session.on('error', () => undefined);
      await closed(session);
    } finally {
      await server.close();
    }
  });

  it('closes the connection one past the most it holds, at once', async () => {
    const server = await limitedServer({ maxConnections: 2 });
    try {
      const acc = await account();
      const first = await open(server);
      const second = await open(server);
      const third = await open(server);
      third.on('error', () => undefined);
      await closed(third);
      // The two held still work.
      expect((await bind(first, acc.systemId, acc.password)).command_status).toBe(ESME_ROK);
      expect((await request(second, 'enquire_link')).command_status).toBe(ESME_ROK);
    } finally {
      await server.close();
    }
  });

  it('unbinds a bind that stays silent, and closes a connection after three refused binds', async () => {
    const server = await limitedServer({ idleTimeoutMs: 1_000 });
    try {
      const acc = await account();
      const quiet = await open(server);
      quiet.on('error', () => undefined);
      const unbound = new Promise<void>((resolve) =>
        quiet.on('unbind', (pdu: Pdu) => {
          quiet.send(pdu.response());
          resolve();
        }),
      );
      expect((await bind(quiet, acc.systemId, acc.password)).command_status).toBe(ESME_ROK);
      await unbound;
      await closed(quiet);

      const guesser = await open(server);
      guesser.on('error', () => undefined);
      for (const guess of ['wrong1', 'wrong2', 'wrong3']) {
        expect((await bind(guesser, acc.systemId, guess)).command_status).toBe(ESME_RINVPASWD);
      }
      await closed(guesser);
    } finally {
      await server.close();
    }
  });
});

describe('submit_sm and receipts', () => {
  it('accepts a message through the SMS pipeline and answers our message id; the receipt comes back on the bind', async () => {
    const acc = await account({ kind: 'otp' });
    const receipts: Pdu[] = [];
    const session = await connect((pdu) => {
      receipts.push(pdu);
      return undefined;
    });
    expect((await bind(session, acc.systemId, acc.password)).command_status).toBe(ESME_ROK);
    const resp = await request(session, 'submit_sm', {
      source_addr: '',
      destination_addr: CN,
      registered_delivery: 1,
      short_message: 'Your code is 1234',
    });
    expect(resp.command_status).toBe(ESME_ROK);
    const id = resp.message_id!;
    const message = await messageRow(id);
    expect(message).toMatchObject({
      source: 'smpp',
      kind: 'otp',
      toNumber: CN,
      text: 'Your code is 1234',
      companyId: DIRECT,
    });
    await deliverUpstream(id);
    const receipt = await eventually(async () => {
      expect(receipts).toHaveLength(1);
      return receipts[0]!;
    });
    expect(receipt.esm_class).toBe(0x04);
    expect(receipt.receipted_message_id).toBe(id);
    expect(receipt.message_state).toBe(2);
    expect(receipt.source_addr).toBe(CN);
    const body = receipt.short_message as { message: string };
    expect(body.message).toMatch(
      new RegExp(
        `^id:${id} sub:001 dlvrd:001 submit date:\\d{10} done date:\\d{10} stat:DELIVRD err:000 text:Your code is 1234$`,
      ),
    );
    await eventually(async () => expect((await smppRow(id))?.receiptState).toBe('acked'));
  });

  it('takes the SMS kind from service_type (MKT, NTF, OTP, OTPP), else the account’s own', async () => {
    const acc = await account({ kind: 'otp' });
    const session = await connect();
    expect((await bind(session, acc.systemId, acc.password)).command_status).toBe(ESME_ROK);
    const kindOf = async (serviceType: string) => {
      const resp = await request(session, 'submit_sm', {
        service_type: serviceType,
        source_addr: '',
        destination_addr: CN,
        short_message: `Kind test ${serviceType}`,
      });
      expect(resp.command_status).toBe(ESME_ROK);
      return (await messageRow(resp.message_id!))?.kind;
    };
    expect(await kindOf('ntf')).toBe('notification');
    expect(await kindOf('OTPP')).toBe('premium_otp');
    expect(await kindOf('CMT')).toBe('otp');
    expect(await kindOf('')).toBe('otp');
  });

  it('reassembles a concatenated message (GSM-7 and UCS-2, UDH) into one message, answered with one id', async () => {
    const acc = await account();
    const session = await connect();
    expect((await bind(session, acc.systemId, acc.password)).command_status).toBe(ESME_ROK);
    const parts = ['First part of a long message, ', 'and the second part.'];
    const ids: string[] = [];
    for (const [i, part] of parts.entries()) {
      const r = await request(session, 'submit_sm', {
        destination_addr: GB,
        esm_class: 0x40,
        data_coding: 0,
        registered_delivery: 1,
        short_message: { udh: Buffer.from([0x05, 0x00, 0x03, 0x2a, 2, i + 1]), message: part },
      });
      expect(r.command_status).toBe(ESME_ROK);
      ids.push(r.message_id!);
    }
    expect(new Set(ids).size).toBe(1);
    const row = await eventually(async () => {
      const found = await smppRow(ids[0]!);
      expect(found).toBeDefined();
      return found!;
    });
    expect((await messageRow(row.messageId)).text).toBe(parts.join(''));

    const chinese = ['你好，这是一条很长的', '中文短信的第二部分'];
    const ucs: string[] = [];
    // Parts may arrive out of order.
    for (const i of [1, 0]) {
      const r = await request(session, 'submit_sm', {
        destination_addr: CN,
        esm_class: 0x40,
        data_coding: 8,
        short_message: { udh: Buffer.from([0x06, 0x08, 0x04, 0x01, 0x07, 2, i + 1]), message: chinese[i] },
      });
      expect(r.command_status).toBe(ESME_ROK);
      ucs.push(r.message_id!);
    }
    expect(ucs[0]).toBe(ucs[1]);
    const ucsRow = await eventually(async () => {
      const found = await smppRow(ucs[0]!);
      expect(found).toBeDefined();
      return found!;
    });
    const stored = await messageRow(ucsRow.messageId);
    expect(stored.text).toBe(chinese.join(''));
    expect(stored.encoding).toBe('ucs2');
  });

  it('reassembles parts numbered with the SAR TLVs', async () => {
    const acc = await account();
    const session = await connect();
    expect((await bind(session, acc.systemId, acc.password)).command_status).toBe(ESME_ROK);
    const parts = ['SAR one, ', 'SAR two, ', 'SAR three.'];
    const ids: string[] = [];
    for (const [i, part] of parts.entries()) {
      const r = await request(session, 'submit_sm', {
        destination_addr: GB,
        short_message: part,
        sar_msg_ref_num: 300,
        sar_total_segments: 3,
        sar_segment_seqnum: i + 1,
      });
      expect(r.command_status).toBe(ESME_ROK);
      ids.push(r.message_id!);
    }
    expect(new Set(ids).size).toBe(1);
    const row = await eventually(async () => {
      const found = await smppRow(ids[0]!);
      expect(found).toBeDefined();
      return found!;
    });
    expect((await messageRow(row.messageId)).text).toBe(parts.join(''));
  });

  it('stores receipts while no receiver is bound and sends them when one binds', async () => {
    const acc = await account();
    const tx = await connect();
    expect((await bind(tx, acc.systemId, acc.password, 'bind_transmitter')).command_status).toBe(ESME_ROK);
    const sent = await request(tx, 'submit_sm', {
      destination_addr: CN,
      registered_delivery: 1,
      short_message: 'Stored',
    });
    expect(sent.command_status).toBe(ESME_ROK);
    const id = sent.message_id!;
    const quiet = await request(tx, 'submit_sm', {
      destination_addr: GB,
      registered_delivery: 0,
      short_message: 'No receipt',
    });
    await deliverUpstream(id, 'undeliverable');
    await deliverUpstream(quiet.message_id!);
    await eventually(async () => expect((await smppRow(id))?.receiptState).toBe('due'));
    await eventually(
      async () => expect((await smppRow(quiet.message_id!))?.status).toBe('delivered'),
      10_000,
    );
    expect((await smppRow(quiet.message_id!))?.receiptState).toBe('none');

    // A receiver that does not answer: the receipt is written, and due again when it goes.
    let unanswered: Pdu | undefined;
    const silent = await connect((pdu) => {
      unanswered = pdu;
      return false;
    });
    expect((await bind(silent, acc.systemId, acc.password, 'bind_receiver')).command_status).toBe(ESME_ROK);
    await eventually(async () => expect(unanswered).toBeDefined());
    silent.socket.destroy();
    await eventually(async () => expect((await smppRow(id))?.receiptState).toBe('due'));

    const received: Pdu[] = [];
    const rx = await connect((pdu) => {
      received.push(pdu);
      return undefined;
    });
    expect((await bind(rx, acc.systemId, acc.password, 'bind_receiver')).command_status).toBe(ESME_ROK);
    await eventually(async () => expect(received).toHaveLength(1));
    expect(received[0]!.receipted_message_id).toBe(id);
    expect(received[0]!.message_state).toBe(5);
    expect((received[0]!.short_message as { message: string }).message).toContain('stat:UNDELIV err:001');
    await eventually(async () => expect((await smppRow(id))?.receiptState).toBe('acked'));
    // A receiver cannot submit.
    expect(
      (await request(rx, 'submit_sm', { destination_addr: CN, short_message: 'x' })).command_status,
    ).toBe(ESME_RINVBNDSTS);
  });

  it('writes receipts past a bind’s window as soon as the client answers, not at the next poll', async () => {
    // This file's server polls for receipts only every ten minutes: what arrives here was pushed.
    const acc = await account();
    const received: Pdu[] = [];
    const session = await connect((pdu) => {
      received.push(pdu);
      return undefined;
    });
    expect((await bind(session, acc.systemId, acc.password)).command_status).toBe(ESME_ROK);
    const count = WINDOW + WINDOW / 2 + 3; // past the window, and past what half of it answered frees
    const ids = await receiptsDueAtOnce(session, count, 'window');
    await eventually(async () => expect(received).toHaveLength(count));
    expect(new Set(received.map((r) => r.receipted_message_id))).toEqual(new Set(ids));
  });

  it('forgets an account waiting for window room once its last receiving bind closes', async () => {
    // The set is the server's receipt writer's own; reached here because nothing outside shows it.
    const waiting = () =>
      (
        s.app.services.smppServer as unknown as {
          server: { receipts: { waitingForRoom: Set<string> } };
        }
      ).server.receipts.waitingForRoom;
    const acc = await account();
    // A client that never answers its receipts: the window fills and stays full.
    const received: Pdu[] = [];
    const session = await connect((pdu) => {
      received.push(pdu);
      return false;
    });
    expect((await bind(session, acc.systemId, acc.password)).command_status).toBe(ESME_ROK);
    const ids = await receiptsDueAtOnce(session, WINDOW + 5, 'unanswered');
    await eventually(async () => expect(received).toHaveLength(WINDOW));
    await eventually(async () => expect(waiting().has(acc.id)).toBe(true));
    session.socket.destroy();
    await eventually(async () => expect(waiting().has(acc.id)).toBe(false));
    // The receipts are kept for the account's next bind.
    expect((await smppRow(ids[WINDOW + 4]!))?.receiptState).not.toBe('acked');
  });

  it('answers an invalid number with ESME_RINVDSTADR', async () => {
    const acc = await account();
    const session = await connect();
    expect((await bind(session, acc.systemId, acc.password)).command_status).toBe(ESME_ROK);
    const r = await request(session, 'submit_sm', { destination_addr: '123', short_message: 'x' });
    expect(r.command_status).toBe(ESME_RINVDSTADR);
  });

  it('throttles submits above the account’s TPS with ESME_RTHROTTLED', async () => {
    const acc = await account({ tpsLimit: 2 });
    const session = await connect();
    expect((await bind(session, acc.systemId, acc.password)).command_status).toBe(ESME_ROK);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        request(session, 'submit_sm', { destination_addr: CN, short_message: `Burst ${i}` }),
      ),
    );
    const seconds = (Date.now() - started) / 1000;
    const statuses = answers.map((a) => a.command_status);
    const accepted = statuses.filter((c) => c === ESME_ROK).length;
    expect(statuses.filter((c) => c === ESME_RTHROTTLED).length).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThanOrEqual(2);
    expect(accepted).toBeLessThanOrEqual(2 + Math.ceil(seconds * 2));
  });
});
