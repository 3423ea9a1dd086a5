/**
 * API answers of 1 kB or more go out compressed, brotli or gzip as the client's Accept-Encoding
 * prefers. Registered inside the API's scope only: the console's files are compressed at build
 * time (web-static.ts) and the websocket route has nothing to compress.
 */
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers are sent as they are: the saving would not pay for the work. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Levels for answers compressed per request, where CPU is spent on every call: brotli 4 (for
 * clients that accept br, which browsers do) and gzip 6 (zlib's default). Measured with
 * `npm run bench:compression` on this project's answers: a 20 kB JSON takes about 0.1 ms at
 * brotli 4 (1.5 to 2 times gzip 6) and comes out 3 to 5 % smaller than gzip 6; brotli 5 and 6
 * save another 5 % for up to twice the time again; brotli 11, right for files compressed once
 * at build time, takes 10 to 25 ms per answer.
 */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;

export async function registerCompression(scope: FastifyInstance): Promise<void> {
  await scope.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: GZIP_LEVEL },
    // Only answers are compressed; request bodies are read as before (never inflated here).
    globalDecompression: false,
  });
}
