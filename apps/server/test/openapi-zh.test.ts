import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { tokenOf } from './support/api';

/**
 * Issue 28 item 5: the API documents the console shows carry each call's summary in Chinese too
 * (`x-summary-zh`, shown to Chinese readers), the staff document and the customer one.
 */
type Operation = {
  summary?: string;
  description?: string;
  'x-summary-zh'?: string;
  'x-description-zh'?: string;
};
type Document = { paths: Record<string, Record<string, Operation>> };

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

function untranslated(doc: Document): string[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, op]) => op.summary && !op['x-summary-zh'])
      .map(([method, op]) => `${method.toUpperCase()} ${path}: ${op.summary}`),
  );
}

describe('the API documents in Chinese', () => {
  it('give every call of the staff document a Chinese summary', async () => {
    const admin = await tokenOf(s, 'admin');
    const res = await fetch(`${s.baseUrl}/api/openapi.json`, { headers: { 'X-Access-Token': admin } });
    const doc = (await res.json()) as Document;
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
    expect(untranslated(doc)).toEqual([]);
    expect(doc.paths['/api/sys/login']?.post?.['x-summary-zh']).toBe('使用密码登录');
    // A summary made from a pattern (the resource kit's), translated by the same pattern.
    expect(doc.paths['/api/sys/country/add']?.post?.['x-summary-zh']).toBe('新增国家');
  });

  it('give every call of the customer API a Chinese summary, and its description', async () => {
    const res = await fetch(`${s.baseUrl}/api/openapi/v1/openapi.json`);
    const doc = (await res.json()) as Document;
    expect(untranslated(doc)).toEqual([]);
    const send = Object.values(doc.paths).find((ops) => ops.post)?.post;
    expect(send?.['x-summary-zh']).toBe('向一个号码或最多 1000 个号码发送短信');
    expect(send?.['x-description-zh']).toMatch(/^每个号码单独返回状态/);
  });
});
