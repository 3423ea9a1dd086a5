import type { MenuItem } from '@switchboard/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuTitleKey } from '@/lib/menu-title';
import { grantedActions, permittedMenu } from '@/lib/menu-tree';
import { usePermissions } from '@/lib/permissions-context';
import { visibleMenu } from './menu-tree';

/** Menu titles through i18n (`meta.titleKey`, e.g. "menu.home"), `meta.title` as the fallback. */
export function useMenuTitle(): (item: MenuItem) => string {
  const title = useMenuTitleKey();
  return (item) => title(item.meta.titleKey, item.meta.title);
}

/**
 * The side menu's label of an entry: a shorter form where the language has one (`menu.short.<key>`,
 * for titles too wide for the 180 px sidebar), else its title. The full title shows on hover.
 */
export function useMenuLabel(): (item: MenuItem) => string {
  const { t } = useTranslation('menu');
  const title = useMenuTitle();
  return (item) => {
    const key = item.meta.titleKey?.replace(/^menu\./, '');
    const full = title(item);
    return key ? String(t(`short.${key}` as 'short.announcement', { defaultValue: full })) : full;
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
