import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_BYTES, MediaClock, type NegotiatedMedia, RELAY_MAX_FRAMES, RtpSession } from '../src';

const open: RtpSession[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

async function pair(clock = new MediaClock()) {
  const a = await RtpSession.open({ host: '127.0.0.1', clock });
  const b = await RtpSession.open({ host: '127.0.0.1', clock });
  open.push(a, b);
  const to = (s: RtpSession): NegotiatedMedia => ({
    address: '127.0.0.1',
    port: s.port,
    codec: 'PCMU',
    payloadType: 0,
    dtmfPayloadType: 101,
  });
  a.setRemote(to(b));
  b.setRemote(to(a));
  return { a, b };
}

/** 25 frames of a recognisable pattern plus a short last frame (padded with µ-law silence 0xFF). */
const prompt = Uint8Array.from({ length: 25 * FRAME_BYTES + 40 }, (_, i) => (i * 7 + (i >> 8)) & 0x7f);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

describe('RtpSession', () => {
  it('binds even ports and plays a buffer as 20 ms frames, byte for byte, in order', async () => {
    const { a, b } = await pair();
    expect(a.port % 2).toBe(0);
    const got: Uint8Array[] = [];
    const seqs: number[] = [];
    const marks: boolean[] = [];
    b.on('audio', (payload, pkt) => {
      got.push(Uint8Array.from(payload));
      seqs.push(pkt.sequence);
      marks.push(pkt.marker);
    });
    expect(await a.play(prompt)).toBe('done');
    await vi.waitFor(() => expect(got).toHaveLength(26), { timeout: 5_000, interval: 20 });
    const whole = concat(got);
    expect([...whole.subarray(0, prompt.length)]).toEqual([...prompt]);
    expect([...whole.subarray(prompt.length)]).toEqual(new Array(120).fill(0xff));
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe((seqs[i - 1]! + 1) & 0xffff);
    expect(marks[0]).toBe(true);
    expect(marks.slice(1).every((m) => !m)).toBe(true);
    expect(a.stats.packetsSent).toBe(26);
    expect(b.stats).toMatchObject({ packetsReceived: 26, packetsLost: 0 });
  });

  it('echoes what it hears: the player gets its own payload back', async () => {
    const { a, b } = await pair();
    b.echo = true;
    const back: Uint8Array[] = [];
    a.on('audio', (p) => back.push(Uint8Array.from(p)));
    await a.play(prompt);
    await vi.waitFor(() => expect(back).toHaveLength(26), { timeout: 5_000, interval: 20 });
    expect([...concat(back).subarray(0, prompt.length)]).toEqual([...prompt]);
  });

  it('stop() ends playing early and resolves as stopped', async () => {
    const { a } = await pair();
    const long = new Uint8Array(FRAME_BYTES * 500).fill(0x55);
    const played = a.play(long);
    await vi.waitFor(() => expect(a.stats.packetsSent).toBeGreaterThan(2), { timeout: 5_000, interval: 10 });
    a.stop();
    expect(await played).toBe('stopped');
    expect(a.stats.packetsSent).toBeLessThan(500);
  });

  it('sends key presses as RFC 4733 events and reports each once', async () => {
    const { a, b } = await pair();
    const keys: string[] = [];
    b.on('dtmf', (k) => keys.push(k));
    a.sendDtmf('1', 100);
    a.sendDtmf('#', 60);
    a.sendDtmf('1', 60); // the same key again is a new press (new timestamp)
    await vi.waitFor(() => expect(keys).toEqual(['1', '#', '1']), { timeout: 5_000, interval: 20 });
    // 5 + 3 + 3 event packets, the last of each sent three times.
    await vi.waitFor(() => expect(b.stats.packetsReceived).toBe(11 + 6), { timeout: 5_000, interval: 20 });
    expect(b.stats.dtmfReceived).toBe(3);
    expect(() => a.sendDtmf('x')).toThrow();
  });

  it('relays: queued frames go out one a tick, at most RELAY_MAX_FRAMES kept; nothing without relay mode', async () => {
    const { a, b } = await pair();
    const got: Uint8Array[] = [];
    b.on('audio', (p) => got.push(Uint8Array.from(p)));
    a.relay(new Uint8Array(FRAME_BYTES).fill(1)); // not relaying: dropped
    a.setRelaying(true);
    for (let i = 0; i < RELAY_MAX_FRAMES + 3; i++) a.relay(new Uint8Array(FRAME_BYTES).fill(10 + i));
    await vi.waitFor(() => expect(got).toHaveLength(RELAY_MAX_FRAMES), { timeout: 5_000, interval: 20 });
    // The oldest went: the last RELAY_MAX_FRAMES, in order.
    expect(got.map((f) => f[0])).toEqual(Array.from({ length: RELAY_MAX_FRAMES }, (_, i) => 13 + i));
    a.setRelaying(false);
    a.relay(new Uint8Array(FRAME_BYTES).fill(99)); // relay mode off: dropped
    // A frame played after it arrives next, with nothing relayed before it.
    await a.play(new Uint8Array(FRAME_BYTES).fill(77));
    await vi.waitFor(() => expect(got).toHaveLength(RELAY_MAX_FRAMES + 1), { timeout: 5_000, interval: 20 });
    expect(got.at(-1)![0]).toBe(77);
  });

  it('passes key events through: one timestamp per event, marker on its first packet, duration and end kept', async () => {
    const { a, b } = await pair();
    const events: { key: string; end: boolean; duration: number; ts: number; marker: boolean }[] = [];
    b.on('event', (e, p) =>
      events.push({ key: e.key, end: e.end, duration: e.duration, ts: p.timestamp, marker: p.marker }),
    );
    const keys: string[] = [];
    b.on('dtmf', (k) => keys.push(k));
    a.setRelaying(true);
    // As a source sends a key: updates under one timestamp, the end three times.
    for (const [end, duration] of [
      [false, 160],
      [false, 320],
      [true, 480],
      [true, 480],
      [true, 480],
    ] as const)
      a.relayEvent({ key: '7', end, volume: 10, duration }, 1234);
    a.relayEvent({ key: '#', end: true, volume: 10, duration: 800 }, 5678);
    await vi.waitFor(() => expect(events).toHaveLength(6), { timeout: 5_000, interval: 20 });
    expect(keys).toEqual(['7', '#']);
    expect(events.map((e) => [e.key, e.end, e.duration, e.marker])).toEqual([
      ['7', false, 160, true],
      ['7', false, 320, false],
      ['7', true, 480, false],
      ['7', true, 480, false],
      ['7', true, 480, false],
      ['#', true, 800, true],
    ]);
    expect(new Set(events.slice(0, 5).map((e) => e.ts)).size).toBe(1);
    // The next key starts past the first one's duration.
    expect((events[5]!.ts - events[0]!.ts) >>> 0).toBeGreaterThanOrEqual(480);
  });
});
