import { Session } from 'node:inspector/promises';
import fs from 'node:fs';
import { afterAll } from 'vitest';
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
afterAll(async () => {
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync(`/tmp/web-${Date.now()}.cpuprofile`, JSON.stringify(profile));
});
