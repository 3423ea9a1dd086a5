import type { MenuItem, UserPermissions } from '@switchboard/contracts';
import { GROUP_COMPONENTS, hasScreen } from './screens';

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

/** The permitted menu node of a path (routes are built from this). */
export function findAllowed(permissions: UserPermissions, pathname: string): MenuItem | undefined {
  return findByPath(permittedMenu(permissions.menu, grantedActions(permissions)), pathname)?.item;
}

/**
 * Where a menu node only redirects to (a group whose route leads to a child), or null when it
 * shows something itself (a screen, or a framed page).
 */
export function redirectOnly(item: MenuItem): string | null {
  if (isWebUrl(item.meta.url) && !item.meta.internalOrExternal) return null;
  return item.redirect && !hasScreen(item.component) ? item.redirect : null;
}

/**
 * What the side menu shows: no hidden nodes, no screens that do not exist yet, no empty groups.
 * A group with a single child still shows as a group when it says alwaysShow.
 */
export function visibleMenu(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item): MenuItem[] => {
    if (item.hidden) return [];
    const children = visibleMenu(item.children ?? []);
    const isGroup = GROUP_COMPONENTS.has(item.component ?? '') || (item.children?.length ?? 0) > 0;
    if (isGroup) {
      if (children.length === 0) return [];
      if (children.length === 1 && !item.alwaysShow) return children;
      return [{ ...item, children }];
    }
    if (item.meta.internalOrExternal || item.meta.url) return [item];
    return hasScreen(item.component) ? [{ ...item, children: undefined }] : [];
  });
}

/** Leaves of the visible menu (screens one can go to), for the menu search. */
export function menuLeaves(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.children?.length ? menuLeaves(item.children) : [item]));
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
