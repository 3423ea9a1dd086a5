import { monitorSnapshotSchema } from '@switchboard/contracts';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';

/** Permission codes of the monitoring screen (menu-seed.ts grants them to administrators). */
export const MONITOR_PERMS = { view: 'system:monitor:view' } as const;

export function monitorRoutes(api: Api, { monitor }: Pick<Services, 'monitor'>) {
  api.get(
    '/sys/monitor/snapshot',
    {
      config: { access: { permission: MONITOR_PERMS.view } },
      schema: {
        summary:
          'Figures of the answering server process (uptime, CPU, memory, event loop, websockets) and shared ones (database, queues, jobs, gateway binds)',
        response: okResponse(monitorSnapshotSchema),
      },
    },
    async (request) => ok(request, await monitor.snapshot()),
  );
}
