import { defineModule } from '../../platform/module';
import { roleRoutes } from './routes';
import { DataRuleService, RoleAdminService } from './service';

export { ROLE_PERMS } from './routes';
export type { DataRuleService, RoleAdminService } from './service';

declare module '../../platform/module' {
  interface Services {
    roleAdmin: RoleAdminService;
    /** The condition the caller's data rules put on a list (see platform/data-rules). */
    dataRules: DataRuleService;
  }
}

/** Role administration: roles, their grants, data rules and users. */
export const roleModule = defineModule({
  name: 'role',
  services: ({ db }, services) => ({
    roleAdmin: new RoleAdminService(db, services),
    dataRules: new DataRuleService(db, services),
  }),
  routes: roleRoutes,
});
