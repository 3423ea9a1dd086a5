import type { AuthEntry, MenuItem, UserPermissions } from '@switchboard/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { permissions, rolePermissions } from '../../db/schema';
import { grantedByStatus } from '../../platform/auth';
import { TtlCache } from '../../platform/cache';
import type { Db } from '../../platform/db';

type PermissionRow = typeof permissions.$inferSelect;

const authEntry = (p: PermissionRow): AuthEntry => ({
  action: p.perms ?? '',
  describe: p.name,
  type: p.permsType,
  status: p.status,
});

/**
 * The menu tree, granted buttons (auth) and every button (allAuth) for a set of roles, cached per
 * role set: read at every sign-in and page load, changed only when an administrator edits menus
 * or roles (who calls invalidate(); other processes follow within the TTL).
 */
export class MenuService {
  private readonly cache = new TtlCache<UserPermissions>(5_000);

  constructor(private readonly db: Db) {}

  forRoles(roleIds: string[]): Promise<UserPermissions> {
    const ids = [...roleIds].sort();
    return this.cache.getOrLoad(ids.join(','), () => loadPermissions(this.db, ids));
  }

  invalidate() {
    this.cache.clear();
  }
}

async function loadPermissions(db: Db, roleIds: string[]): Promise<UserPermissions> {
  const granted = roleIds.length
    ? await db
        .selectDistinct({ permission: permissions })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(and(inArray(rolePermissions.roleId, roleIds), grantedByStatus))
    : [];
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
