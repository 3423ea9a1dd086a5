import { useSyncExternalStore } from 'react';

/**
 * Phones: narrower than the spec's mobile breakpoint (767.99 px), i.e. below antd's `md`, so a
 * column with `responsive: ['md']` is hidden exactly when this matches.
 */
export const MOBILE_SCREEN = '(max-width: 767.98px)';

/** Whether a CSS media query matches, following changes (window resize, rotation). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
