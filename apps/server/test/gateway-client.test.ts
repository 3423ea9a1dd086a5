import { type Smsc, type SmscOptions, startSmsc } from '@switchboard/smsc-sim';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GatewayClient,
  type GatewayClientConfig,
  type GatewayReceipt,
  type SlotStatus,
} from '../src/modules/gateway/smpp-client';

const ACCOUNT = { systemId: 'client1', password: 'secret1' };

function configOf(smsc: Smsc, overrides: Partial<GatewayClientConfig> = {}): GatewayClientConfig {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'test',
    host: '127.0.0.1',
    port: smsc.port,
    systemId: ACCOUNT.systemId,
    password: ACCOUNT.password,
    systemType: '',
    bindMode: 'transceiver',
    windowSize: 10,
    tps: 0,
    sourceTon: 5,
    sourceNpi: 0,
    destTon: 1,
    destNpi: 1,
    defaultDataCoding: 0,
    enquireLinkSeconds: 30,
    reconnectSeconds: 1,
    reconnectMaxSeconds: 2,
    submitIdFormat: 'hex',
    receiptIdFormat: 'hex',
    errorMap: {},
    ...overrides,
  };
}

const open: { clients: GatewayClient[]; smscs: Smsc[] } = { clients: [], smscs: [] };

async function simulator(options: Partial<SmscOptions> = {}): Promise<Smsc> {
  const smsc = await startSmsc({ accounts: [ACCOUNT], ...options });
  open.smscs.push(smsc);
  return smsc;
}

/** A client with `slots` bind slots, its receipts and slot states recorded. */
function client(
  config: GatewayClientConfig,
  slots = 1,
  onReceipt: (r: GatewayReceipt) => Promise<void> = async () => {},
) {
  const receipts: GatewayReceipt[] = [];
  const states: { slot: number; status: SlotStatus }[] = [];
  const c = new GatewayClient(config, {
    state: (slot, status) => states.push({ slot, status }),
    receipt: async (r) => {
      await onReceipt(r);
      receipts.push(r);
    },
  });
  for (let i = 0; i < slots; i++) c.addSlot(i);
  open.clients.push(c);
  return { client: c, receipts, states };
}

const sms = (to: string, text: string, registeredDelivery = true) => ({
  messageId: crypto.randomUUID(),
  from: 'Switchboard',
  to,
  text,
  registeredDelivery,
});

async function bound(c: GatewayClient) {
  await vi.waitFor(() => expect(c.ready).toBe(true), { timeout: 10_000, interval: 20 });
}

afterEach(async () => {
  await Promise.all(open.clients.splice(0).map((c) => c.close()));
  await Promise.all(open.smscs.splice(0).map((s) => s.stop()));
});

