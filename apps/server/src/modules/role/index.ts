import { defineModule } from '../../platform/module';
import { roleRoutes } from './routes';
import { RoleAdminService } from './service';

export { ROLE_PERMS } from './routes';
export type { RoleAdminService } from './service';

declare module '../../platform/module' {
  interface Services {
    roleAdmin: RoleAdminService;
  }
}

/** Role administration: roles, their grants, data rules and users. */
export const roleModule = defineModule({
  name: 'role',
  provides: ['roleAdmin'],
  needs: ['companies', 'grants', 'roles', 'roleRecords', 'sessions', 'users'],
  services: ({ db }, services) => ({
    roleAdmin: new RoleAdminService(db, services),
  }),
  routes: roleRoutes,
});
