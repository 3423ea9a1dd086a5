import { z } from 'zod';
import { ok, okResponse } from '../../platform/envelope';
import { defineModule } from '../../platform/module';

/** The server's own state: health for load balancers and monitoring. */
export const systemModule = defineModule({
  name: 'system',
  routes: (api, _services, { database }) => {
    api.get(
      '/health',
      {
        config: { access: 'public' },
        schema: {
          summary: 'Liveness and the database in use',
          response: okResponse(
            z.object({ status: z.literal('up'), database: z.enum(['pglite', 'postgres']) }),
          ),
        },
      },
      async (request) => ok(request, { status: 'up' as const, database: database.kind }),
    );
  },
});
