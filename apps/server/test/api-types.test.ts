import fs from 'node:fs';
import type { OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesOf } from '../src/openapi-types';
import { startServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe("the web's types of the API (apps/web/src/lib/api-schema.d.ts)", () => {
  it('are the ones the OpenAPI document generates (npm run api:types)', async () => {
    const types = await apiTypesOf(s.app.server.swagger() as OpenAPI3);
    expect(types).toContain('"/sys/user/list"');
    const committed = fs.existsSync(API_TYPES_FILE) ? fs.readFileSync(API_TYPES_FILE, 'utf8') : '';
    expect(committed === types, 'the API types are stale: run `npm run api:types`').toBe(true);
  });
});
