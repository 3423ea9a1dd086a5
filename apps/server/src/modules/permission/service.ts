import type { AuthEntry, MenuItem, UserPermissions } from '@switchboard/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema';
import type { Db } from '../../platform/db';

type PermissionRow = typeof permissions.$inferSelect;

const authEntry = (p: PermissionRow): AuthEntry => ({
  action: p.perms ?? '',
  describe: p.name,
  type: p.permsType,
  status: p.status,
});

/**
 * The menu tree, granted buttons (auth) and every button (allAuth) for a user's roles.
 * Menu nodes are granted per role; a child is shown only when granted too.
 */
export async function userPermissions(db: Db, userId: string): Promise<UserPermissions> {
  const granted = await db
    .selectDistinct({ permission: permissions })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(eq(userRoles.userId, userId), eq(permissions.status, '1')));
  const rows = granted.map((g) => g.permission).sort((a, b) => a.sortNo - b.sortNo);
  const allButtons = await db
    .select()
    .from(permissions)
    .where(eq(permissions.menuType, 2))
    .orderBy(asc(permissions.sortNo));

  const buttons = rows.filter((p) => p.menuType === 2 && p.perms);
  const menus = rows.filter((p) => p.menuType !== 2);
  // A node whose parent is not granted is unreachable and left out.
  const build = (parentId: string | null): MenuItem[] =>
    menus
      .filter((m) => m.parentId === parentId)
      .map((m) => {
        const children = build(m.id);
        const item: MenuItem = {
          id: m.id,
          path: m.path ?? '',
          name: m.componentName ?? m.id,
          component: m.component,
          redirect: m.redirect,
          hidden: m.hidden,
          alwaysShow: m.alwaysShow,
          meta: {
            title: m.name,
            titleKey: m.titleKey,
            icon: m.icon,
            url: m.url,
            permissionList: buttons.filter((b) => b.parentId === m.id).map(authEntry),
            keepAlive: m.keepAlive,
            internalOrExternal: m.internalOrExternal,
          },
        };
        if (children.length) item.children = children;
        return item;
      });
  return {
    menu: build(null),
    auth: buttons.map(authEntry),
    allAuth: allButtons.filter((b) => b.perms).map(authEntry),
  };
}
