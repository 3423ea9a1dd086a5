import type { MenuItem, MenuMeta } from '@switchboard/contracts';

type MenuItemPatch = Partial<Omit<MenuItem, 'meta'>> & { meta?: Partial<MenuMeta> };

/**
 * A menu entry as the server sends it, for unit tests: a visible screen at `path` with no
 * permission list, named and titled by its path, with whatever `patch` changes (`meta` merges).
 */
export function menuItem(
  path: string,
  component: string | null,
  { meta, ...patch }: MenuItemPatch = {},
): MenuItem {
  return {
    id: path,
    path,
    name: path,
    component,
    redirect: null,
    hidden: false,
    alwaysShow: false,
    meta: {
      title: path,
      titleKey: null,
      icon: null,
      url: null,
      permissionList: [],
      keepAlive: false,
      internalOrExternal: false,
      ...meta,
    },
    ...patch,
  };
}
