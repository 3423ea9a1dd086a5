import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../../platform/paths';

/**
 * The demo's prompts rendered once, by `npm run demo:prompts`, and shipped: a first `npm start`
 * seeds them without waiting seconds for eSpeak NG (two syntheses, 2-5 s on a loaded machine).
 * Each is `<name>.ul` (raw 8 kHz µ-law, what `ivr_files.audio` holds; `sox -t ul -r 8000 -c 1
 * welcome_en.ul out.wav` plays it) with its entry in `manifest.json`: the text, language and TTS
 * engine it was made from and the sha256 of its bytes. A prompt whose entry no longer matches what
 * the demo asks for (the text changed, another engine) is not used: the seed synthesises it.
 * Read from the server package's sources at run time (as the migrations are), bundle or not.
 */
export const DEMO_PROMPTS_DIR = path.join(SERVER_ROOT, 'src/modules/ivr/demo-prompts');
const MANIFEST = 'manifest.json';

export interface DemoPromptSpec {
  name: string;
  language: string;
  text: string;
  /** The TTS engine (`TTS_ENGINE`: part of the cache key). */
  engine: string;
}

export interface DemoPromptEntry extends DemoPromptSpec {
  durationMs: number;
  /** sha256 of the µ-law bytes, hex. */
  sha256: string;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function readManifest(dir = DEMO_PROMPTS_DIR): DemoPromptEntry[] {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as DemoPromptEntry[];
  } catch {
    return [];
  }
}

/** The shipped rendering of `spec`, or undefined when there is none for exactly this text, language and engine. */
export function readDemoPrompt(
  spec: DemoPromptSpec,
  dir = DEMO_PROMPTS_DIR,
): { audio: Uint8Array; durationMs: number } | undefined {
  const entry = readManifest(dir).find((e) => e.name === spec.name);
  if (!entry || entry.text !== spec.text || entry.language !== spec.language || entry.engine !== spec.engine)
    return undefined;
  let audio: Uint8Array;
  try {
    audio = new Uint8Array(fs.readFileSync(path.join(dir, `${spec.name}.ul`)));
  } catch {
    return undefined;
  }
  if (sha256(audio) !== entry.sha256) return undefined;
  return { audio, durationMs: entry.durationMs };
}

/** Writes the prompts and their manifest (what `npm run demo:prompts` does with eSpeak's output). */
export function writeDemoPrompts(
  prompts: { spec: DemoPromptSpec; audio: Uint8Array; durationMs: number }[],
  dir = DEMO_PROMPTS_DIR,
): DemoPromptEntry[] {
  fs.mkdirSync(dir, { recursive: true });
  const entries = prompts.map(({ spec, audio, durationMs }) => {
    fs.writeFileSync(path.join(dir, `${spec.name}.ul`), audio);
    return { ...spec, durationMs, sha256: sha256(audio) };
  });
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(entries, null, 2)}\n`);
  return entries;
}
