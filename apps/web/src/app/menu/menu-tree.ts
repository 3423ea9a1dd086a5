import type { MenuItem } from '@switchboard/contracts';
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
