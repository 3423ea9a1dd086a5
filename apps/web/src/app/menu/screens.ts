import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { withChunkTimeout } from '../chunk-timeout';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * Component keys of the server's menu → screens. A static map (no eval, no computed imports):
 * a key that is not here has no screen yet, and its path shows the 404 page.
 */
const LOADERS: Record<string, Loader> = {
  'home/Home': () => import('@/features/home/pages/HomePage'),
  'agent/AgentHome': () => import('@/features/home/pages/AgentHomePage'),
  'announcement/UserAnnouncement': () => import('@/features/notices/pages/UserAnnouncementPage'),
  'contact/ContactUs': () => import('@/features/contact/pages/ContactUsPage'),
  'billing/SysCustomerPay': () => import('@/features/billing/pages/RechargePage'),
  'sms/TestToolRecord': () => import('@/pages/TestToolPlaceholder'),
  'company/CompanyList': () => import('@/features/company/pages/CompanyListPage'),
  'system/UserList': () => import('@/features/system/pages/UserListPage'),
  'system/AnnouncementList': () => import('@/features/announcement-admin/pages/AnnouncementAdminPage'),
  'system/BrandList': () => import('@/features/branding/pages/BrandListPage'),
  'system/ContactList': () => import('@/features/contact/pages/ContactListPage'),
  'system/LoginLog': () => import('@/features/system/pages/LoginLogPage'),
  'system/OperationLog': () => import('@/features/system/pages/OperationLogPage'),
  'test/Home': () => import('@/features/diagnostics/pages/DiagnosticsPage'),
};

/** Menu nodes that only group their children. */
export const GROUP_COMPONENTS = new Set(['layouts/RouteView']);

export function hasScreen(component: string | null): component is string {
  return component !== null && Object.hasOwn(LOADERS, component);
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazy screen of a component key (one per key, so pages keep their state across renders). */
export function screenFor(component: string): LazyExoticComponent<ComponentType> | undefined {
  const load = LOADERS[component];
  if (!load) return undefined;
  let screen = cache.get(component);
  if (!screen) {
    screen = lazy(withChunkTimeout(load));
    cache.set(component, screen);
  }
  return screen;
}

/** After a failed load: forget the failed lazy component so the next render loads it again. */
export function forgetScreen(component: string): void {
  cache.delete(component);
}
