import { describe, expect, it } from 'vitest';
import { toTelephony } from '../src/audio/telephony';
import { synthesize, synthesizeWav } from '../src/audio/tts';
import { peakOf } from './audio-support';

describe('synthesize (eSpeak NG in WebAssembly, in a child process)', () => {
  it('speaks English', async () => {
    const pcm = await synthesize('Welcome. Press 1 for yes, 2 for no.', 'en');
    expect(pcm.sampleRate).toBe(22050);
    const seconds = pcm.samples.length / pcm.sampleRate;
    expect(seconds).toBeGreaterThan(1.5);
    expect(seconds).toBeLessThan(10);
    expect(peakOf(pcm.samples)).toBeGreaterThan(0.05);
  }, 120_000);

  it('speaks Mandarin, and text that starts with a dash is read, not taken as an option', async () => {
    const zh = await synthesize('欢迎致电。确认请按1，取消请按2。', 'zh');
    expect(zh.samples.length / zh.sampleRate).toBeGreaterThan(2);
    expect(peakOf(zh.samples)).toBeGreaterThan(0.05);
    const dash = await synthesizeWav('-v xx --help', 'en');
    const t = toTelephony(dash, 'PCMU');
    expect(t.durationMs).toBeGreaterThan(500);
  }, 120_000);
});
