import { once } from 'node:events';
import { COMMAND_STATUS, parseReceiptText } from '@switchboard/smpp';
import { afterEach, describe, expect, it } from 'vitest';
import { type Smsc, type SmscOptions, startSmsc } from '../src';
import { TestClient } from './support/client';

/** Waits for a condition; the limit only stops a broken test (the machine can be very busy). */
const poll = <T>(fn: () => T) => expect.poll(fn, { timeout: 60_000 });

const open: { smscs: Smsc[]; clients: TestClient[] } = { smscs: [], clients: [] };

async function smscWith(options: Partial<SmscOptions> = {}): Promise<Smsc> {
  const smsc = await startSmsc({
    accounts: [
      { systemId: 'test', password: 'secret' },
      { systemId: 'other', password: 'pw' },
    ],
    ...options,
  });
  open.smscs.push(smsc);
  return smsc;
}

async function client(smsc: Smsc, mode: 'transceiver' | 'transmitter' | 'receiver', systemId = 'test') {
  const c = await TestClient.bound(smsc.port, mode, systemId, systemId === 'test' ? 'secret' : 'pw');
  open.clients.push(c);
  return c;
}

async function connected(smsc: Smsc, autoAck = true) {
  const c = await TestClient.connect(smsc.port, { autoAck });
  open.clients.push(c);
  return c;
}

afterEach(async () => {
  await Promise.all(open.clients.splice(0).map((c) => c.destroy()));
  await Promise.all(open.smscs.splice(0).map((s) => s.stop()));
});

describe('binds', () => {
  it('binds transceiver, transmitter and receiver with the account credentials', async () => {
    const smsc = await smscWith({ systemId: 'SIM1' });
    for (const mode of ['transceiver', 'transmitter', 'receiver'] as const) {
      const c = await connected(smsc);
      const resp = await c.bind(mode, 'test', 'secret');
      expect(resp.command).toBe(`bind_${mode}_resp`);
      expect(resp.command_status).toBe(COMMAND_STATUS.ESME_ROK);
      expect(resp.system_id).toBe('SIM1');
    }
    expect(smsc.bindList().map((b) => b.mode)).toEqual(['transceiver', 'transmitter', 'receiver']);
  });

  it('answers a wrong password ESME_RINVPASWD and an unknown system_id ESME_RINVSYSID', async () => {
    const smsc = await smscWith();
    const c = await connected(smsc);
    expect((await c.bind('transceiver', 'test', 'wrong')).command_status).toBe(COMMAND_STATUS.ESME_RINVPASWD);
    expect((await c.bind('transceiver', 'nobody', 'secret')).command_status).toBe(
      COMMAND_STATUS.ESME_RINVSYSID,
    );
    // The other account's password does not open this one.
    expect((await c.bind('transmitter', 'test', 'pw')).command_status).toBe(COMMAND_STATUS.ESME_RINVPASWD);
    // Still not bound: a submit is refused, and the right credentials then work.
    expect((await c.submit({ destination_addr: '8613800000001', short_message: 'x' })).command_status).toBe(
      COMMAND_STATUS.ESME_RINVBNDSTS,
    );
    expect((await c.bind('transceiver', 'test', 'secret')).command_status).toBe(COMMAND_STATUS.ESME_ROK);
    expect((await c.bind('transceiver', 'test', 'secret')).command_status).toBe(COMMAND_STATUS.ESME_RALYBND);
  });

  it('refuses submits on a receiver bind (ESME_RINVBNDSTS) and sends no receipts to a transmitter', async () => {
    const smsc = await smscWith();
    const transmitter = await client(smsc, 'transmitter');
    const receiver = await client(smsc, 'receiver');
    const refused = await receiver.submit({ destination_addr: '8613800000001', short_message: 'no' });
    expect(refused.command_status).toBe(COMMAND_STATUS.ESME_RINVBNDSTS);
    expect(smsc.parts).toHaveLength(0);

    const ids: string[] = [];
    for (const text of ['one', 'two']) {
      const resp = await transmitter.submit({ destination_addr: '8613800000001', short_message: text });
      expect(resp.command_status).toBe(COMMAND_STATUS.ESME_ROK);
      ids.push(resp.message_id!);
    }
    await poll(() => smsc.receipts.length).toBe(2);
    const receiverId = smsc.bindList().find((b) => b.mode === 'receiver')!.bindId;
    expect(smsc.receipts.map((r) => r.bindId)).toEqual([receiverId, receiverId]);
    const receipts = await receiver.waitForDeliveries(2);
    expect(receipts.map((r) => r.receipted_message_id)).toEqual(ids);
    expect(transmitter.deliveries).toHaveLength(0);
  });

  it("holds receipts until the account binds a receiver, and never sends them to another account's bind", async () => {
    const smsc = await smscWith({ receiptDelayMs: 3_600_000 });
    const stranger = await client(smsc, 'transceiver', 'other');
    const transmitter = await client(smsc, 'transmitter');
    const resp = await transmitter.submit({ destination_addr: '8613800000001', short_message: 'later' });
    smsc.flushReceipts();
    // Due, but no bind of the account can take it.
    expect(smsc.pendingReceipts).toBe(1);
    expect(smsc.receipts).toHaveLength(0);
    const receiver = await client(smsc, 'receiver');
    const [receipt] = await receiver.waitForDeliveries(1);
    expect(receipt!.receipted_message_id).toBe(resp.message_id);
    expect(smsc.pendingReceipts).toBe(0);
    expect(stranger.deliveries).toHaveLength(0);
  });

  it('answers enquire_link and unbind (then closes the connection)', async () => {
    const smsc = await smscWith();
    const c = await client(smsc, 'transceiver');
    const seen = once(smsc, 'enquireLink');
    const resp = await c.request('enquire_link');
    expect(resp.command).toBe('enquire_link_resp');
    expect(resp.command_status).toBe(COMMAND_STATUS.ESME_ROK);
    await seen;
    const unbind = await c.request('unbind');
    expect(unbind.command).toBe('unbind_resp');
    expect(unbind.command_status).toBe(COMMAND_STATUS.ESME_ROK);
    await c.closed;
    await poll(() => smsc.bindList()).toHaveLength(0);
  });

  it('answers enquire_link before a bind, and commands it does not do with ESME_RINVCMDID', async () => {
    const smsc = await smscWith();
    const c = await connected(smsc);
    expect((await c.request('enquire_link')).command_status).toBe(COMMAND_STATUS.ESME_ROK);
    expect((await c.request('unbind')).command_status).toBe(COMMAND_STATUS.ESME_RINVBNDSTS);
    await c.bind('transceiver', 'test', 'secret');
    const multi = await c.request('submit_multi', { dest_address: [{ destination_addr: '86138' }] });
    expect(multi.command).toBe('submit_multi_resp');
    expect(multi.command_status).toBe(COMMAND_STATUS.ESME_RINVCMDID);
  });
});

