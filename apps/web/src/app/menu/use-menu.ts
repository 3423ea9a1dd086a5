import type { MenuItem } from '@switchboard/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../bootstrap';
import { grantedActions, permittedMenu, visibleMenu } from './menu-tree';

/** Menu titles through i18n (`meta.titleKey`, e.g. "menu.home"), `meta.title` as the fallback. */
export function useMenuTitle(): (item: MenuItem) => string {
  const { t } = useTranslation('menu');
  return (item) => {
    const key = item.meta.titleKey?.replace(/^menu\./, '');
    // Keys come from the server: look them up loosely, falling back to the server's title.
    return key ? String(t(key as 'home', { defaultValue: item.meta.title })) : item.meta.title;
  };
}

/** The user's menu after the permission rule (every route) and what the side menu shows. */
export function useUserMenu(): { permitted: MenuItem[]; visible: MenuItem[] } {
  const permissions = usePermissions();
  return useMemo(() => {
    const permitted = permittedMenu(permissions.menu, grantedActions(permissions));
    return { permitted, visible: visibleMenu(permitted) };
  }, [permissions]);
}
