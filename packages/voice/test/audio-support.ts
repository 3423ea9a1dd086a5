/** Test helpers: tones, a level meter (Goertzel) and WAV files built by hand, byte by byte. */

export function tone(freq: number, rate: number, seconds: number, amplitude = 0.5): Float32Array {
  const n = Math.round(rate * seconds);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i += 1) out[i] = amplitude * Math.sin((2 * Math.PI * freq * i) / rate);
  return out;
}

/** Amplitude of the `freq` component (a sine of amplitude A reads A). */
export function levelAt(samples: ArrayLike<number>, freq: number, rate: number): number {
  const w = (2 * Math.PI * freq) / rate;
  let re = 0;
  let im = 0;
  for (let i = 0; i < samples.length; i += 1) {
    re += (samples[i] as number) * Math.cos(w * i);
    im -= (samples[i] as number) * Math.sin(w * i);
  }
  return (2 * Math.hypot(re, im)) / samples.length;
}

export function peakOf(samples: ArrayLike<number>): number {
  let p = 0;
  for (let i = 0; i < samples.length; i += 1) p = Math.max(p, Math.abs(samples[i] as number));
  return p;
}

interface HandWav {
  format: number;
  channels: number;
  rate: number;
  bits: number;
  /** Writes one sample (-1..1) at `at` in the data. */
  put: (view: DataView, at: number, value: number) => void;
  extensible?: boolean;
  /** A chunk before fmt (readers must skip it). */
  junk?: boolean;
}

/** A WAV file with `channels[c]` as each channel's samples. */
export function handWav(spec: HandWav, channels: Float32Array[]): Uint8Array {
  const width = spec.bits / 8;
  const frames = channels[0]?.length ?? 0;
  const dataBytes = frames * width * spec.channels;
  const fmtSize = spec.extensible ? 40 : 16;
  const junk = spec.junk ? 8 + 5 + 1 : 0; // odd size: padded
  const out = new Uint8Array(12 + junk + 8 + fmtSize + 8 + dataBytes);
  const v = new DataView(out.buffer);
  const put4 = (at: number, s: string) => {
    for (let i = 0; i < 4; i += 1) out[at + i] = s.charCodeAt(i);
  };
  put4(0, 'RIFF');
  v.setUint32(4, out.length - 8, true);
  put4(8, 'WAVE');
  let at = 12;
  if (spec.junk) {
    put4(at, 'LIST');
    v.setUint32(at + 4, 5, true);
    at += junk;
  }
  put4(at, 'fmt ');
  v.setUint32(at + 4, fmtSize, true);
  v.setUint16(at + 8, spec.extensible ? 0xfffe : spec.format, true);
  v.setUint16(at + 10, spec.channels, true);
  v.setUint32(at + 12, spec.rate, true);
  v.setUint32(at + 16, spec.rate * width * spec.channels, true);
  v.setUint16(at + 20, width * spec.channels, true);
  v.setUint16(at + 22, spec.bits, true);
  if (spec.extensible) {
    v.setUint16(at + 24, 22, true);
    v.setUint16(at + 26, spec.bits, true);
    v.setUint32(at + 28, 0, true);
    v.setUint16(at + 32, spec.format, true); // sub-format GUID's first two bytes
  }
  at += 8 + fmtSize;
  put4(at, 'data');
  v.setUint32(at + 4, dataBytes, true);
  at += 8;
  for (let f = 0; f < frames; f += 1) {
    for (let c = 0; c < spec.channels; c += 1) {
      spec.put(v, at, channels[c]?.[f] ?? 0);
      at += width;
    }
  }
  return out;
}
