import { defineModule } from '../../platform/module';
import { callerRoutes } from './routes';
import { CallerService } from './service';

export { DEMO_CALLERS } from './demo';
export { CALLER_PERMS } from './routes';
export type { CallerGroupView, CallerIdView, CallerService, CallerSource } from './service';

declare module '../../platform/module' {
  interface Services {
    callers: CallerService;
  }
}

/**
 * Caller IDs (`/caller`) and caller groups (`/callerGroup`) of companies, and the rotation a group
 * call task draws its caller IDs from (`callers.nextCallerId`) (issue 23). The demo's are seeded
 * with the demo companies (db/seed).
 */
export const callerModule = defineModule({
  name: 'caller',
  provides: ['callers'],
  needs: ['companies'],
  services: ({ db, log }, services) => ({ callers: new CallerService(db, services, log) }),
  routes: callerRoutes,
});
