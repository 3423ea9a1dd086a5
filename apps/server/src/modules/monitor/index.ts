import { defineModule } from '../../platform/module';
import { MonitorMetrics } from './metrics';
import { monitorRoutes } from './routes';
import { MonitorService } from './service';

export { MonitorMetrics, metricsAccess, registerMetricsRoute } from './metrics';
export { MONITOR_PERMS } from './routes';
export type { MonitorService } from './service';

declare module '../../platform/module' {
  interface Services {
    monitor: MonitorService;
    monitorMetrics: MonitorMetrics;
  }
}

/**
 * Monitoring: `/sys/monitor/snapshot` for the console's System → Monitoring (staff), and the
 * Prometheus metrics at `/metrics` (registered by the app outside /api; METRICS_TOKEN or
 * METRICS_ALLOW). Its figures come from the services that own them (sms, smppServer, gateways,
 * the job tables, realtime).
 */
export const monitorModule = defineModule({
  name: 'monitor',
  provides: ['monitor', 'monitorMetrics'],
  needs: ['sms', 'smppServer', 'gateways'],
  services: (platform, services) => {
    const monitor = new MonitorService(platform, services);
    return { monitor, monitorMetrics: new MonitorMetrics(monitor) };
  },
  routes: monitorRoutes,
});
