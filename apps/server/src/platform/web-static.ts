import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@switchboard/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, sendError } from './envelope';

/** The built console next to the server in the repository (apps/web/dist), if it was built. */
function defaultWebDist(): string | undefined {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
  return fs.existsSync(dist) ? dist : undefined;
}

/**
 * The console's files at `/` (when built), and the answer for every path no route has: unknown
 * API paths get the JSON 404 envelope (rate limited against scanners); any other GET or HEAD gets
 * the console's index.html, whose router shows the page or its own 404.
 */
export async function registerWebConsole(server: FastifyInstance, webDistOption: string | undefined) {
  const webDist = webDistOption ?? defaultWebDist();
  const serveWeb = webDist !== undefined && webDist !== '' && fs.existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    // The console's files are public; the hook declares that for the routes @fastify/static adds.
    await server.register(async (files) => {
      files.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      await files.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // Built assets carry a content hash in their names: cache them for good.
        setHeaders: (reply, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
    });
  }
  const indexHtml = serveWeb ? fs.readFileSync(path.join(webDist, 'index.html')) : undefined;

  server.setNotFoundHandler(
    { preHandler: server.rateLimit({ max: 120, timeWindow: '1 minute' }) },
    async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const page = request.method === 'GET' || request.method === 'HEAD';
      if (indexHtml && page && !pathname.startsWith(`${API_PREFIX}/`) && pathname !== API_PREFIX) {
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
      }
      return sendError(request, reply, new AppError('NOT_FOUND', 404));
    },
  );
}
