import type { MenuItem, UserPermissions } from '@switchboard/contracts';

/** Every menu node with a path, depth first, with the keys of its parents. */
export function flattenMenu(
  items: readonly MenuItem[],
  parents: string[] = [],
): { item: MenuItem; parents: string[] }[] {
  return items.flatMap((item) => [
    { item, parents },
    ...flattenMenu(item.children ?? [], [...parents, item.path]),
  ]);
}

/** The menu node whose path is `pathname` (exact match), if any. */
export function findByPath(items: readonly MenuItem[], pathname: string) {
  return flattenMenu(items).find(({ item }) => item.path === pathname);
}

/**
 * Spec section 6: a route is shown when its permission list is empty or intersects the user's
 * permissions; applied recursively (a child under a refused parent is refused too).
 */
export function permittedMenu(items: readonly MenuItem[], granted: ReadonlySet<string>): MenuItem[] {
  return items.flatMap((item): MenuItem[] => {
    const list = item.meta.permissionList;
    if (list.length > 0 && !list.some((p) => granted.has(p.action))) return [];
    return [{ ...item, children: item.children ? permittedMenu(item.children, granted) : undefined }];
  });
}

export function grantedActions(permissions: UserPermissions): Set<string> {
  return new Set(permissions.auth.map((entry) => entry.action));
}

/**
 * The first screen of the user's side menu, depth first: a shown entry with a component and no
 * shown children, not an external link; undefined for a menu without any.
 */
export function firstScreen(permissions: UserPermissions): string | undefined {
  const visit = (items: readonly MenuItem[]): string | undefined => {
    for (const item of items) {
      if (item.hidden) continue;
      const children = (item.children ?? []).filter((c) => !c.hidden);
      if (children.length > 0) {
        const found = visit(children);
        if (found) return found;
      } else if (item.component && item.component !== 'layouts/RouteView' && !isWebUrl(item.meta.url)) {
        return item.path;
      }
    }
    return undefined;
  };
  return visit(permittedMenu(permissions.menu, grantedActions(permissions)));
}

/** The permitted menu node of a path (routes are built from this). */
export function findAllowed(permissions: UserPermissions, pathname: string): MenuItem | undefined {
  return findByPath(permittedMenu(permissions.menu, grantedActions(permissions)), pathname)?.item;
}

/**
 * Whether a menu entry's `url` may be opened or framed: http(s) addresses and paths of this site.
 * Anything else (`javascript:`, `data:`…) is ignored and the entry behaves like a plain screen.
 */
export function isWebUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
