import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir: string;
const write = (file: string, data: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), data);
};
const exists = (file: string) => fs.existsSync(path.join(dir, file));

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-precompress-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes .br and .gz beside compressible files of 1 kB or more, decoding to the original', async () => {
    const js = 'export const greeting = () => console.log("hello, switchboard");\n'.repeat(40);
    write('assets/app-abc123.js', js);
    write('assets/deep/style-1.css', '.sb-login { color: red; }\n'.repeat(60));
    write('index.html', `<!doctype html><title>Switchboard</title>${'<div></div>'.repeat(100)}`);
    await precompressDir(dir);
    expect(brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets/app-abc123.js.br'))).toString()).toBe(
      js,
    );
    expect(gunzipSync(fs.readFileSync(path.join(dir, 'assets/app-abc123.js.gz'))).toString()).toBe(js);
    for (const file of ['assets/deep/style-1.css', 'index.html']) {
      expect(exists(`${file}.br`)).toBe(true);
      expect(exists(`${file}.gz`)).toBe(true);
    }
  });

  it('leaves small files, compressed formats, dot folders and incompressible data alone', async () => {
    write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    write('assets/logo.png', 'png!'.repeat(500));
    write('assets/font.woff2', 'woff2'.repeat(500));
    write('.vite/manifest.json', JSON.stringify({ entry: 'x'.repeat(2000) }));
    write('assets/noise.svg', randomBytes(4096));
    const results = await precompressDir(dir);
    for (const file of [
      'favicon.svg',
      'assets/logo.png',
      'assets/font.woff2',
      '.vite/manifest.json',
      'assets/noise.svg',
    ]) {
      expect(exists(`${file}.br`), file).toBe(false);
      expect(exists(`${file}.gz`), file).toBe(false);
    }
    expect(results.map((r) => r.file).sort()).toEqual(['assets/noise.svg', 'favicon.svg']);
  });
});
