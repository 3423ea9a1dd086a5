/**
 * WAV (RIFF WAVE) read and write. Read: PCM 8 (unsigned), 16, 24 and 32-bit, IEEE float 32 and
 * 64-bit, µ-law and A-law, plain or WAVE_FORMAT_EXTENSIBLE, any rate and channel count; the
 * channels are mixed down to one. Write: mono 16-bit PCM, µ-law or A-law.
 */
import { g711Decode, g711Encode } from './g711';

/** Mono audio: samples in -1..1 at `sampleRate`. */
export interface Pcm {
  samples: Float32Array;
  sampleRate: number;
}

export type WavEncoding = 'pcm16' | 'mulaw' | 'alaw';

/** Why a file is not a WAV this reader takes (the caller turns it into a user's error). */
export class WavError extends Error {
  constructor(
    readonly reason: 'not_wav' | 'unsupported_format' | 'no_audio',
    message: string,
  ) {
    super(message);
    this.name = 'WavError';
  }
}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_ALAW = 6;
const FORMAT_MULAW = 7;
const FORMAT_EXTENSIBLE = 0xfffe;

function ascii(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0);
}

/** Reads a WAV file into mono float samples at its own rate. */
export function readWav(bytes: Uint8Array): Pcm {
  if (bytes.length < 12 || ascii(bytes, 0) !== 'RIFF' || ascii(bytes, 8) !== 'WAVE') {
    throw new WavError('not_wav', 'not a RIFF WAVE file');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt: { format: number; channels: number; rate: number; bits: number; align: number } | null = null;
  let data: Uint8Array | null = null;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at);
    const size = view.getUint32(at + 4, true);
    const start = at + 8;
    // A streaming writer leaves the size 0 or 0xFFFFFFFF: take what is there.
    const end = Math.min(bytes.length, start + size);
    if (id === 'fmt ' && end - start >= 16) {
      let format = view.getUint16(start, true);
      if (format === FORMAT_EXTENSIBLE && end - start >= 26) format = view.getUint16(start + 24, true);
      fmt = {
        format,
        channels: view.getUint16(start + 2, true),
        rate: view.getUint32(start + 4, true),
        align: view.getUint16(start + 12, true),
        bits: view.getUint16(start + 14, true),
      };
    } else if (id === 'data') {
      data = bytes.subarray(start, end);
      if (fmt) break;
    }
    at = start + size + (size & 1);
    if (size === 0xffffffff) break;
  }
  if (!fmt) throw new WavError('not_wav', 'the WAV file has no format chunk');
  if (!data) throw new WavError('no_audio', 'the WAV file has no data chunk');
  const { format, channels, rate, bits } = fmt;
  if (channels < 1 || rate < 1000 || rate > 384000) {
    throw new WavError('unsupported_format', `${channels} channels at ${rate} Hz`);
  }
  const width = format === FORMAT_ALAW || format === FORMAT_MULAW ? 1 : Math.ceil(bits / 8);
  const supported =
    (format === FORMAT_PCM && [8, 16, 24, 32].includes(width * 8)) ||
    (format === FORMAT_FLOAT && (bits === 32 || bits === 64)) ||
    ((format === FORMAT_ALAW || format === FORMAT_MULAW) && bits === 8);
  if (!supported) throw new WavError('unsupported_format', `format ${format}, ${bits} bits`);
  const frameBytes = Math.max(fmt.align, width * channels);
  const frames = Math.floor(data.length / frameBytes);
  if (frames === 0) throw new WavError('no_audio', 'the WAV file holds no samples');
  const d = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const law =
    format === FORMAT_MULAW
      ? g711Decode(data, 'PCMU')
      : format === FORMAT_ALAW
        ? g711Decode(data, 'PCMA')
        : null;
  const sampleAt = (offset: number): number => {
    if (law) return (law[offset] as number) / 32768;
    if (format === FORMAT_FLOAT) return bits === 32 ? d.getFloat32(offset, true) : d.getFloat64(offset, true);
    switch (width) {
      case 1:
        return ((data[offset] as number) - 128) / 128;
      case 2:
        return d.getInt16(offset, true) / 32768;
      case 3: {
        const v =
          (data[offset] as number) |
          ((data[offset + 1] as number) << 8) |
          ((data[offset + 2] as number) << 16);
        return ((v << 8) >> 8) / 8388608;
      }
      default:
        return d.getInt32(offset, true) / 2147483648;
    }
  };
  const samples = new Float32Array(frames);
  for (let f = 0; f < frames; f += 1) {
    let sum = 0;
    for (let c = 0; c < channels; c += 1) sum += sampleAt(f * frameBytes + c * width);
    const v = sum / channels;
    // A float file may hold NaN or values past full scale: keep them finite and in range.
    samples[f] = Number.isFinite(v) ? Math.max(-1, Math.min(1, v)) : 0;
  }
  return { samples, sampleRate: rate };
}

/** Float -1..1 to 16-bit, rounded and clamped. */
export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) {
    const v = Math.round((samples[i] as number) * 32768);
    out[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  }
  return out;
}

/** Writes mono audio as a WAV file: 16-bit PCM (what every browser plays), µ-law or A-law. */
export function writeWav(
  samples: Int16Array,
  sampleRate: number,
  encoding: WavEncoding = 'pcm16',
): Uint8Array {
  const law = encoding === 'pcm16' ? null : g711Encode(samples, encoding === 'mulaw' ? 'PCMU' : 'PCMA');
  const width = law ? 1 : 2;
  const dataBytes = samples.length * width;
  // A-law and µ-law files carry an 18-byte fmt chunk (cbSize 0) and a fact chunk.
  const fmtSize = law ? 18 : 16;
  const factSize = law ? 12 : 0;
  const header = 12 + 8 + fmtSize + factSize + 8;
  const out = new Uint8Array(header + dataBytes + (dataBytes & 1));
  const v = new DataView(out.buffer);
  const put = (at: number, text: string) => {
    for (let i = 0; i < 4; i += 1) out[at + i] = text.charCodeAt(i);
  };
  put(0, 'RIFF');
  v.setUint32(4, out.length - 8, true);
  put(8, 'WAVE');
  put(12, 'fmt ');
  v.setUint32(16, fmtSize, true);
  v.setUint16(20, law ? (encoding === 'mulaw' ? FORMAT_MULAW : FORMAT_ALAW) : FORMAT_PCM, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * width, true);
  v.setUint16(32, width, true);
  v.setUint16(34, width * 8, true);
  let at = 36;
  if (law) {
    v.setUint16(at, 0, true);
    at += 2;
    put(at, 'fact');
    v.setUint32(at + 4, 4, true);
    v.setUint32(at + 8, samples.length, true);
    at += 12;
  }
  put(at, 'data');
  v.setUint32(at + 4, dataBytes, true);
  at += 8;
  if (law) out.set(law, at);
  else for (let i = 0; i < samples.length; i += 1) v.setInt16(at + i * 2, samples[i] as number, true);
  return out;
}
