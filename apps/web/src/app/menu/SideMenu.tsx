import type { MenuItem } from '@switchboard/contracts';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { iconFor } from '@/components/menu-icons';
import { HOME_PATH, useHomePath } from '@/features/user';
import { findByPath, flattenMenu, isWebUrl } from '@/lib/menu-tree';
import { useMenuLabel, useMenuTitle, useUserMenu } from './use-menu';

/** Where a menu entry leads: a screen, a page framing an internal url, or an external link. */
export function useOpenMenuItem() {
  const navigate = useNavigate();
  const location = useLocation();
  const home = useHomePath().path;
  return (item: MenuItem) => {
    if (isWebUrl(item.meta.url) && item.meta.internalOrExternal) {
      window.open(item.meta.url, '_blank', 'noopener,noreferrer');
      return;
    }
    // "Home" is the user's home: the agent home in an agent's department.
    const path = item.path === HOME_PATH ? home : item.path;
    // The screen already showing: no new history entry (Back would land on the same screen).
    navigate(path, { replace: path === location.pathname });
  };
}

/**
 * The menu from the user's menu tree: hidden items left out, current path highlighted and its
 * parents opened. Side (inline) or top (horizontal) as the settings say.
 */
export function SideMenu({
  theme,
  collapsed = false,
  mode = 'inline',
  onNavigate,
}: {
  theme: 'dark' | 'light';
  collapsed?: boolean;
  mode?: 'inline' | 'horizontal';
  onNavigate?: () => void;
}) {
  const title = useMenuTitle();
  const label = useMenuLabel();
  const { permitted, visible } = useUserMenu();
  const { pathname } = useLocation();
  const open = useOpenMenuItem();
  const home = useHomePath().path;
  // On the agent home, the menu's "Home" entry is the current one.
  const selected = pathname === home ? HOME_PATH : pathname;
  const parents = findByPath(permitted, pathname)?.parents ?? [];
  const [openKeys, setOpenKeys] = useState<string[]>(parents);
  const parentsKey = parents.join('|');

  // Going to a page opens the groups above it (keeping what the user opened).
  useEffect(() => {
    if (!parentsKey) return;
    setOpenKeys((keys) => [...new Set([...keys, ...parentsKey.split('|')])]);
  }, [parentsKey]);

  // Labels are short enough for the 180 px sidebar (a shorter form where a title is not); one that
  // is still too long is cut with an ellipsis. The full title always shows on hover.
  const build = (nodes: MenuItem[]): NonNullable<MenuProps['items']> =>
    nodes.map((item) =>
      item.children?.length
        ? {
            key: item.path,
            icon: iconFor(item.meta.icon),
            label: (
              <span data-testid={`menu-${item.name}`} title={title(item)}>
                {label(item)}
              </span>
            ),
            children: build(item.children),
          }
        : {
            key: item.path,
            icon: iconFor(item.meta.icon),
            label: <span title={title(item)}>{label(item)}</span>,
            'data-testid': `menu-${item.name}`,
          },
    );

  const byPath = new Map(flattenMenu(visible).map(({ item }) => [item.path, item]));

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={build(visible)}
      selectedKeys={[selected]}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      onClick={({ key }) => {
        const item = byPath.get(key);
        if (!item) return;
        open(item);
        onNavigate?.();
      }}
      style={
        mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }
      }
      data-testid="side-menu"
    />
  );
}
