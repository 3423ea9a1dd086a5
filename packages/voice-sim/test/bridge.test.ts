/**
 * The B2BUA bridge (`bridgeCalls` of @switchboard/voice) between two legs of our own stack, against
 * in-process carrier simulators: audio relayed both ways (counted with a tolerance, µ-law on one
 * leg and A-law on the other), RFC 4733 keys passed through each way, and the BYE of either side
 * ending the other leg.
 */
import {
  answerWithMedia,
  type BridgeEnd,
  bridgeCalls,
  type CallBridge,
  dialWithMedia,
  FRAME_BYTES,
  g711Encode,
  type SipStack,
} from '@switchboard/voice';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startVoiceSim, type VoiceSim } from '../src';
import { uac } from './support';

const wait = { timeout: 15_000, interval: 20 };
let sim: VoiceSim;
let b2bua: SipStack;
let caller: SipStack;

beforeAll(async () => {
  sim = await startVoiceSim({
    host: '127.0.0.1',
    port: 0,
    answerDelayMs: 50,
    keyDelayMs: 600,
    hangupAfterMs: 1_200,
  });
  b2bua = await uac();
  caller = await uac();
});
afterAll(async () => {
  await caller?.close();
  await b2bua?.close();
  await sim?.close();
});

const simTarget = () => ({ host: '127.0.0.1', port: sim.port, transport: 'udp' as const });
const record = (to: string) => sim.calls.filter((c) => c.to === to).at(-1);

/** Dials `number` at the simulator from the B2BUA with `codecs` and waits for the answer. */
async function leg(number: string, codecs: ('PCMU' | 'PCMA')[] = ['PCMU']) {
  const d = await dialWithMedia(
    b2bua,
    { to: number, from: '1000', target: simTarget(), ringTimeoutMs: 5_000 },
    { codecs },
  );
  const media = await d.media;
  return { call: d.call, rtp: d.rtp, codec: media.codec };
}

/** 2 s of a 440 Hz tone in µ-law: 100 frames. */
const tone = g711Encode(
  Int16Array.from({ length: 100 * FRAME_BYTES }, (_, i) =>
    Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 8000)),
  ),
  'PCMU',
);

describe('bridgeCalls: a call in (µ-law) bridged to a call out (A-law) to the simulator', () => {
  it('relays audio both ways, passes a key through, and the caller’s BYE ends the far leg', async () => {
    let bridge: CallBridge | undefined;
    b2bua.onInvite((inbound) => {
      void (async () => {
        const a = await answerWithMedia(b2bua, inbound, { codecs: ['PCMU'] });
        const b = await leg('8613900000008', ['PCMA']);
        bridge = bridgeCalls({ call: inbound, rtp: a.rtp, codec: a.media.codec }, b);
      })();
    });
    const c = await dialWithMedia(caller, {
      to: '100',
      from: '2000',
      target: { host: '127.0.0.1', port: b2bua.port(), transport: 'udp' },
      ringTimeoutMs: 5_000,
    });
    await c.media;
    await vi.waitFor(() => expect(bridge).toBeDefined(), wait);
    const heardBack: Uint8Array[] = [];
    c.rtp.on('audio', (p) => heardBack.push(Uint8Array.from(p)));

    await c.rtp.play(tone);
    // Out through the bridge to the simulator (A-law there), echoed, and back to the caller.
    await vi.waitFor(() => expect(record('8613900000008')?.audioPackets).toBeGreaterThanOrEqual(95), wait);
    await vi.waitFor(() => expect(heardBack.length).toBeGreaterThanOrEqual(95), wait);
    expect(record('8613900000008')!.audioPackets).toBeLessThanOrEqual(100);
    // Transcoded twice (µ-law → A-law → µ-law): the tone comes back within a code step or two.
    const sent = tone.subarray(20 * FRAME_BYTES, 21 * FRAME_BYTES);
    const matches = heardBack.filter((f) => f.every((v, i) => Math.abs(v - sent[i]!) <= 2));
    expect(matches.length).toBeGreaterThan(0);

    c.rtp.sendDtmf('5', 120);
    await vi.waitFor(() => expect(record('8613900000008')?.keysReceived).toBe('5'), wait);

    c.call.hangup();
    const end: BridgeEnd = await bridge!.done;
    expect(end.endedBy).toBe('a');
    expect(end.b).toMatchObject({ cause: 'normal', by: 'us' });
    expect(end.bridgedMs).toBeGreaterThan(1_000);
    await vi.waitFor(() => expect(record('8613900000008')?.end).toMatchObject({ by: 'remote' }), wait);
  });
});

describe('bridgeCalls: two calls out to the simulator', () => {
  it('passes the far side’s key to the other leg, and the far side’s BYE ends both', async () => {
    // …6 presses 1 600 ms after its ACK; …5 hangs up 1.2 s after its ACK.
    const [a, b] = await Promise.all([leg('8613900000006'), leg('8613900000005', ['PCMA'])]);
    const bridge = bridgeCalls(a, b);
    await vi.waitFor(() => expect(record('8613900000005')?.keysReceived).toBe('1'), wait);
    const end = await bridge.done;
    expect(end.endedBy).toBe('b');
    expect(end.b).toMatchObject({ cause: 'normal', by: 'remote' });
    expect(end.a).toMatchObject({ cause: 'normal', by: 'us' });
    expect(record('8613900000006')!.end).toMatchObject({ by: 'remote' });
    expect(record('8613900000005')!.end).toMatchObject({ by: 'us' });
  });

  it('stop() hangs up both legs', async () => {
    const [a, b] = await Promise.all([leg('8613900000009'), leg('8613900000008')]);
    const bridge = bridgeCalls(a, b);
    bridge.stop();
    const end = await bridge.done;
    expect(end.endedBy).toBe('us');
    expect(end.a.by).toBe('us');
    expect(end.b.by).toBe('us');
  });
});
