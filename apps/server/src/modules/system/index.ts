import { z } from 'zod';
import { AppError, ok, okResponse } from '../../platform/envelope';
import { defineModule } from '../../platform/module';

/** A health check that waits longer than this for the database answers that it is down. */
const DATABASE_TIMEOUT_MS = 2_000;

/** The server's own state: health for load balancers and monitoring. */
export const systemModule = defineModule({
  name: 'system',
  needs: ['monitor'],
  routes: (api, { monitor }, { database }) => {
    api.get(
      '/health',
      {
        config: { access: 'public' },
        schema: {
          summary:
            'Liveness and the database: 200 when the process answers and the database answers a query, else 503 DATABASE_UNAVAILABLE',
          response: okResponse(
            z.object({
              status: z.literal('up'),
              database: z.enum(['pglite', 'postgres']),
              /** The database's round trip (ms). */
              databaseMs: z.number(),
            }),
          ),
        },
      },
      async (request) => {
        const started = performance.now();
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), DATABASE_TIMEOUT_MS);
        });
        try {
          await Promise.race([monitor.ping(), timeout]);
        } catch (error) {
          request.log.debug({ err: error }, 'health: the database does not answer');
          throw new AppError('DATABASE_UNAVAILABLE', 503);
        } finally {
          clearTimeout(timer);
        }
        const databaseMs = Math.round((performance.now() - started) * 100) / 100;
        return ok(request, { status: 'up' as const, database: database.kind, databaseMs });
      },
    );
  },
});
