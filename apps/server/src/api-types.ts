import fs from 'node:fs';
import path from 'node:path';
import type { OpenAPI3 } from 'openapi-typescript';
import { buildApp } from './app';
import { API_TYPES_FILE, apiTypesOf } from './openapi-types';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { REPO_ROOT } from './platform/paths';

/**
 * `npm run api:types`: builds the app over an empty in-memory database (nothing listens), takes its
 * OpenAPI document and writes the web's types of it (apps/web/src/lib/api-schema.d.ts).
 */
const database = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0', SMPP_PORT: 'off', PORT: '0' }),
  database,
  logger: false,
});
await app.server.ready();
const types = await apiTypesOf(app.server.swagger() as OpenAPI3);
await app.close();
const name = path.relative(REPO_ROOT, API_TYPES_FILE);
if (fs.existsSync(API_TYPES_FILE) && fs.readFileSync(API_TYPES_FILE, 'utf8') === types) {
  console.log(`${name}: up to date`);
} else {
  fs.writeFileSync(API_TYPES_FILE, types);
  console.log(`${name}: written`);
}
