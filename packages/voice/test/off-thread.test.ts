import { afterAll, describe, expect, it } from 'vitest';
import { stopAudioWorker, toTelephonyOffThread } from '../src/audio/off-thread';
import { toTelephony } from '../src/audio/telephony';
import { toInt16, WavError, writeWav } from '../src/audio/wav';
import { tone } from './audio-support';

/**
 * `toTelephonyOffThread`: the same bytes as `toTelephony`, computed in the audio worker thread,
 * with its refusals (WavError and reason) carried back, while this thread's event loop runs on.
 */
afterAll(() => stopAudioWorker());

describe('toTelephonyOffThread', () => {
  it('gives the bytes toTelephony gives, for both laws', async () => {
    const wav = writeWav(toInt16(tone(440, 44100, 0.7, 0.4)), 44100);
    for (const codec of ['PCMU', 'PCMA'] as const) {
      const off = await toTelephonyOffThread(wav, codec);
      const here = toTelephony(wav, codec);
      expect(off.codec).toBe(codec);
      expect(off.durationMs).toBe(here.durationMs);
      expect(off.audio).toEqual(here.audio);
    }
  });

  it('throws the WavError of the worker with its reason', async () => {
    const refused = await toTelephonyOffThread(
      new TextEncoder().encode('ID3 not a wav at all'),
      'PCMU',
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WavError);
    expect((refused as WavError).reason).toBe('not_wav');
    const empty = await toTelephonyOffThread(writeWav(new Int16Array(0), 8000), 'PCMU').catch(
      (e: unknown) => e,
    );
    expect((empty as WavError).reason).toBe('no_audio');
  });

  it('runs in another thread: this event loop turns many times during a long conversion', async () => {
    // 60 s of 48 kHz audio: a good part of a second of resampling.
    const wav = writeWav(toInt16(tone(300, 48000, 60, 0.3)), 48000);
    let turns = 0;
    let converting = true;
    const spin = () => {
      turns++;
      if (converting) setImmediate(spin);
    };
    setImmediate(spin);
    const result = await toTelephonyOffThread(wav, 'PCMU');
    converting = false;
    expect(result.audio.length).toBe(480_000);
    // On this thread it would have been one turn before the work and one after.
    expect(turns).toBeGreaterThan(20);
  });

  it('starts a new worker after the last one was stopped, and jobs run in order', async () => {
    await stopAudioWorker();
    const wavs = [0.1, 0.2, 0.3].map((s) => writeWav(toInt16(tone(500, 16000, s, 0.5)), 16000));
    const results = await Promise.all(wavs.map((w) => toTelephonyOffThread(w, 'PCMU')));
    expect(results.map((r) => r.durationMs)).toEqual([100, 200, 300]);
  });
});
