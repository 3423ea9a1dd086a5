// `npm start`: builds the console when it is missing or older than its sources, builds the server
// bundle, then runs the server (one process: API under /api, console at /).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const distIndex = path.join(webDir, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function webIsStale() {
  if (!fs.existsSync(distIndex)) return true;
  const built = fs.statSync(distIndex).mtimeMs;
  const sources = [
    path.join(webDir, 'src'),
    path.join(webDir, 'index.html'),
    path.join(root, 'packages/contracts/src'),
  ];
  return sources.some(
    (s) =>
      fs.existsSync(s) && (fs.statSync(s).isDirectory() ? newestMtime(s) : fs.statSync(s).mtimeMs) > built,
  );
}

if (process.env.SKIP_WEB_BUILD !== '1' && webIsStale()) {
  console.log('Building the console…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The demo's companies start with money to send with (written once, on the demo's first start).
process.env.DEMO_BALANCE ??= '100';

// The server as one bundle run by plain Node (apps/server/build.mjs: a fraction of a second, and
// about 100 MB less memory than running its TypeScript through tsx).
// Its heap limit (serverNodeArgs, SERVER_HEAP_MB) keeps its peak memory down.
const { buildServer, runServer } = await import('../apps/server/build.mjs');
runServer(await buildServer(), { cwd: root });
