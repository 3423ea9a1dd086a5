// `npm run build -w apps/server`: the server bundled into one ES module, `dist/main.mjs`, which
// `npm start` runs with plain Node. Running the TypeScript sources through tsx's loader costs
// about 100 MB more memory for the life of the process (measured: 254-315 MB idle against 155 MB).
// The workspace packages (TypeScript sources) are bundled in; npm packages stay external and load
// from node_modules as usual. Takes a fraction of a second.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@switchboard/'));

export async function buildServer() {
  await build({
    entryPoints: [path.join(here, 'src/main.ts')],
    outfile: path.join(here, 'dist/main.mjs'),
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
}
