/** Shapes of the menu and button permissions (spec sections 2, 3 and 6). */
export interface MenuMeta {
  title: string;
  /** i18n key of the title; the web translates it, `title` is the English fallback. */
  titleKey: string | null;
  icon: string | null;
  url: string | null;
  permissionList: AuthEntry[];
  keepAlive: boolean;
  internalOrExternal: boolean;
}

export interface MenuItem {
  id: string;
  path: string;
  name: string;
  component: string | null;
  redirect: string | null;
  hidden: boolean;
  alwaysShow: boolean;
  meta: MenuMeta;
  children?: MenuItem[];
}

export interface AuthEntry {
  action: string;
  describe: string;
  /** '1' hide unless granted, '2' disable unless granted. */
  type: string;
  /** '1' active, '0' disabled. */
  status: string;
}

export interface UserPermissions {
  menu: MenuItem[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
}

export interface DictItem {
  value: string;
  text: string;
  label: string;
}

export interface DepartInfo {
  agentId: string | null;
  departName: string | null;
  orgCode: string | null;
}
