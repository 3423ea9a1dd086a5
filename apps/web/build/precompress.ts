/**
 * Build step: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) file beside every
 * compressible file of the built console, so the server sends them as they are
 * (`@fastify/static` `preCompressed`) instead of compressing on each request. Files that are
 * already compressed (pictures, fonts in woff/woff2) or under 1 kB are left alone, and a
 * compressed file is only written when it is smaller than the original.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text and other formats that compress; everything else (png, jpg, webp, woff2, zip…) is left alone. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.html',
  '.htm',
  '.svg',
  '.json',
  '.webmanifest',
  '.map',
  '.txt',
  '.xml',
  '.wasm',
  '.ico',
  '.ttf',
  '.otf',
  '.eot',
]);

/** Smaller files gain too little to be worth a second and third file (and the server's threshold is the same). */
export const MIN_COMPRESS_BYTES = 1024;

export interface PrecompressResult {
  file: string;
  bytes: number;
  br?: number;
  gz?: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    // Dot folders (.vite: the manifest) are not served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(full)));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

/** Writes `<file>.br` and `<file>.gz` beside each compressible file of `dir` (recursively). */
export async function precompressDir(dir: string): Promise<PrecompressResult[]> {
  const candidates = (await filesUnder(dir)).filter((file) =>
    COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase()),
  );
  // zlib's asynchronous calls run on libuv's thread pool: the files compress in parallel.
  return Promise.all(
    candidates.map(async (file): Promise<PrecompressResult> => {
      const data = await fs.readFile(file);
      const result: PrecompressResult = { file: path.relative(dir, file), bytes: data.length };
      if (data.length < MIN_COMPRESS_BYTES) return result;
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < data.length) {
        await fs.writeFile(`${file}.br`, br);
        result.br = br.length;
      }
      if (gz.length < data.length) {
        await fs.writeFile(`${file}.gz`, gz);
        result.gz = gz.length;
      }
      return result;
    }),
  );
}

/** The Vite plugin: compresses the output folder once the bundle (and the public folder) is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'switchboard:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const results = await precompressDir(outDir);
        const compressed = results.filter((r) => r.br !== undefined || r.gz !== undefined);
        this.info(`precompressed ${compressed.length} of ${results.length} files (.br, .gz)`);
      },
    },
  };
}
