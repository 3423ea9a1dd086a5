/**
 * API answers of 1 kB or more go out compressed, brotli or gzip as the client's Accept-Encoding
 * prefers. Registered inside the API's scope only: the console's files are compressed at build
 * time (web-static.ts) and the websocket route has nothing to compress.
 *
 * Answers whose bulk is the same for many requests can be compressed once instead
 * (prepared-answer.ts): `compressHead` compresses the constant part without ending the stream,
 * and `finishCompressed` appends each request's own bytes stored as they are and ends it. Such
 * answers carry their Content-Encoding already, and the plugin leaves them alone.
 */
import { brotliCompressSync, constants, crc32, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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

/** The encodings offered, in the server's order of preference. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};

/**
 * Answers up to this size are compressed in one synchronous call rather than through a zlib
 * stream pipeline. The plugin's own default for a 2-core machine (8 kB) sent the admin's menu
 * tree (9.5 kB) through the pipeline, whose streams, abort signals and thread-pool round trips
 * cost several times the compression itself (profile of `npm run bench:api`).
 */
export const SYNC_COMPRESS_LIMIT = 64 * 1024;

export async function registerCompression(scope: FastifyInstance): Promise<void> {
  await scope.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: SYNC_COMPRESS_LIMIT,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: { level: GZIP_LEVEL },
    // Only answers are compressed; request bodies are read as before (never inflated here).
    globalDecompression: false,
  });
}

/**
 * The encoding the plugin would choose for this request's answer, or undefined for none: the
 * same negotiation (`*` and x-gzip count as gzip) and the same opt-out header.
 */
export function negotiateEncoding(request: FastifyRequest): Encoding | undefined {
  if (request.headers['x-no-compression'] !== undefined) return undefined;
  const accept = request.headers['accept-encoding'];
  if (accept === undefined) return undefined;
  return negotiate(accept.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]) ?? undefined;
}

/** Adds accept-encoding to Vary, as the plugin does for the answers it compresses. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const values = (Array.isArray(vary) ? vary : [String(vary)]).map(String);
  if (!values.some((v) => v.includes('accept-encoding'))) {
    reply.header('vary', [...values, 'accept-encoding'].join(', '));
  }
}

/** The start of a compressed answer: compressed and flushed to a byte boundary, not ended. */
export interface CompressedHead {
  encoding: Encoding;
  bytes: Buffer;
  /** CRC-32 and length of the uncompressed text (the gzip trailer needs them). */
  crc: number;
  size: number;
}

/** Compresses the constant start of answers once (`finishCompressed` completes each answer). */
export function compressHead(encoding: Encoding, text: string): CompressedHead {
  const data = Buffer.from(text);
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(data, {
          ...BROTLI_OPTIONS,
          params: { ...BROTLI_OPTIONS.params, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          finishFlush: constants.BROTLI_OPERATION_FLUSH,
        })
      : gzipSync(data, { level: GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
  return { encoding, bytes, crc: crc32(data), size: data.length };
}

/** Longest tail one stored block or one 4-nibble meta-block can hold. */
const MAX_TAIL = 0xffff;

/**
 * A complete compressed answer: the head, then `tail` (a few bytes, e.g. a timestamp) stored
 * uncompressed, then the end of the stream.
 * - brotli (RFC 7932 section 9.2): an uncompressed meta-block (ISLAST 0, MNIBBLES 4, MLEN - 1,
 *   ISUNCOMPRESSED 1, zero bits to the byte boundary, the bytes), then an empty last meta-block
 *   (ISLAST 1, ISLASTEMPTY 1).
 * - gzip (RFC 1951 section 3.2.4, RFC 1952): a final stored block (BFINAL 1, BTYPE 00, LEN,
 *   NLEN, the bytes), then CRC-32 and size of the whole text.
 */
export function finishCompressed(head: CompressedHead, tail: string): Buffer {
  const tailBytes = Buffer.from(tail, 'utf8');
  const n = tailBytes.length;
  if (n === 0 || n > MAX_TAIL) throw new RangeError(`tail of ${n} bytes`);
  const start = head.bytes.length;
  if (head.encoding === 'br') {
    const out = Buffer.allocUnsafe(start + 3 + n + 1);
    head.bytes.copy(out, 0);
    // Bits from the lowest: ISLAST 0, MNIBBLES 00 (4 nibbles), MLEN - 1 in 16 bits, ISUNCOMPRESSED 1.
    const bits = ((n - 1) << 3) | (1 << 19);
    out[start] = bits & 0xff;
    out[start + 1] = (bits >>> 8) & 0xff;
    out[start + 2] = (bits >>> 16) & 0xff;
    tailBytes.copy(out, start + 3);
    out[start + 3 + n] = 0b11;
    return out;
  }
  const out = Buffer.allocUnsafe(start + 5 + n + 8);
  head.bytes.copy(out, 0);
  out[start] = 0b001; // BFINAL 1, BTYPE 00 (stored), then zero bits to the byte boundary
  out.writeUInt16LE(n, start + 1);
  out.writeUInt16LE(~n & 0xffff, start + 3);
  tailBytes.copy(out, start + 5);
  out.writeUInt32LE(crc32(tailBytes, head.crc), start + 5 + n);
  out.writeUInt32LE((head.size + n) >>> 0, start + 5 + n + 4);
  return out;
}
