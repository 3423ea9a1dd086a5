import { describe, expect, it } from 'vitest';
import { g711Decode } from '../src/audio/g711';
import { resample } from '../src/audio/resample';
import { telephonyToWav, toTelephony } from '../src/audio/telephony';
import { readWav, toInt16, writeWav } from '../src/audio/wav';
import { levelAt, peakOf, tone } from './audio-support';

describe('resample', () => {
  it('keeps a 1 kHz tone at its frequency and level from 44.1 kHz to 8 kHz', () => {
    const y = resample(tone(1000, 44100, 0.5, 0.5), 44100, 8000);
    expect(y.length).toBe(4000);
    expect(levelAt(y, 1000, 8000)).toBeCloseTo(0.5, 1);
  });

  it('filters out what 8 kHz cannot carry instead of folding it back (5 kHz would alias to 3 kHz)', () => {
    const y = resample(tone(5000, 44100, 0.5, 0.5), 44100, 8000);
    // More than 40 dB down.
    expect(levelAt(y, 3000, 8000)).toBeLessThan(0.005);
  });

  it('goes up as well as down (6 kHz to 8 kHz)', () => {
    const y = resample(tone(700, 6000, 0.3, 0.5), 6000, 8000);
    expect(y.length).toBe(2400);
    expect(levelAt(y, 700, 8000)).toBeCloseTo(0.5, 1);
  });
});

describe('toTelephony', () => {
  it('makes 8 kHz G.711 of a 44.1 kHz stereo file, normalised to -1 dBFS without clipping', () => {
    const loud = Float32Array.from(tone(440, 44100, 0.5, 1), (v) => Math.sign(v)); // a full-scale square
    const wav = writeWav(toInt16(loud), 44100);
    for (const codec of ['PCMU', 'PCMA'] as const) {
      const t = toTelephony(wav, codec);
      expect(t.audio.length).toBe(4000);
      expect(t.durationMs).toBe(500);
      const peak = peakOf(g711Decode(t.audio, codec)) / 32768;
      expect(peak).toBeLessThanOrEqual(0.9);
      expect(peak).toBeGreaterThan(0.8);
    }
  });

  it('brings a quiet recording up to the same peak', () => {
    const quiet = tone(440, 16000, 0.4, 0.03);
    const t = toTelephony(writeWav(toInt16(quiet), 16000), 'PCMU');
    const y = g711Decode(t.audio, 'PCMU');
    expect(peakOf(y) / 32768).toBeGreaterThan(0.8);
    expect(levelAt(y, 440, 8000) / 32768).toBeCloseTo(0.89, 1);
  });

  it('leaves silence silent', () => {
    const t = toTelephony(writeWav(new Int16Array(8000), 8000), 'PCMU');
    expect(new Set(t.audio)).toEqual(new Set([0xff]));
  });

  it('gives back a 16-bit PCM WAV of the call audio for a browser', () => {
    const t = toTelephony(writeWav(toInt16(tone(500, 8000, 0.2, 0.5)), 8000), 'PCMA');
    const back = readWav(telephonyToWav(t.audio, 'PCMA'));
    expect(back.sampleRate).toBe(8000);
    expect(back.samples.length).toBe(1600);
    expect(levelAt(back.samples, 500, 8000)).toBeCloseTo(0.89, 1);
  });
});
