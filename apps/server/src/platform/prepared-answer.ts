import { type ErrorCode, translateError } from '@switchboard/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  COMPRESS_THRESHOLD,
  type CompressedHead,
  compressHead,
  type Encoding,
  finishCompressed,
  negotiateEncoding,
  varyOnEncoding,
} from './compression';
import { requestLocale } from './i18n';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Heads kept per answer: one per language and encoding is all a server ever needs. */
const MAX_HEADS = 16;

interface Head {
  text: string;
  byteLength: number;
  compressed: Map<Encoding, CompressedHead>;
}

/**
 * A success answer whose `result` is the same for many requests (a role set's menu tree), made
 * once and sent many times. The result goes through the route's response schema once (zod
 * encoding, as the response serialiser does it, then JSON text); the envelope around it up to
 * the timestamp is kept per message language, and compressed once per encoding. A request adds
 * only its own part, the timestamp, so every answer is the text the response schema would
 * serialise for it, without the per-request cost of encoding, stringifying and compressing the
 * whole tree.
 *
 * Keep one where the result is cached, and drop it with the cache: it holds no per-request state.
 */
export class PreparedAnswer<T> {
  private readonly heads = new Map<string, Head>();

  private constructor(
    /** The result as the service built it (for checks before sending). */
    readonly value: T,
    /** The result as JSON text, through its schema. */
    readonly resultJson: string,
  ) {}

  /** Serialises `value` through `schema` (the route's result schema); throws as the serialiser would. */
  static of<S extends z.ZodType>(schema: S, value: z.output<S>): PreparedAnswer<z.output<S>> {
    return new PreparedAnswer(value, JSON.stringify(z.encode(schema, value)));
  }

  /**
   * Sends the answer: `{success: true, message, code: 200, result, timestamp}` as `ok()` makes it,
   * compressed as the compression plugin would (same threshold, negotiation and Vary header).
   */
  send(request: FastifyRequest, reply: FastifyReply, messageCode: ErrorCode = 'OK'): FastifyReply {
    const head = this.head(translateError(messageCode, requestLocale(request)));
    const tail = `${Date.now()}}`;
    reply.type(JSON_TYPE);
    const encoding =
      head.byteLength + tail.length >= COMPRESS_THRESHOLD ? negotiateEncoding(request) : undefined;
    if (encoding === undefined) return reply.send(head.text + tail);
    let compressed = head.compressed.get(encoding);
    if (compressed === undefined) {
      compressed = compressHead(encoding, head.text);
      head.compressed.set(encoding, compressed);
    }
    varyOnEncoding(reply);
    reply.header('content-encoding', encoding);
    return reply.send(finishCompressed(compressed, tail));
  }

  /** The envelope up to the timestamp's value, in the key order of the envelope schema. */
  private head(message: string): Head {
    let head = this.heads.get(message);
    if (head === undefined) {
      const text = `{"success":true,"message":${JSON.stringify(message)},"code":200,"result":${this.resultJson},"timestamp":`;
      head = { text, byteLength: Buffer.byteLength(text), compressed: new Map() };
      if (this.heads.size >= MAX_HEADS) this.heads.clear();
      this.heads.set(message, head);
    }
    return head;
  }
}
