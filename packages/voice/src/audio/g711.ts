/**
 * G.711 (ITU-T G.711, the segment tables of the reference `g711.c`): µ-law (PCMU, RTP payload
 * type 0) and A-law (PCMA, payload type 8), 16-bit linear samples in and out. Both directions are
 * table look-ups built once: 256 entries to decode, 65,536 to encode.
 */

export type G711Codec = 'PCMU' | 'PCMA';

/** µ-law byte of one 16-bit sample (bias 0x84, clip at 32,635, every bit inverted). */
function muLawOf(sample: number): number {
  let pcm = sample >> 2; // 14-bit
  let mask = 0xff;
  if (pcm < 0) {
    pcm = -pcm;
    mask = 0x7f;
  }
  if (pcm > 8159) pcm = 8159;
  pcm += 0x21;
  let segment = 0;
  for (let end = 0x3f; segment < 8 && pcm > end; end = (end << 1) | 1) segment += 1;
  if (segment >= 8) return 0x7f ^ mask;
  return ((segment << 4) | ((pcm >> (segment + 1)) & 0x0f)) ^ mask;
}

function muLawValue(byte: number): number {
  const u = ~byte & 0xff;
  let t = ((u & 0x0f) << 3) + 0x84;
  t <<= (u & 0x70) >> 4;
  return u & 0x80 ? 0x84 - t : t - 0x84;
}

/** A-law byte of one 16-bit sample (13-bit magnitude, even bits inverted with 0x55). */
function aLawOf(sample: number): number {
  let pcm = sample >> 3; // 13-bit
  let mask = 0xd5;
  if (pcm < 0) {
    mask = 0x55;
    pcm = -pcm - 1;
  }
  let segment = 0;
  for (let end = 0x1f; segment < 8 && pcm > end; end = (end << 1) | 1) segment += 1;
  if (segment >= 8) return 0x7f ^ mask;
  const value = (segment << 4) | ((segment < 2 ? pcm >> 1 : pcm >> segment) & 0x0f);
  return value ^ mask;
}

function aLawValue(byte: number): number {
  const a = byte ^ 0x55;
  let t = (a & 0x0f) << 4;
  const segment = (a & 0x70) >> 4;
  if (segment === 0) t += 8;
  else {
    t += 0x108;
    if (segment > 1) t <<= segment - 1;
  }
  return a & 0x80 ? t : -t;
}

function tables(of: (s: number) => number, value: (b: number) => number) {
  const encode = new Uint8Array(65536);
  for (let s = -32768; s < 32768; s += 1) encode[s & 0xffff] = of(s);
  const decode = new Int16Array(256);
  for (let b = 0; b < 256; b += 1) decode[b] = value(b);
  return { encode, decode };
}

const MU = tables(muLawOf, muLawValue);
const A = tables(aLawOf, aLawValue);
const TABLES = { PCMU: MU, PCMA: A } as const;

/** The byte that is silence in each law (µ-law 0xFF, A-law 0xD5). */
export const G711_SILENCE: Record<G711Codec, number> = { PCMU: 0xff, PCMA: 0xd5 };

/** Encodes 16-bit samples (values outside -32768..32767 are clamped). */
export function g711Encode(samples: Int16Array | ArrayLike<number>, codec: G711Codec): Uint8Array {
  const table = TABLES[codec].encode;
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) {
    const s = samples[i] as number;
    const clamped = s > 32767 ? 32767 : s < -32768 ? -32768 : s | 0;
    out[i] = table[clamped & 0xffff] as number;
  }
  return out;
}

/** Decodes G.711 bytes to 16-bit samples. */
export function g711Decode(bytes: Uint8Array, codec: G711Codec): Int16Array {
  const table = TABLES[codec].decode;
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) out[i] = table[bytes[i] as number] as number;
  return out;
}

export const muLawEncode = (samples: Int16Array | ArrayLike<number>) => g711Encode(samples, 'PCMU');
export const muLawDecode = (bytes: Uint8Array) => g711Decode(bytes, 'PCMU');
export const aLawEncode = (samples: Int16Array | ArrayLike<number>) => g711Encode(samples, 'PCMA');
export const aLawDecode = (bytes: Uint8Array) => g711Decode(bytes, 'PCMA');
