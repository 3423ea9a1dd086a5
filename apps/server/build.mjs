// `npm run build -w apps/server`: the server bundled into one ES module, `dist/main.mjs`, which
// `npm start` runs with plain Node. Running the TypeScript sources through tsx's loader costs
// about 100 MB more memory for the life of the process (measured: 254-315 MB idle against 155 MB).
// The workspace packages (TypeScript sources) are bundled in; npm packages stay external and load
// from node_modules as usual. Takes a fraction of a second.
// Beside it: `dist/audio-worker.mjs`, the audio worker thread of `@switchboard/voice`
// (`toTelephonyOffThread` starts it from the file of that name next to the bundle).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@switchboard/'));

export async function buildServer() {
  await build({
    entryPoints: {
      main: path.join(here, 'src/main.ts'),
      // AUDIO_WORKER_BUNDLE in packages/voice/src/audio/off-thread.ts
      'audio-worker': path.join(here, '../../packages/voice/src/audio/worker.ts'),
    },
    outdir: path.join(here, 'dist'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    logLevel: 'warning',
    // Keep every module as the sources run: the contracts' `zod-setup` is imported only for its
    // effect (the error map), and a package.json `sideEffects` list let esbuild drop it once.
    ignoreAnnotations: true,
  });
  return path.join(here, 'dist/main.mjs');
}

/**
 * The Node flags the server runs with (besides --enable-source-maps). V8 lets the heap grow by
 * how large its limit is: with Node's default limit (about 4 GB on a machine with much memory)
 * the server peaked at 421-464 MB RSS in bench:sms; with a 1,536 MB limit at 252-268 MB, with no
 * loss of throughput (2026-11-26, PostgreSQL, quiet 2-core machine, runs within noise of each
 * other). SERVER_HEAP_MB sets the limit; one already given in NODE_OPTIONS is left to win.
 */
export function serverNodeArgs(env = process.env) {
  if (/--max-old-space-size/.test(env.NODE_OPTIONS ?? '')) return [];
  const raw = env.SERVER_HEAP_MB ?? '1536';
  const mb = Number(raw);
  if (!Number.isInteger(mb) || mb < 128) {
    throw new Error(`SERVER_HEAP_MB must be a whole number of megabytes, at least 128 (it is "${raw}")`);
  }
  return [`--max-old-space-size=${mb}`];
}

/**
 * Runs the built server in a child process with its flags (`npm start` and `npm start -w
 * apps/server`): this process passes on SIGINT and SIGTERM and exits with the server's code.
 */
export function runServer(main, options = {}) {
  const server = spawn(process.execPath, [...serverNodeArgs(), '--enable-source-maps', main], {
    stdio: 'inherit',
    ...options,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return server;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const main = await buildServer();
  // `--start`: and run it, as `npm start -w apps/server` does.
  if (process.argv.includes('--start')) runServer(main);
}
