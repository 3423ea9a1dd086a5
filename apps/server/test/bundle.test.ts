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
import { writeWav } from '@switchboard/voice';
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

  it('converts a wav upload in its audio worker (dist/audio-worker.mjs) and has the demo prompts', async () => {
    const login = await fetch(`${server!.baseUrl}${API_PREFIX}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'customer', password: 'Switchboard1' }),
    });
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    // 0.5 s of a 440 Hz tone at 44.1 kHz: resampled in the worker thread.
    const samples = Int16Array.from({ length: 22050 }, (_, i) =>
      Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 44100)),
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(writeWav(samples, 44100))]), 'tone.wav');
    const res = await fetch(`${server!.baseUrl}${API_PREFIX}/voip/ivrFile/upload?name=bundle_tone`, {
      method: 'POST',
      headers: { 'X-Access-Token': token },
      body: form,
    });
    const body = (await res.json()) as {
      success: boolean;
      result: { durationMs: number; sizeBytes: number };
    };
    expect(body.success).toBe(true);
    expect(body.result).toMatchObject({ durationMs: 500, sizeBytes: 4000 });
    // The demo's prompts, seeded from the shipped renderings (no synthesis at the first start).
    const list = await fetch(`${server!.baseUrl}${API_PREFIX}/voip/ivrFile/list?name=welcome_`, {
      headers: { 'X-Access-Token': token },
    });
    const files = ((await list.json()) as { result: { records: { name: string; durationMs: number }[] } })
      .result.records;
    expect(files.map((f) => f.name).sort()).toEqual(['welcome_en', 'welcome_zh']);
  });
});
