/**
 * The console's built files (apps/web/dist) served beside the API. The build writes a brotli
 * (`.br`) and a gzip (`.gz`) file next to every compressible file (apps/web/build/precompress.ts);
 * a client that accepts one gets it as it is, with `content-encoding` and `vary: accept-encoding`,
 * and nothing is compressed per request. Hashed assets are cached for good, HTML is revalidated.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import { API_PREFIX } from '@switchboard/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WEB_DIST_DIR } from './paths';

export interface WebConsole {
  /** A request no route answered that is one of the console's own (client-side) routes: a GET or HEAD outside the API. */
  isClientRoute(request: FastifyRequest): boolean;
  /** Answers with the console's index.html: status 200, not cached, compressed when the client accepts it. */
  sendIndex(reply: FastifyReply): FastifyReply;
}

/** Precompressed siblings are chosen by Accept-Encoding, never asked for by name. */
const PRECOMPRESSED = ['**/*.br', '**/*.gz'];

function cacheHeaders(reply: FastifyReply, filePath: string) {
  // Built assets carry a content hash in their names: cache them for good.
  if (filePath.includes(`${path.sep}assets${path.sep}`)) {
    reply.header('cache-control', 'public, max-age=31536000, immutable');
  } else if (/\.html(\.br|\.gz)?$/.test(filePath)) {
    // index.html names the current assets: always revalidated (it has an ETag).
    reply.header('cache-control', 'no-cache');
  }
}

/**
 * Serves the built console at `/` (public; every file of `webDist` gets a GET and HEAD route)
 * and returns what the not-found handler needs to answer client-side routes with index.html.
 * `webDist` unset means apps/web/dist when it exists; an empty string or a folder without
 * index.html serves nothing and returns undefined.
 */
export async function registerWebConsole(
  server: FastifyInstance,
  options: { webDist?: string | undefined },
): Promise<WebConsole | undefined> {
  const webDist = options.webDist ?? defaultWebDist();
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) return undefined;

  const common: FastifyStaticOptions = { root: webDist, preCompressed: true, setHeaders: cacheHeaders };
  // reply.sendFile for the not-found handler (which lives at the root); no routes of its own.
  await server.register(fastifyStatic, { ...common, serve: false });
  // The files' routes. They are public; the hook declares that for the routes @fastify/static adds.
  await server.register(async (files) => {
    files.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await files.register(fastifyStatic, {
      ...common,
      wildcard: false,
      index: false,
      decorateReply: false,
      globIgnore: PRECOMPRESSED,
    });
  });

  return {
    isClientRoute(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const pathname = request.url.split('?')[0] ?? '';
      return !pathname.startsWith(`${API_PREFIX}/`);
    },
    // The not-found handler's reply starts as a 404; @fastify/static keeps a status set before it.
    sendIndex: (reply) => reply.code(200).sendFile('index.html'),
  };
}

function defaultWebDist(): string | undefined {
  return fs.existsSync(WEB_DIST_DIR) ? WEB_DIST_DIR : undefined;
}
