// `npm run dev`: the server with reload (tsx watch) and the console with Vite's hot reload, which
// proxies /api to the server. Stopping this script stops both (each runs in its own process group).
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '8080';
const start = (args, env) =>
  spawn('npm', args, { stdio: 'inherit', detached: true, env: { ...process.env, ...env } });
const children = [
  start(['run', 'dev', '-w', 'apps/server'], { PORT: port }),
  start(['run', 'dev', '-w', 'apps/web'], { API_TARGET: `http://127.0.0.1:${port}` }),
];
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
