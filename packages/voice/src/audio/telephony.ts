/**
 * Any WAV to what a call plays: mono, 8 kHz, normalised to 1 dB below full scale (as
 * `sox ... gain -n -1`: louder or softer until the peak is at -1 dBFS, so it never clips), G.711.
 */
import { type G711Codec, g711Decode, g711Encode } from './g711';
import { resample } from './resample';
import { type Pcm, readWav, toInt16, writeWav } from './wav';

export const TELEPHONY_RATE = 8000;
/** Peak level after normalisation, in dB below full scale. */
export const NORMALISE_PEAK_DB = -1;

export interface TelephonyAudio {
  codec: G711Codec;
  /** One byte per sample at 8 kHz (160 bytes per 20 ms frame). */
  audio: Uint8Array;
  durationMs: number;
}

/** Scales audio so that its peak is at `peakDb` dBFS; silence stays silence. */
export function normalise(samples: Float32Array, peakDb = NORMALISE_PEAK_DB): Float32Array {
  let peak = 0;
  for (const s of samples) {
    const a = Math.abs(s);
    if (a > peak) peak = a;
  }
  const out = new Float32Array(samples.length);
  if (peak < 1e-6) return out;
  const gain = 10 ** (peakDb / 20) / peak;
  for (let i = 0; i < samples.length; i += 1) out[i] = (samples[i] as number) * gain;
  return out;
}

/** Mono PCM at any rate to 8 kHz G.711. */
export function pcmToTelephony(pcm: Pcm, codec: G711Codec): TelephonyAudio {
  const at8k = normalise(resample(pcm.samples, pcm.sampleRate, TELEPHONY_RATE));
  const audio = g711Encode(toInt16(at8k), codec);
  return { codec, audio, durationMs: Math.round((audio.length * 1000) / TELEPHONY_RATE) };
}

/** A WAV file (any width, rate and channel count `readWav` takes) to 8 kHz G.711. */
export function toTelephony(wav: Uint8Array, codec: G711Codec): TelephonyAudio {
  return pcmToTelephony(readWav(wav), codec);
}

/** 8 kHz G.711 back to a 16-bit PCM WAV file, which every browser's `<audio>` plays. */
export function telephonyToWav(audio: Uint8Array, codec: G711Codec): Uint8Array {
  return writeWav(g711Decode(audio, codec), TELEPHONY_RATE, 'pcm16');
}

/** G.711 bytes in another law (µ-law and A-law both carry 13-14 bits; one step may round). */
export function transcode(audio: Uint8Array, from: G711Codec, to: G711Codec): Uint8Array {
  return from === to ? audio.slice() : g711Encode(g711Decode(audio, from), to);
}
