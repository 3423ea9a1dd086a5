import {
  AuditOutlined,
  BankOutlined,
  BugOutlined,
  ContactsOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  HomeOutlined,
  LoginOutlined,
  NotificationOutlined,
  SettingOutlined,
  SkinOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { MenuItem } from '@switchboard/contracts';
import { Menu, type MenuProps } from 'antd';
import { type ComponentType, createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { usePermissions } from '../bootstrap';
import { findByPath, visibleMenu } from './menu-tree';

/** Icons the menu names (a static list keeps the icon set out of the bundle). */
const ICONS: Record<string, ComponentType> = {
  audit: AuditOutlined,
  bank: BankOutlined,
  bug: BugOutlined,
  contacts: ContactsOutlined,
  'customer-service': CustomerServiceOutlined,
  dashboard: DashboardOutlined,
  experiment: ExperimentOutlined,
  home: HomeOutlined,
  login: LoginOutlined,
  notification: NotificationOutlined,
  setting: SettingOutlined,
  skin: SkinOutlined,
  user: UserOutlined,
  wallet: WalletOutlined,
};

function iconFor(name: string | null) {
  const icon = name ? ICONS[name] : undefined;
  return icon ? createElement(icon) : undefined;
}

/** The side menu from the user's menu tree: hidden items left out, current path highlighted. */
export function SideMenu({ theme, collapsed }: { theme: 'dark' | 'light'; collapsed: boolean }) {
  const { t } = useTranslation('menu');
  const { menu } = usePermissions();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const title = (item: MenuItem) =>
    item.meta.titleKey
      ? t(item.meta.titleKey.replace(/^menu\./, ''), { defaultValue: item.meta.title })
      : item.meta.title;

  const build = (nodes: MenuItem[]): NonNullable<MenuProps['items']> =>
    nodes.map((item) =>
      item.children?.length
        ? {
            key: item.path,
            icon: iconFor(item.meta.icon),
            label: title(item),
            children: build(item.children),
          }
        : {
            key: item.path,
            icon: iconFor(item.meta.icon),
            label: title(item),
            'data-testid': `menu-${item.name}`,
          },
    );
  const items = build(visibleMenu(menu));

  const found = findByPath(menu, pathname);
  const byPath = new Map(
    visibleMenu(menu)
      .flatMap((m) => [m, ...(m.children ?? [])])
      .map((m) => [m.path, m]),
  );

  return (
    <Menu
      mode="inline"
      theme={theme}
      items={items}
      selectedKeys={[pathname]}
      defaultOpenKeys={collapsed ? [] : (found?.parents ?? [])}
      onClick={({ key }) => {
        const item = byPath.get(key);
        if (item?.meta.url && item.meta.internalOrExternal) {
          window.open(item.meta.url, '_blank', 'noopener,noreferrer');
          return;
        }
        navigate(key);
      }}
      data-testid="side-menu"
    />
  );
}
