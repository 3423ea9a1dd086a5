import path from 'node:path';
import { synthesizeWav, toTelephony } from '@switchboard/voice';
import { DEMO_IVR, DEMO_PROMPTS_DIR, TTS_ENGINE, writeDemoPrompts } from './modules/ivr';
import { REPO_ROOT } from './platform/paths';

/**
 * `npm run demo:prompts`: renders the demo's IVR prompts (DEMO_IVR) with the TTS engine the server
 * uses and writes them, with their manifest, to `modules/ivr/demo-prompts/`, which the demo seed
 * reads instead of synthesising at first start. Run it after changing a demo prompt's text or the
 * engine (`unit-demo-prompts.test.ts` fails until then).
 */
const prompts = [];
for (const f of DEMO_IVR.files) {
  const started = performance.now();
  const { audio, durationMs } = toTelephony(await synthesizeWav(f.text, f.language), 'PCMU');
  prompts.push({
    spec: { name: f.name, language: f.language, text: f.text, engine: TTS_ENGINE },
    audio,
    durationMs,
  });
  console.log(
    `${f.name}: ${(durationMs / 1000).toFixed(1)} s of audio in ${Math.round(performance.now() - started)} ms`,
  );
}
writeDemoPrompts(prompts);
console.log(`written to ${path.relative(REPO_ROOT, DEMO_PROMPTS_DIR)}`);
