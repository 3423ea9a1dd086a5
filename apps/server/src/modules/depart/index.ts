import { defineModule } from '../../platform/module';
import { departRoutes } from './routes';
import { DepartService } from './service';

export type { DepartService } from './service';

declare module '../../platform/module' {
  interface Services {
    departs: DepartService;
  }
}

/** Departments (organisation tree) and users' membership. */
export const departModule = defineModule({
  name: 'depart',
  provides: ['departs'],
  needs: ['companies'],
  services: ({ db, log }, services) => ({ departs: new DepartService(db, services, log) }),
  routes: departRoutes,
});
