import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * Component keys of the server's menu → screens. A static map (no eval, no computed imports):
 * a key that is not here has no screen yet, and its path shows the 404 page.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  'home/Home': lazy(() => import('@/features/home/pages/HomePage')),
  'contact/ContactUs': lazy(() => import('@/features/contact/ContactUsPage')),
};

/** Menu nodes that only group their children. */
export const GROUP_COMPONENTS = new Set(['layouts/RouteView']);

export function hasScreen(component: string | null): boolean {
  return component !== null && Object.hasOwn(SCREENS, component);
}
