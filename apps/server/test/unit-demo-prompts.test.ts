import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_IVR, readDemoPrompt, readManifest, TTS_ENGINE, writeDemoPrompts } from '../src/modules/ivr';

/**
 * The demo's pre-rendered prompts (`modules/ivr/demo-prompts/`, `npm run demo:prompts`): one per
 * demo file, made from the text, language and engine the demo asks for now; a prompt whose text,
 * engine or bytes differ is not used.
 */
describe('shipped demo prompts', () => {
  it('are there for every demo file, rendered from its current text by the current engine', () => {
    const manifest = readManifest();
    expect(manifest.map((e) => e.name).sort()).toEqual(DEMO_IVR.files.map((f) => f.name).sort());
    for (const f of DEMO_IVR.files) {
      const shipped = readDemoPrompt({ ...f, engine: TTS_ENGINE });
      expect(shipped, `${f.name}: run npm run demo:prompts`).toBeDefined();
      // 8,000 µ-law bytes a second, seconds of speech.
      expect(Math.abs(shipped!.audio.length / 8 - shipped!.durationMs)).toBeLessThanOrEqual(1);
      expect(shipped!.durationMs).toBeGreaterThan(2000);
    }
  });

  it('are not used for another text, language or engine, nor when their bytes changed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-prompts-'));
    const spec = { name: 'hello', language: 'en', text: 'Hello.', engine: 'engine-1' };
    writeDemoPrompts([{ spec, audio: new Uint8Array(800).fill(0x7f), durationMs: 100 }], dir);
    expect(readDemoPrompt(spec, dir)).toEqual({ audio: new Uint8Array(800).fill(0x7f), durationMs: 100 });
    expect(readDemoPrompt({ ...spec, text: 'Hello!' }, dir)).toBeUndefined();
    expect(readDemoPrompt({ ...spec, language: 'zh' }, dir)).toBeUndefined();
    expect(readDemoPrompt({ ...spec, engine: 'engine-2' }, dir)).toBeUndefined();
    expect(readDemoPrompt({ ...spec, name: 'other' }, dir)).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'hello.ul'), new Uint8Array(800).fill(0x7e));
    expect(readDemoPrompt(spec, dir)).toBeUndefined();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
