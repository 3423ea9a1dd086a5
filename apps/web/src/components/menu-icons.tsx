import {
  AccountBookOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  BranchesOutlined,
  BugOutlined,
  CloudOutlined,
  ContactsOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LoginOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  NotificationOutlined,
  PhoneOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  SkinOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { MenuIcon } from '@switchboard/contracts';
import { type ComponentType, createElement } from 'react';

/**
 * Icons the menu names (a static list keeps the icon set out of the bundle): the contracts'
 * MENU_ICONS, the ones the menu editor offers and the server accepts.
 */
export const MENU_ICON_COMPONENTS: Record<MenuIcon, ComponentType> = {
  'account-book': AccountBookOutlined,
  api: ApiOutlined,
  apartment: ApartmentOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  'bar-chart': BarChartOutlined,
  book: BookOutlined,
  branches: BranchesOutlined,
  bug: BugOutlined,
  cloud: CloudOutlined,
  contacts: ContactsOutlined,
  'customer-service': CustomerServiceOutlined,
  dashboard: DashboardOutlined,
  database: DatabaseOutlined,
  experiment: ExperimentOutlined,
  'file-text': FileTextOutlined,
  global: GlobalOutlined,
  home: HomeOutlined,
  idcard: IdcardOutlined,
  key: KeyOutlined,
  login: LoginOutlined,
  mail: MailOutlined,
  menu: MenuOutlined,
  message: MessageOutlined,
  notification: NotificationOutlined,
  phone: PhoneOutlined,
  safety: SafetyOutlined,
  schedule: ScheduleOutlined,
  setting: SettingOutlined,
  shop: ShopOutlined,
  skin: SkinOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
  user: UserOutlined,
  wallet: WalletOutlined,
};

export function iconFor(name: string | null) {
  const icon =
    name && Object.hasOwn(MENU_ICON_COMPONENTS, name) ? MENU_ICON_COMPONENTS[name as MenuIcon] : undefined;
  return icon ? createElement(icon) : undefined;
}
