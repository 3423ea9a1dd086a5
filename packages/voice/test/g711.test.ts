import { describe, expect, it } from 'vitest';
import { aLawDecode, aLawEncode, g711Decode, g711Encode, muLawDecode, muLawEncode } from '../src/audio/g711';
import { levelAt, tone } from './audio-support';

describe('G.711 µ-law', () => {
  it('decodes the reference values of the ITU tables', () => {
    const d = muLawDecode(Uint8Array.from([0x00, 0x7f, 0x80, 0xff, 0xf0, 0x70, 0x8f, 0x0f]));
    expect(Array.from(d)).toEqual([-32124, 0, 32124, 0, 120, -120, 16764, -16764]);
  });

  it('encodes silence, full scale and clipping', () => {
    expect(Array.from(muLawEncode([0, 32767, -32768, 40000, -40000]))).toEqual([
      0xff, 0x80, 0x00, 0x80, 0x00,
    ]);
  });

  it('re-encodes every decoded byte to itself (0x7F is the second zero)', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const back = muLawEncode(muLawDecode(all));
    for (let b = 0; b < 256; b += 1) expect(back[b]).toBe(b === 0x7f ? 0xff : b);
  });

  it('keeps decoded values increasing within each sign', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const d = muLawDecode(all);
    // 0x00..0x7F are negative from -32124 up to 0; 0x80..0xFF positive from 32124 down to 0.
    for (let b = 1; b < 128; b += 1) expect(d[b]).toBeGreaterThan(d[b - 1] as number);
    for (let b = 129; b < 256; b += 1) expect(d[b]).toBeLessThan(d[b - 1] as number);
  });
});

describe('G.711 A-law', () => {
  it('decodes the reference values of the ITU tables', () => {
    const d = aLawDecode(Uint8Array.from([0xd5, 0x55, 0xaa, 0x2a, 0xd4, 0x54]));
    expect(Array.from(d)).toEqual([8, -8, 32256, -32256, 24, -24]);
  });

  it('encodes silence and full scale', () => {
    expect(Array.from(aLawEncode([0, 32767, -32768, 100000]))).toEqual([0xd5, 0xaa, 0x2a, 0xaa]);
  });

  it('re-encodes every decoded byte to itself', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(Array.from(aLawEncode(aLawDecode(all)))).toEqual(Array.from(all));
  });
});

describe('G.711 round trip of a tone', () => {
  for (const codec of ['PCMU', 'PCMA'] as const) {
    it(`${codec}: a -6 dBFS 1 kHz tone comes back with a signal-to-noise ratio above 30 dB`, () => {
      const x = tone(1000, 8000, 0.5, 0.5);
      const pcm = Int16Array.from(x, (v) => Math.round(v * 32767));
      const y = g711Decode(g711Encode(pcm, codec), codec);
      let signal = 0;
      let noise = 0;
      for (let i = 0; i < pcm.length; i += 1) {
        signal += (pcm[i] as number) ** 2;
        noise += ((pcm[i] as number) - (y[i] as number)) ** 2;
      }
      expect(10 * Math.log10(signal / noise)).toBeGreaterThan(30);
      expect(levelAt(y, 1000, 8000) / 32767).toBeCloseTo(0.5, 1);
    });
  }
});
