import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's directory (the one with its package.json), found from this module's own
 * place: the same whether it runs from its sources (`src/platform/paths.ts`, under tsx or
 * vitest) or from the built bundle (`dist/main.mjs`, what `npm start` runs).
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (
      fs.existsSync(manifest) &&
      JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@switchboard/server'
    ) {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the server package (@switchboard/server) was not found');
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
/** The repository's root (the workspaces' parent). */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
/** The SQL migrations (read at run time, not bundled). */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src/db/migrations');
/** The console's production build. */
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');
