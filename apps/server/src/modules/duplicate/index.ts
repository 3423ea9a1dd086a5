import { defineModule } from '../../platform/module';
import { duplicateRoutes } from './routes';
import { DuplicateService } from './service';

declare module '../../platform/module' {
  interface Services {
    duplicates: DuplicateService;
  }
}

/** The forms' "already taken?" check. */
export const duplicateModule = defineModule({
  name: 'duplicate',
  provides: ['duplicates'],
  needs: ['users', 'companies', 'departs', 'roles', 'dicts'],
  services: (_platform, services) => ({ duplicates: new DuplicateService(services) }),
  routes: duplicateRoutes,
});
