import type { MenuItem } from '@switchboard/contracts';
import { isWebUrl } from '@/lib/menu-tree';
import { GROUP_COMPONENTS, hasScreen } from './screens';

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
