import { defineModule, digestOf } from '../../platform/module';
import { DataRuleService } from './data-rules';
import { MenuAdminService } from './menu-admin';
import { MENU } from './menu-seed';
import { RoleRecordsService } from './role-records';
import { permissionRoutes } from './routes';
import { ROLE_NAMES, seedRolesAndMenu } from './seed';
import { GrantsService, MenuService, PermissionCaches, RoleService } from './service';

export type { DataRuleService } from './data-rules';
export type { MenuAdminService } from './menu-admin';
export type { DataRuleRow, DataRuleValues, RoleRecordsService, RoleValues } from './role-records';
export { roleId } from './seed';
export type { Grants, GrantsService, MenuService, RoleService } from './service';
export { titleIn } from './service';

declare module '../../platform/module' {
  interface Services {
    grants: GrantsService;
    menus: MenuService;
    menuAdmin: MenuAdminService;
    roles: RoleService;
    /** The records of role administration (the role module's rules run over them). */
    roleRecords: RoleRecordsService;
    /** The condition the caller's data rules put on a list (see platform/data-rules). */
    dataRules: DataRuleService;
  }
}

/** Roles, the menu and button tree, and what each role is granted. */
export const permissionModule = defineModule({
  name: 'permission',
  provides: ['grants', 'menus', 'menuAdmin', 'roles', 'roleRecords', 'dataRules'],
  needs: ['companies'],
  services: ({ db, caches: bus }, services) => {
    const caches = new PermissionCaches(bus);
    return {
      grants: new GrantsService(db, caches),
      menus: new MenuService(db, caches),
      menuAdmin: new MenuAdminService(db, caches),
      roles: new RoleService(db),
      roleRecords: new RoleRecordsService(db),
      dataRules: new DataRuleService(db, services),
    };
  },
  routes: permissionRoutes,
  seed: async (_services, _options, platform) => seedRolesAndMenu(platform.db, platform.log),
  seedDigest: digestOf({ menu: MENU, roles: ROLE_NAMES }),
});
