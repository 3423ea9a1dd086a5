/**
 * Band-limited resampling with a Blackman-windowed sinc: the low-pass sits at 95 % of the lower
 * rate's Nyquist frequency, so 44.1 kHz or 22.05 kHz speech comes down to 8 kHz without aliasing.
 * The kernel is tabulated once and read with linear interpolation (no trigonometry per tap).
 * Our own (about 60 lines) rather than a package: the npm resamplers that fit were either
 * browser-only (Web Audio) or larger than this file and its test.
 */

/** Zero crossings of the sinc on each side of the centre. */
const HALF_ZEROS = 16;
const STEPS_PER_ZERO = 512;
const KERNEL = (() => {
  const n = HALF_ZEROS * STEPS_PER_ZERO;
  const table = new Float64Array(n + 2);
  for (let i = 0; i <= n; i += 1) {
    const u = i / STEPS_PER_ZERO; // in zero crossings
    const sinc = u === 0 ? 1 : Math.sin(Math.PI * u) / (Math.PI * u);
    // Blackman window over -HALF_ZEROS..HALF_ZEROS, at u from the centre.
    const w =
      0.42 + 0.5 * Math.cos((Math.PI * u) / HALF_ZEROS) + 0.08 * Math.cos((2 * Math.PI * u) / HALF_ZEROS);
    table[i] = sinc * w;
  }
  return table;
})();

function kernel(u: number): number {
  const x = Math.abs(u) * STEPS_PER_ZERO;
  const i = Math.floor(x);
  if (i >= HALF_ZEROS * STEPS_PER_ZERO) return 0;
  const frac = x - i;
  return (KERNEL[i] as number) * (1 - frac) + (KERNEL[i + 1] as number) * frac;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Most phases a polyphase table may have (8 kHz from 44.1 kHz needs 80, from 22.05 kHz 160). */
const MAX_PHASES = 2048;

/**
 * Resamples mono audio from one rate to another (the same rate: a copy). Output sample j sits at
 * input position j * from / to. When the rates' ratio reduces to at most MAX_PHASES output phases
 * (every pair of common rates), each phase's taps are computed once and the work per output sample
 * is one dot product; otherwise the kernel is read per tap.
 */
export function resample(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return samples.slice();
  const ratio = toRate / fromRate;
  const outLength = Math.max(0, Math.round(samples.length * ratio));
  const out = new Float32Array(outLength);
  // Cut-off as a fraction of the input's Nyquist frequency.
  const cutoff = Math.min(1, ratio) * 0.95;
  const reach = HALF_ZEROS / cutoff; // input samples on each side
  const last = samples.length - 1;
  const g = gcd(fromRate, toRate);
  const phases = toRate / g; // L: output j has phase j mod L
  const step = fromRate / g; // M: input samples per L outputs
  const span = Math.floor(reach) + 1;
  const width = 2 * span + 1;
  let table: Float64Array | null = null;
  if (Number.isInteger(phases) && phases <= MAX_PHASES) {
    table = new Float64Array(phases * width);
    for (let p = 0; p < phases; p += 1) {
      const frac = ((p * step) % phases) / phases; // centre - floor(centre)
      for (let k = -span; k <= span; k += 1) table[p * width + k + span] = kernel((frac - k) * cutoff);
    }
  }
  for (let j = 0; j < outLength; j += 1) {
    const centre = j / ratio;
    let sum = 0;
    let weights = 0;
    if (table) {
      const base = Math.floor((j * step) / phases);
      const row = (j % phases) * width;
      const from = Math.max(-span, -base);
      const to = Math.min(span, last - base);
      for (let k = from; k <= to; k += 1) {
        const w = table[row + k + span] as number;
        sum += (samples[base + k] as number) * w;
        weights += w;
      }
    } else {
      const from = Math.max(0, Math.ceil(centre - reach));
      const to = Math.min(last, Math.floor(centre + reach));
      for (let i = from; i <= to; i += 1) {
        const w = kernel((centre - i) * cutoff);
        sum += (samples[i] as number) * w;
        weights += w;
      }
    }
    // Dividing by the weights keeps the gain at 1 at the edges, where the kernel is cut short.
    out[j] = weights > 0 ? sum / weights : 0;
  }
  return out;
}