describe('submit and receipts', () => {
  it('answers submit_sm with hex ids by default and records what it received', async () => {
    const now = Date.UTC(2026, 0, 2, 3, 4, 5);
    const smsc = await smscWith({ idStart: 1_000_000_000, clock: () => now });
    const c = await client(smsc, 'transceiver');
    const first = await c.submit({
      source_addr: 'ACME',
      destination_addr: '+8613800000001',
      data_coding: 0,
      short_message: 'Your code is 123456',
    });
    const second = await c.submit({ destination_addr: '8613800000002', short_message: 'two' });
    expect(first.message_id).toBe((1_000_000_000).toString(16));
    expect(second.message_id).toBe((1_000_000_001).toString(16));
    expect(smsc.parts[0]).toMatchObject({
      messageId: '3b9aca00',
      systemId: 'test',
      source: 'ACME',
      destination: '+8613800000001',
      dataCoding: 0,
      text: 'Your code is 123456',
      outcome: 'delivered',
      receiptExpected: true,
      receivedAt: new Date(now),
    });
    expect(smsc.messages.map((m) => [m.text, m.parts.length, m.complete])).toEqual([
      ['Your code is 123456', 1, true],
      ['two', 1, true],
    ]);
    expect(smsc.findPart('3b9aca01')?.destination).toBe('8613800000002');
  });

  it('sends the standard receipt text with esm_class 0x04 and the receipted_message_id and message_state TLVs', async () => {
    const submitted = Date.UTC(2026, 0, 2, 3, 4, 5);
    let now = submitted;
    const smsc = await smscWith({ idStart: 1_000_000_000, clock: () => now, receiptDelayMs: 3_600_000 });
    const c = await client(smsc, 'transceiver');
    const resp = await c.submit({
      source_addr: 'ACME',
      destination_addr: '8613800000001',
      short_message: 'Hello [world] @ 10$',
    });
    // The delay holds the receipt until it is due; flushing makes it due now.
    expect(smsc.pendingReceipts).toBe(1);
    expect(smsc.receipts).toHaveLength(0);
    now = Date.UTC(2026, 0, 2, 3, 9, 0);
    smsc.flushReceipts();
    const [receipt] = await c.waitForDeliveries(1);
    expect(receipt!.esm_class).toBe(0x04);
    expect(receipt!.source_addr).toBe('8613800000001');
    expect(receipt!.destination_addr).toBe('ACME');
    expect(receipt!.receipted_message_id).toBe(resp.message_id);
    expect(receipt!.message_state).toBe(2);
    expect(TestClient.receiptText(receipt!)).toBe(
      'id:3b9aca00 sub:001 dlvrd:001 submit date:2601020304 done date:2601020309 stat:DELIVRD err:000 text:Hello ?world? ? 10?',
    );
    await poll(() => smsc.receipts[0]?.acknowledgedAt).toEqual(new Date(now));
  });

  it('writes decimal ids, or hex ids with decimal receipt text (as some SMSCs do)', async () => {
    const decimal = await smscWith({ idFormat: 'decimal', idStart: 4000 });
    const d = await client(decimal, 'transceiver');
    const dResp = await d.submit({ destination_addr: '8613800000001', short_message: 'a' });
    expect(dResp.message_id).toBe('4000');
    const [dReceipt] = await d.waitForDeliveries(1);
    expect(dReceipt!.receipted_message_id).toBe('4000');
    expect(parseReceiptText(TestClient.receiptText(dReceipt!))?.id).toBe('4000');

    const mixed = await smscWith({ idFormat: 'hex', receiptIdFormat: 'decimal', idStart: 4000 });
    const m = await client(mixed, 'transceiver');
    const mResp = await m.submit({ destination_addr: '8613800000001', short_message: 'a' });
    expect(mResp.message_id).toBe('fa0');
    const [mReceipt] = await m.waitForDeliveries(1);
    expect(mReceipt!.receipted_message_id).toBe('fa0');
    expect(parseReceiptText(TestClient.receiptText(mReceipt!))?.id).toBe('4000');
  });

  it('gives each outcome its receipt, and none for "none"', async () => {
    const smsc = await smscWith({
      rules: [
        { match: '*1', outcome: 'delivered' },
        { match: '*2', outcome: 'undeliverable' },
        { match: '*3', outcome: 'expired' },
        { match: '*4', outcome: 'rejected' },
        { match: '*5', outcome: 'none' },
      ],
    });
    const c = await client(smsc, 'transceiver');
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      ids.push(
        (await c.submit({ destination_addr: `861380000000${n}`, short_message: `m${n}` })).message_id!,
      );
    }
    const receipts = await c.waitForDeliveries(4);
    const byId = new Map(receipts.map((r) => [r.receipted_message_id, r]));
    const expected: [string, number, string, string][] = [
      ['DELIVRD', 2, '001', '000'],
      ['UNDELIV', 5, '000', '001'],
      ['EXPIRED', 3, '000', '002'],
      ['REJECTD', 8, '000', '003'],
    ];
    expected.forEach(([stat, state, dlvrd, err], i) => {
      const r = byId.get(ids[i]!)!;
      expect(r.message_state).toBe(state);
      expect(parseReceiptText(TestClient.receiptText(r))).toMatchObject({
        id: ids[i],
        stat,
        dlvrd,
        err,
        text: `m${i + 1}`,
      });
    });
    expect(byId.has(ids[4]!)).toBe(false);
    expect(smsc.parts[4]).toMatchObject({ outcome: 'none', receiptExpected: false });
    expect(smsc.pendingReceipts).toBe(0);
    expect(smsc.receipts.map((r) => r.outcome)).toEqual([
      'delivered',
      'undeliverable',
      'expired',
      'rejected',
    ]);
  });

  it('follows registered_delivery: 0 no receipt, 2 failures only', async () => {
    const smsc = await smscWith({ rules: [{ match: '*0000', outcome: 'undeliverable' }] });
    const c = await client(smsc, 'transceiver');
    await c.submit({
      destination_addr: '8613800000001',
      registered_delivery: 0,
      short_message: 'none asked',
    });
    await c.submit({
      destination_addr: '8613800000002',
      registered_delivery: 2,
      short_message: 'ok, failures only',
    });
    const failed = await c.submit({
      destination_addr: '8613800000000',
      registered_delivery: 2,
      short_message: 'x',
    });
    const [only] = await c.waitForDeliveries(1);
    expect(only!.receipted_message_id).toBe(failed.message_id);
    expect(smsc.parts.map((p) => p.receiptExpected)).toEqual([false, false, true]);
    expect(smsc.pendingReceipts).toBe(0);
  });

  it('draws the outcome mix the same way for the same seed', async () => {
    const outcomes = { delivered: 50, undeliverable: 20, expired: 10, rejected: 10, none: 10 };
    async function run(seed: number) {
      const smsc = await smscWith({ outcomes, seed });
      const c = await client(smsc, 'transmitter');
      for (let i = 0; i < 40; i++) await c.submit({ destination_addr: `86138${i}`, short_message: 'x' });
      return smsc.parts.map((p) => p.outcome);
    }
    const first = await run(7);
    expect(await run(7)).toEqual(first);
    expect(new Set(first).size).toBeGreaterThan(2);
    expect(await run(8)).not.toEqual(first);
  });

  it('applies destination rules before the mix, and setOutcomes changes both', async () => {
    const smsc = await smscWith({
      outcomes: { delivered: 1 },
      rules: [{ match: '*0000', outcome: 'expired' }],
    });
    const c = await client(smsc, 'transmitter');
    await c.submit({ destination_addr: '8613800000000', short_message: 'x' });
    await c.submit({ destination_addr: '8613800000001', short_message: 'x' });
    smsc.setOutcomes({ rejected: 1 }, [{ match: '86139*', outcome: 'delivered' }]);
    await c.submit({ destination_addr: '8613800000000', short_message: 'x' });
    await c.submit({ destination_addr: '+8613900000000', short_message: 'x' });
    expect(smsc.parts.map((p) => p.outcome)).toEqual(['expired', 'delivered', 'rejected', 'delivered']);
  });

  it('answers query_sm with the state of a part', async () => {
    const smsc = await smscWith({
      receiptDelayMs: 3_600_000,
      rules: [{ match: '*', outcome: 'undeliverable' }],
    });
    const c = await client(smsc, 'transceiver');
    const resp = await c.submit({ destination_addr: '8613800000001', short_message: 'x' });
    expect((await c.request('query_sm', { message_id: resp.message_id })).message_state).toBe(1);
    smsc.flushReceipts();
    await c.waitForDeliveries(1);
    const after = await c.request('query_sm', { message_id: resp.message_id });
    expect(after.command_status).toBe(COMMAND_STATUS.ESME_ROK);
    expect(after.message_state).toBe(5);
    expect((await c.request('query_sm', { message_id: 'nope' })).command_status).toBe(
      COMMAND_STATUS.ESME_RINVMSGID,
    );
  });

  it('sends a receipt the client did not answer again on its next receiver bind', async () => {
    const smsc = await smscWith();
    const silent = await TestClient.bound(smsc.port, 'transceiver', 'test', 'secret', false);
    open.clients.push(silent);
    const resp = await silent.submit({ destination_addr: '8613800000001', short_message: 'x' });
    await silent.waitForDeliveries(1);
    await silent.destroy();
    const receiver = await client(smsc, 'receiver');
    const [again] = await receiver.waitForDeliveries(1);
    expect(again!.receipted_message_id).toBe(resp.message_id);
    await poll(() => smsc.receipts[0]?.responseStatus).toBe(0);
    expect(smsc.receipts).toHaveLength(1);
    expect(smsc.receipts[0]!.attempts).toBe(2);
  });

  it('sends a receipt answered with an error (ESME_RX_T_APPN) again after receiptRetryMs', async () => {
    const smsc = await smscWith({ receiptRetryMs: 50 });
    const c = await TestClient.bound(smsc.port, 'transceiver', 'test', 'secret', false);
    open.clients.push(c);
    const resp = await c.submit({ destination_addr: '8613800000001', short_message: 'x' });
    const [first] = await c.waitForDeliveries(1);
    c.session.send(first!.response({ command_status: 0x64 }));
    const [, again] = await c.waitForDeliveries(2);
    expect(again!.receipted_message_id).toBe(resp.message_id);
    c.session.send(again!.response());
    await poll(() => smsc.receipts[0]?.responseStatus).toBe(0);
    expect(smsc.receipts).toHaveLength(1);
    expect(smsc.receipts[0]!.attempts).toBe(2);
  });
});

