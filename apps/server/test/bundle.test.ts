/**
 * The server as `npm start` runs it: the bundle of build.mjs (dist/main.mjs) on plain Node, in a
 * child process on an embedded database. What the sources do under tsx and vitest, the bundle
 * must do too; a module imported only for its effect (the contracts' zod error map) was once
 * dropped from it, and a missing field came back as "has the wrong type".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../build.mjs';
import { freePort, type SpawnedServer, spawnServer } from './support/spawned-server';

let server: SpawnedServer | undefined;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bundle-'));
  const bundle = await buildServer();
  server = await spawnServer(
    {
      // npm start's own database, whatever the suite around it runs on.
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      SMPP_PORT: 'off',
      SMSC_SIM: '0',
      SKIP_WEB_BUILD: '1',
    },
    undefined,
    [],
    bundle,
  );
}, 300_000);

afterAll(async () => {
  await server?.kill('SIGTERM');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the built server (npm start)', () => {
  it('answers its health with the embedded database', async () => {
    const res = await fetch(`${server!.baseUrl}${API_PREFIX}/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { database: string } };
    expect(body.result.database).toBe('pglite');
  });

  it('says a missing field is required, in both languages (the shared error map is in the bundle)', async () => {
    for (const [locale, text] of [
      ['en-US', 'is required'],
      ['zh-CN', '不能为空'],
    ] as const) {
      // A sign-up without a company name: the schema says nothing of a missing value itself.
      const res = await fetch(`${server!.baseUrl}${API_PREFIX}/sys/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': locale },
        body: JSON.stringify({ contactName: 'Ann', phone: '+8613800138000' }),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; errors: { field: string; message: string }[] };
      expect(body.errors.find((e) => e.field === 'companyName')?.message).toContain(text);
    }
  });

  it('signs in a demo user', async () => {
    const res = await fetch(`${server!.baseUrl}${API_PREFIX}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Switchboard1' }),
    });
    const body = (await res.json()) as { success: boolean; result: { token: string } };
    expect(body.success).toBe(true);
    expect(body.result.token).toBeTruthy();
  });
});
