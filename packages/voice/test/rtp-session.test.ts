import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_BYTES, MediaClock, type NegotiatedMedia, RtpSession } from '../src';

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
});
