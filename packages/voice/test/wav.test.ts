import { describe, expect, it } from 'vitest';
import { aLawEncode, muLawEncode } from '../src/audio/g711';
import { readWav, WavError, writeWav } from '../src/audio/wav';
import { handWav, levelAt, tone } from './audio-support';

const int = (bits: number) => (v: DataView, at: number, x: number) => {
  const max = 2 ** (bits - 1) - 1;
  const n = Math.round(x * max);
  if (bits === 16) v.setInt16(at, n, true);
  else if (bits === 32) v.setInt32(at, n, true);
  else {
    v.setUint8(at, n & 0xff);
    v.setUint8(at + 1, (n >> 8) & 0xff);
    v.setUint8(at + 2, (n >> 16) & 0xff);
  }
};

describe('readWav', () => {
  const left = tone(440, 16000, 0.25, 0.6);
  const cases = [
    {
      name: '8-bit unsigned',
      format: 1,
      bits: 8,
      put: (v: DataView, at: number, x: number) => v.setUint8(at, Math.round(x * 127) + 128),
    },
    { name: '16-bit', format: 1, bits: 16, put: int(16) },
    { name: '24-bit', format: 1, bits: 24, put: int(24) },
    { name: '32-bit', format: 1, bits: 32, put: int(32) },
    {
      name: '32-bit float',
      format: 3,
      bits: 32,
      put: (v: DataView, at: number, x: number) => v.setFloat32(at, x, true),
    },
    {
      name: '64-bit float',
      format: 3,
      bits: 64,
      put: (v: DataView, at: number, x: number) => v.setFloat64(at, x, true),
    },
    {
      name: 'µ-law',
      format: 7,
      bits: 8,
      put: (v: DataView, at: number, x: number) =>
        v.setUint8(at, muLawEncode([Math.round(x * 32767)])[0] as number),
    },
    {
      name: 'A-law',
      format: 6,
      bits: 8,
      put: (v: DataView, at: number, x: number) =>
        v.setUint8(at, aLawEncode([Math.round(x * 32767)])[0] as number),
    },
  ];
  for (const c of cases) {
    it(`reads ${c.name} mono, plain and extensible, past a chunk it does not know`, () => {
      for (const extensible of [false, true]) {
        const pcm = readWav(handWav({ ...c, channels: 1, rate: 16000, extensible, junk: true }, [left]));
        expect(pcm.sampleRate).toBe(16000);
        expect(pcm.samples.length).toBe(left.length);
        expect(levelAt(pcm.samples, 440, 16000)).toBeCloseTo(0.6, 1);
      }
    });
  }

  it('mixes stereo down to the mean of the channels', () => {
    const right = tone(1000, 22050, 0.2, 0.4);
    const l = tone(440, 22050, 0.2, 0.4);
    const pcm = readWav(handWav({ format: 1, bits: 16, channels: 2, rate: 22050, put: int(16) }, [l, right]));
    expect(pcm.sampleRate).toBe(22050);
    expect(levelAt(pcm.samples, 440, 22050)).toBeCloseTo(0.2, 1);
    expect(levelAt(pcm.samples, 1000, 22050)).toBeCloseTo(0.2, 1);
  });

  it('reads back what writeWav wrote, in 16-bit, µ-law and A-law', () => {
    const x = Int16Array.from(tone(300, 8000, 0.1, 0.5), (v) => Math.round(v * 32767));
    for (const enc of ['pcm16', 'mulaw', 'alaw'] as const) {
      const pcm = readWav(writeWav(x, 8000, enc));
      expect(pcm.sampleRate).toBe(8000);
      expect(pcm.samples.length).toBe(x.length);
      expect(levelAt(pcm.samples, 300, 8000)).toBeCloseTo(0.5, 1);
    }
  });

  it('refuses what is not a WAV it can read, with a reason', () => {
    const reason = (bytes: Uint8Array) => {
      try {
        readWav(bytes);
        return 'read';
      } catch (e) {
        return e instanceof WavError ? e.reason : 'other';
      }
    };
    expect(reason(new TextEncoder().encode('ID3 this is an mp3 really'))).toBe('not_wav');
    expect(reason(new Uint8Array(0))).toBe('not_wav');
    const header = writeWav(new Int16Array(0), 8000);
    expect(reason(header)).toBe('no_audio');
    const adpcm = handWav({ format: 2, bits: 4 * 2, channels: 1, rate: 8000, put: () => {} }, [
      new Float32Array(10),
    ]);
    expect(reason(adpcm)).toBe('unsupported_format');
    // A truncated file (the data chunk claims more than is there) reads what is there.
    const whole = writeWav(
      Int16Array.from({ length: 800 }, () => 1000),
      8000,
    );
    expect(readWav(whole.subarray(0, whole.length - 100)).samples.length).toBe(750);
  });
});
