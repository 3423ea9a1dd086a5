/**
 * Text to speech with eSpeak NG compiled to WebAssembly (the `espeak-ng` npm package: no system
 * package). Each synthesis runs in a child Node process: eSpeak's run blocks for seconds (800
 * characters: about 5 s on a loaded 2-core machine) and takes 120-240 MB while it runs, neither of
 * which the server's event loop should carry. One synthesis at a time per process; callers cache
 * the result (the server by a hash of text and voice).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { type Pcm, readWav } from './wav';

export type TtsVoice = 'en' | 'zh';

/**
 * eSpeak NG's voice per language. Mandarin is `cmn-latn-pinyin`: it reads hanzi and digits as
 * Mandarin, where the Debian build's plain `cmn` read digits in English ("nin two hao").
 */
export const ESPEAK_VOICES: Record<TtsVoice, string> = { en: 'en-us', zh: 'cmn-latn-pinyin' };

export interface SynthesizeOptions {
  /** Words per minute (eSpeak's -s, 80..450; default 160 for English, 150 for Mandarin). */
  speed?: number;
  /** Give up after this long (default 120 s). */
  timeoutMs?: number;
}

export class TtsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TtsError';
  }
}

// Runs in the child: the text goes into eSpeak's own file system before main() (preRun), so
// nothing in it can be read as an option, and the WAV comes back on stdout.
const CHILD = `
const [entry, voice, speed] = process.argv.slice(1);
let text = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) text += chunk;
const { default: ESpeakNg } = await import(entry);
const moduleArg = {
  arguments: ['-b', '1', '-v', voice, '-s', speed, '-w', '/tmp/out.wav', '-f', '/tmp/in.txt'],
  print() {},
  printErr(line) { process.stderr.write(line + '\\n'); },
  preRun: [(m) => m.FS.writeFile('/tmp/in.txt', text)],
};
const es = await ESpeakNg(moduleArg);
process.stdout.write(es.FS.readFile('/tmp/out.wav'));
`;

let entryUrl: string | undefined;
function espeakEntry(): string {
  if (!entryUrl) {
    const require = createRequire(import.meta.url);
    entryUrl = pathToFileURL(require.resolve('espeak-ng')).href;
  }
  return entryUrl;
}

let queue: Promise<unknown> = Promise.resolve();

function runChild(text: string, voice: string, speed: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', CHILD, espeakEntry(), voice, String(speed)],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        if (error) {
          reject(new TtsError(`eSpeak NG failed: ${error.message} ${stderr.toString().slice(0, 500)}`));
        } else resolve(stdout);
      },
    );
    child.stdin?.end(text, 'utf8');
  });
}

/** The WAV file eSpeak NG makes of `text` (22,050 Hz, 16-bit mono). */
export function synthesizeWav(
  text: string,
  voice: TtsVoice,
  options: SynthesizeOptions = {},
): Promise<Uint8Array> {
  const speed = Math.min(450, Math.max(80, Math.round(options.speed ?? (voice === 'zh' ? 150 : 160))));
  const run = queue.then(() => runChild(text, ESPEAK_VOICES[voice], speed, options.timeoutMs ?? 120_000));
  queue = run.catch(() => undefined);
  return run.then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
}

/** Text to mono PCM. */
export async function synthesize(
  text: string,
  voice: TtsVoice,
  options: SynthesizeOptions = {},
): Promise<Pcm> {
  if (text.trim() === '') throw new TtsError('nothing to say');
  return readWav(await synthesizeWav(text, voice, options));
}