describe('SMPP client against the simulator', () => {
  it('binds, submits GSM-7 with the default data coding and answers the normalised id', async () => {
    const smsc = await simulator();
    const { client: c } = client(configOf(smsc));
    await bound(c);
    const outcome = await c.submit(sms('8613800138000', 'Hello @ {world} €5'));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.upstreamIds).toHaveLength(1);
    const part = smsc.findPart(outcome.upstreamIds[0]!);
    expect(part).toMatchObject({
      destination: '8613800138000',
      source: 'Switchboard',
      dataCoding: 0,
      registeredDelivery: 1,
    });
    expect(part?.text).toBe('Hello @ {world} €5');
    expect(smsc.bindList()[0]?.mode).toBe('transceiver');
  });

  it('fails at once (retryable) when no slot is bound', async () => {
    const smsc = await simulator();
    const config = configOf(smsc, { port: 1 });
    const { client: c } = client(config);
    expect(await c.submit(sms('8613800138000', 'hi'))).toEqual({
      ok: false,
      retryable: true,
      errorCode: 'GATEWAY_NOT_BOUND',
    });
  });

  it('splits long messages with an 8-bit concatenation UDH, UCS-2 for Chinese, ids in part order', async () => {
    const smsc = await simulator();
    const { client: c } = client(configOf(smsc));
    await bound(c);
    const text = '您好'.repeat(40); // 80 UCS-2 units: two parts of 67 and 13
    const outcome = await c.submit(sms('8613800138000', text));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.upstreamIds).toHaveLength(2);
    const parts = outcome.upstreamIds.map((id) => smsc.findPart(id)!);
    expect(parts.map((p) => p.concat?.seq)).toEqual([1, 2]);
    expect(parts.every((p) => p.concat?.total === 2 && p.concat.ref === parts[0]!.concat!.ref)).toBe(true);
    expect(parts.every((p) => p.dataCoding === 8 && (p.esmClass & 0x40) === 0x40)).toBe(true);
    expect(parts[0]!.udh?.startsWith('0003')).toBe(true);
    const message = smsc.messages.at(-1)!;
    expect(message.complete).toBe(true);
    expect(message.text).toBe(text);

    const gsm = 'x'.repeat(200); // two GSM-7 parts of 153 and 47
    const long = await c.submit(sms('8613800138001', gsm));
    expect(long.ok && long.upstreamIds.length).toBe(2);
    expect(smsc.messages.at(-1)).toMatchObject({ complete: true, text: gsm, dataCoding: 0 });
  });

  it('keeps at most the window of submits outstanding per bind', async () => {
    const smsc = await simulator();
    const { client: c } = client(configOf(smsc, { windowSize: 3 }));
    await bound(c);
    let most = 0;
    smsc.on('submit', () => {
      most = Math.max(most, c.outstanding());
    });
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        c.submit(sms(`86138001380${String(i).padStart(2, '0')}`, `m${i}`)),
      ),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(smsc.stats.submits).toBe(30);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(3);
  });

  it('answers its capacity: a window for each bound slot, none while down', async () => {
    const smsc = await simulator();
    const { client: c } = client(configOf(smsc, { windowSize: 7 }), 2);
    expect(c.capacity()).toBe(0);
    await vi.waitFor(() => expect(c.capacity()).toBe(14), { timeout: 10_000, interval: 20 });
    await smsc.stop();
    await vi.waitFor(() => expect(c.capacity()).toBe(0), { timeout: 5000 });
  });

  it('backs off on ESME_RTHROTTLED and submits again until every message is accepted', async () => {
    const smsc = await simulator({ accounts: [{ ...ACCOUNT, tps: 20, burst: 1 }] });
    const { client: c } = client(configOf(smsc, { windowSize: 5 }));
    await bound(c);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) => c.submit(sms(`861380013800${i}`, `t${i}`))),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(smsc.stats.throttled).toBeGreaterThan(0);
    expect(smsc.stats.submits).toBe(10);
  });

  it('keeps to the gateway TPS limit (token bucket) without being throttled', async () => {
    const smsc = await simulator();
    const { client: c } = client(configOf(smsc, { tps: 20 }));
    await bound(c);
    const started = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => c.submit(sms(`861380013801${i}`, `r${i}`))),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    // A burst of 2 tokens, then one each 50 ms: 10 more take at least 450 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('reconnects after the simulator drops the connection, and after it restarts on the same port', async () => {
    const smsc = await simulator();
    const { client: c, states } = client(configOf(smsc));
    await bound(c);
    expect(smsc.drop()).toBe(1);
    await vi.waitFor(() => expect(states.some((s) => s.status.state === 'down')).toBe(true), {
      timeout: 5000,
    });
    await bound(c);
    expect((await c.submit(sms('8613800138000', 'after drop'))).ok).toBe(true);

    const port = smsc.port;
    await smsc.stop();
    await vi.waitFor(() => expect(c.ready).toBe(false), { timeout: 5000 });
    expect((await c.submit(sms('8613800138000', 'while down'))).ok).toBe(false);
    const again = await simulator({ port });
    await bound(c);
    const outcome = await c.submit(sms('8613800138000', 'after restart'));
    expect(outcome.ok).toBe(true);
    expect(again.stats.submits).toBe(1);
  });

  it('reports a refused bind as the last error and keeps trying', async () => {
    const smsc = await simulator();
    const { client: c, states } = client(configOf(smsc, { password: 'wrong' }));
    await vi.waitFor(
      () => expect(states.find((s) => s.status.lastError?.includes('ESME_RINVPASWD'))).toBeDefined(),
      { timeout: 5000 },
    );
    expect(c.ready).toBe(false);
  });

  it('gives up a bind the SMSC never answers and binds once it answers again', async () => {
    const smsc = await simulator();
    smsc.hang(ACCOUNT.systemId);
    const { client: c, states } = client(configOf(smsc, { bindTimeoutSeconds: 0.3 }));
    await vi.waitFor(
      () =>
        expect(
          states.find(
            (s) => s.status.state === 'down' && s.status.lastError?.includes('no answer to the bind'),
          ),
        ).toBeDefined(),
      { timeout: 10_000, interval: 20 },
    );
    expect(c.ready).toBe(false);
    smsc.resume(ACCOUNT.systemId);
    await bound(c);
    expect(states.at(-1)?.status).toMatchObject({ state: 'bound', lastError: null });
  });

  it.each([
    [
      'hex ids, receipts matched by the TLV',
      { idFormat: 'hex' as const },
      { submitIdFormat: 'hex' as const },
    ],
    [
      'hex submit ids, decimal receipt text, no TLV',
      { idFormat: 'hex' as const, receiptIdFormat: 'decimal' as const, receiptTlv: false },
      { submitIdFormat: 'hex' as const, receiptIdFormat: 'decimal' as const },
    ],
    [
      'decimal ids everywhere, no TLV',
      { idFormat: 'decimal' as const, receiptTlv: false },
      { submitIdFormat: 'decimal' as const, receiptIdFormat: 'decimal' as const },
    ],
    [
      'decimal submit ids, hex receipt text, no TLV',
      { idFormat: 'decimal' as const, receiptIdFormat: 'hex' as const, receiptTlv: false },
      { submitIdFormat: 'decimal' as const, receiptIdFormat: 'hex' as const },
    ],
  ])('matches receipts to submits: %s', async (_name, simOptions, gatewayOptions) => {
    const smsc = await simulator({
      ...simOptions,
      idStart: 0x7fff00,
      rules: [
        { match: '*0000', outcome: 'undeliverable' },
        { match: '*1111', outcome: 'expired' },
        { match: '*2222', outcome: 'rejected' },
      ],
    });
    const { client: c, receipts } = client(configOf(smsc, gatewayOptions), 1);
    await bound(c);
    const numbers = ['8613800131234', '8613800130000', '8613800131111', '8613800132222'];
    const ids: string[] = [];
    for (const to of numbers) {
      const outcome = await c.submit(sms(to, `receipt for ${to}`));
      if (!outcome.ok) throw new Error(outcome.errorCode);
      ids.push(outcome.upstreamIds[0]!);
    }
    await vi.waitFor(() => expect(receipts).toHaveLength(4), { timeout: 5000 });
    const byId = new Map(receipts.map((r) => [r.upstreamId, r]));
    expect(ids.map((id) => byId.get(id)?.status)).toEqual([
      'delivered',
      'undeliverable',
      'expired',
      'rejected',
    ]);
    expect(byId.get(ids[0]!)?.errorCode).toBeNull();
    expect(byId.get(ids[1]!)?.errorCode).toBe('001');
    expect(byId.get(ids[1]!)?.raw).toContain('stat:UNDELIV');
  });

  it('maps receipt error codes through the gateway error map', async () => {
    const smsc = await simulator({ rules: [{ match: '*0000', outcome: 'undeliverable' }] });
    const { client: c, receipts } = client(configOf(smsc, { errorMap: { '0x01': 'rejected' } }));
    await bound(c);
    const outcome = await c.submit(sms('8613800130000', 'mapped'));
    expect(outcome.ok).toBe(true);
    await vi.waitFor(() => expect(receipts).toHaveLength(1), { timeout: 5000 });
    expect(receipts[0]).toMatchObject({ status: 'rejected', errorCode: '001' });
  });

  it('answers deliver_sm only after the handler, with an error status when it threw', async () => {
    const smsc = await simulator();
    let fail = true;
    const { client: c } = client(configOf(smsc), 1, async () => {
      if (fail) throw new Error('database away');
    });
    await bound(c);
    await c.submit(sms('8613800138000', 'first'));
    await vi.waitFor(() => expect(smsc.receipts[0]?.responseStatus).toBe(0x64), { timeout: 5000 });
    fail = false;
    await c.submit(sms('8613800138000', 'second'));
    await vi.waitFor(() => expect(smsc.receipts[1]?.responseStatus).toBe(0), { timeout: 5000 });
  });

  it('binds transmitter and receiver pairs per slot and unbinds gracefully on close', async () => {
    const smsc = await simulator();
    const { client: c, receipts } = client(configOf(smsc, { bindMode: 'pair' }), 2);
    await vi.waitFor(() => expect(smsc.bindList().filter((b) => b.mode)).toHaveLength(4), { timeout: 5000 });
    expect(
      smsc
        .bindList()
        .map((b) => b.mode)
        .sort(),
    ).toEqual(['receiver', 'receiver', 'transmitter', 'transmitter']);
    await bound(c);
    const outcome = await c.submit(sms('8613800138000', 'pair'));
    expect(outcome.ok).toBe(true);
    await vi.waitFor(() => expect(receipts).toHaveLength(1), { timeout: 5000 });
    let unbinds = 0;
    smsc.on('unbind', () => unbinds++);
    await c.close();
    expect(unbinds).toBe(4);
    await vi.waitFor(() => expect(smsc.bindList()).toHaveLength(0), { timeout: 5000 });
  });
});