describe('throttling', () => {
  it('answers ESME_RTHROTTLED beyond the bucket, counted, and refills with the clock', async () => {
    let now = 1_000_000;
    const smsc = await smscWith({
      accounts: [{ systemId: 'test', password: 'secret', tps: 5 }],
      clock: () => now,
    });
    const c = await client(smsc, 'transmitter');
    // A burst of 8 with all in flight at once: the bucket holds 5 tokens, the clock stands still.
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => c.submit({ destination_addr: `86138${i}`, short_message: 'x' })),
    );
    const statuses = burst.map((r) => r.command_status);
    expect(statuses.filter((s) => s === COMMAND_STATUS.ESME_ROK)).toHaveLength(5);
    expect(statuses.filter((s) => s === COMMAND_STATUS.ESME_RTHROTTLED)).toHaveLength(3);
    expect(smsc.stats.throttled).toBe(3);
    expect(smsc.parts).toHaveLength(5);
    // 200 ms at 5/s is one token.
    now += 200;
    expect((await c.submit({ destination_addr: '1', short_message: 'x' })).command_status).toBe(
      COMMAND_STATUS.ESME_ROK,
    );
    expect((await c.submit({ destination_addr: '1', short_message: 'x' })).command_status).toBe(
      COMMAND_STATUS.ESME_RTHROTTLED,
    );
    // A full second refills the bucket, never beyond its size.
    now += 10_000;
    const refill = await Promise.all(
      Array.from({ length: 6 }, () => c.submit({ destination_addr: '1', short_message: 'x' })),
    );
    expect(refill.filter((r) => r.command_status === COMMAND_STATUS.ESME_ROK)).toHaveLength(5);
  });

  it('gives each bind its own bucket (burst may differ from tps)', async () => {
    const smsc = await smscWith({
      accounts: [{ systemId: 'test', password: 'secret', tps: 10, burst: 2 }],
      clock: () => 0,
    });
    const a = await client(smsc, 'transmitter');
    const b = await client(smsc, 'transceiver');
    const results = await Promise.all(
      [a, a, a, b, b, b].map((c) => c.submit({ destination_addr: '1', short_message: 'x' })),
    );
    expect(results.map((r) => r.command_status === COMMAND_STATUS.ESME_ROK)).toEqual([
      true,
      true,
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('failures on demand', () => {
  it('drop() destroys every socket of an account and leaves the others', async () => {
    const smsc = await smscWith();
    const a1 = await client(smsc, 'transceiver');
    const a2 = await client(smsc, 'receiver');
    const other = await client(smsc, 'transceiver', 'other');
    expect(smsc.drop('test')).toBe(2);
    await Promise.all([a1.closed, a2.closed]);
    expect(other.isClosed).toBe(false);
    expect((await other.request('enquire_link')).command_status).toBe(COMMAND_STATUS.ESME_ROK);
    await poll(() => smsc.bindList().map((b) => b.systemId)).toEqual(['other']);
    // The account can bind again.
    await client(smsc, 'transceiver');
  });

  it('hang() stops answering an account until resume(), receipts included', async () => {
    const smsc = await smscWith({ receiptDelayMs: 3_600_000 });
    const c = await client(smsc, 'transceiver');
    const other = await client(smsc, 'transceiver', 'other');
    await c.submit({ destination_addr: '8613800000001', short_message: 'before' });
    smsc.hang('test');
    let answered = false;
    const ignored = once(smsc, 'ignored');
    c.request('enquire_link').then(() => {
      answered = true;
    });
    const [event] = await ignored;
    expect(event).toMatchObject({ systemId: 'test', command: 'enquire_link' });
    // A due receipt is held too; the other account is answered as usual.
    smsc.flushReceipts();
    expect(smsc.pendingReceipts).toBe(1);
    expect((await other.request('enquire_link')).command_status).toBe(COMMAND_STATUS.ESME_ROK);
    // A new bind of the hung account is not answered either.
    const late = await connected(smsc);
    const lateIgnored = once(smsc, 'ignored');
    late.bind('transceiver', 'test', 'secret');
    expect((await lateIgnored)[0]).toMatchObject({ command: 'bind_transceiver' });

    smsc.resume('test');
    const [receipt] = await c.waitForDeliveries(1);
    expect(receipt!.esm_class).toBe(4);
    // The next request is answered; the one sent while hung never is (it would have come first).
    expect((await c.request('enquire_link')).command_status).toBe(COMMAND_STATUS.ESME_ROK);
    expect(answered).toBe(false);
    expect(smsc.stats.ignored).toBe(2);
  });

  it('holdAnswers() takes submits but keeps their answers until releaseAnswers(); receipts still come', async () => {
    const smsc = await smscWith();
    const c = await client(smsc, 'transceiver');
    const gone = await client(smsc, 'transceiver');
    smsc.holdAnswers('test');
    let answered = false;
    const first = c.submit({ destination_addr: '8613800000001', short_message: 'held' });
    void first.then(() => {
      answered = true;
    });
    void gone.submit({ destination_addr: '8613800000002', short_message: 'lost' });
    // Taken (recorded, receipt sent) though not answered.
    const [receipt] = await c.waitForDeliveries(1);
    expect(TestClient.receiptText(receipt!)).toContain('DELIVRD');
    await poll(() => smsc.parts.length).toBe(2);
    expect(smsc.heldAnswerCount).toBe(2);
    expect(answered).toBe(false);
    // The answer of a bind that closed meanwhile is never sent.
    await gone.destroy();
    await poll(() => smsc.bindList().length).toBe(1);
    expect(smsc.releaseAnswers('test')).toBe(1);
    const resp = await first;
    expect(resp.command_status).toBe(COMMAND_STATUS.ESME_ROK);
    expect(resp.message_id).toBe(smsc.parts[0]!.messageId);
    // Answered at once again.
    expect((await c.submit({ destination_addr: '8613800000003', short_message: 'now' })).command_status).toBe(
      COMMAND_STATUS.ESME_ROK,
    );
  });

  it('hang() with no account hangs everyone', async () => {
    const smsc = await smscWith();
    const c = await client(smsc, 'transceiver', 'other');
    smsc.hang();
    const ignored = once(smsc, 'ignored');
    c.request('enquire_link');
    await ignored;
    smsc.resume();
    expect((await c.request('enquire_link')).command_status).toBe(COMMAND_STATUS.ESME_ROK);
  });
});

describe('message content', () => {
  it('accepts a concatenated message (8-bit UDH): each part its own id and receipt, the text joined', async () => {
    const smsc = await smscWith();
    const c = await client(smsc, 'transceiver');
    const chunks = ['This is a long message ', 'split in three parts ', 'by the client.'];
    const ids: string[] = [];
    // Parts out of order: the message is joined by sequence number.
    for (const seq of [2, 1, 3]) {
      const resp = await c.submit({
        destination_addr: '8613800000001',
        data_coding: 0,
        short_message: { udh: Buffer.from([0x05, 0x00, 0x03, 0x2a, 3, seq]), message: chunks[seq - 1] },
      });
      expect(resp.command_status).toBe(COMMAND_STATUS.ESME_ROK);
      ids.push(resp.message_id!);
    }
    expect(new Set(ids).size).toBe(3);
    const messageDone = smsc.messages[0]!;
    expect(messageDone).toMatchObject({ total: 3, complete: true, text: chunks.join(''), dataCoding: 0 });
    expect(messageDone.parts.map((p) => p.concat)).toEqual([
      { ref: 0x2a, total: 3, seq: 1 },
      { ref: 0x2a, total: 3, seq: 2 },
      { ref: 0x2a, total: 3, seq: 3 },
    ]);
    expect(smsc.parts[0]!.udh).toBe('00032a0302');
    expect(smsc.parts[0]!.esmClass & 0x40).toBe(0x40);
    const receipts = await c.waitForDeliveries(3);
    expect(receipts.map((r) => r.receipted_message_id).sort()).toEqual([...ids].sort());
  });

  it('emits message once all parts arrived', async () => {
    const smsc = await smscWith();
    const c = await client(smsc, 'transmitter');
    const seen: string[] = [];
    smsc.on('message', (m) => seen.push(m.text));
    await c.submit({
      destination_addr: '1',
      short_message: { udh: Buffer.from([0x05, 0x00, 0x03, 7, 2, 1]), message: 'ab' },
    });
    expect(seen).toEqual([]);
    expect(smsc.messages[0]!.complete).toBe(false);
    await c.submit({
      destination_addr: '1',
      short_message: { udh: Buffer.from([0x05, 0x00, 0x03, 7, 2, 2]), message: 'cd' },
    });
    expect(seen).toEqual(['abcd']);
  });

  it('keeps UCS-2 text (data_coding 8), alone and in parts with a 16-bit reference', async () => {
    const smsc = await smscWith();
    const c = await client(smsc, 'transceiver');
    await c.submit({
      destination_addr: '8613800000001',
      data_coding: 8,
      short_message: '您的验证码是 123456 😀',
    });
    expect(smsc.parts[0]).toMatchObject({ dataCoding: 8, text: '您的验证码是 123456 😀', binary: false });
    for (const [seq, text] of [
      [1, '第一部分，'],
      [2, '第二部分。'],
    ] as const) {
      await c.submit({
        destination_addr: '8613800000002',
        data_coding: 8,
        short_message: { udh: Buffer.from([0x06, 0x08, 0x04, 0x12, 0x34, 2, seq]), message: text },
      });
    }
    expect(smsc.messages[1]).toMatchObject({ text: '第一部分，第二部分。', complete: true, total: 2 });
    expect(smsc.parts[1]!.concat).toEqual({ ref: 0x1234, total: 2, seq: 1 });
    // The receipt text keeps only characters that read the same in ASCII and GSM.
    const receipts = await c.waitForDeliveries(3);
    expect(parseReceiptText(TestClient.receiptText(receipts[0]!))?.text).toBe('?????? 123456 ?');
  });

  it('decodes GSM-7 default alphabet text (data_coding 0)', async () => {
    const smsc = await smscWith();
    const c = await client(smsc, 'transmitter');
    await c.submit({ destination_addr: '1', data_coding: 0, short_message: 'Prix: 5€ @ Zürich_{ok}' });
    expect(smsc.parts[0]!.text).toBe('Prix: 5€ @ Zürich_{ok}');
  });

  it('reads message_payload when short_message is empty, and SAR TLVs for concatenation', async () => {
    const smsc = await smscWith();
    const c = await client(smsc, 'transmitter');
    const long = 'x'.repeat(300);
    await c.submit({ destination_addr: '1', data_coding: 0, short_message: '', message_payload: long });
    expect(smsc.parts[0]!.text).toBe(long);
    await c.submit({
      destination_addr: '2',
      short_message: 'one',
      sar_msg_ref_num: 500,
      sar_total_segments: 2,
      sar_segment_seqnum: 1,
    });
    await c.submit({
      destination_addr: '2',
      short_message: 'two',
      sar_msg_ref_num: 500,
      sar_total_segments: 2,
      sar_segment_seqnum: 2,
    });
    expect(smsc.messages[1]).toMatchObject({ text: 'onetwo', complete: true, total: 2 });
  });

  it('refuses a submit without destination (ESME_RINVDSTADR)', async () => {
    const smsc = await smscWith();
    const c = await client(smsc, 'transmitter');
    const resp = await c.submit({ destination_addr: '', short_message: 'x' });
    expect(resp.command_status).toBe(COMMAND_STATUS.ESME_RINVDSTADR);
    expect(smsc.parts).toHaveLength(0);
  });
});

describe('lifecycle', () => {
  it('listens on a free port with port 0, and stop() closes its connections', async () => {
    const a = await smscWith();
    const b = await smscWith();
    expect(a.port).toBeGreaterThan(0);
    expect(b.port).not.toBe(a.port);
    const c = await client(a, 'transceiver');
    await a.stop();
    await c.closed;
  });
});
