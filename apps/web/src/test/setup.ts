import { LOCALES } from '@switchboard/contracts';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18nReady, loadLocale } from '@/lib/i18n';
import { clearNotices } from '@/lib/notify';
import { DESKTOP_WIDTH, matchesScreen, setScreenWidth } from './screen';

// Both languages' texts are in before any test renders (the app loads them lazily).
await i18nReady;
await Promise.all(LOCALES.map(loadLocale));

// findBy/waitFor end as soon as their condition holds; the limit only ends a wait that never will.
// antd renders a lot per step, and a machine busy with other work (load 13 on 2 cores was seen)
// made 5 s too tight: a limit is never what a test relies on, so it is generous, and grows with the
// load as the test limits do (TEST_WAIT_MS, vite.config.ts: at load 35 a 30 s wait ran out).
configure({ asyncUtilTimeout: Number(import.meta.env.TEST_WAIT_MS) || 30_000 });

// antd reads media queries (grid, responsive observers, responsive table columns), and so do
// the layout and the row actions; jsdom has no matchMedia. Answered for a desktop width, or the
// width a test set (src/test/screen.ts). Defined again for each file: the answer comes from the
// same module the file's tests set the width in.
if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: matchesScreen(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd's generated styles go to a container outside the document (renderWithProviders, in
// fake-api.tsx: jsdom matching them on every computed style was a quarter of a screen test's CPU).
// What of them decides what a test sees stays: a closed popup (dropdown, select, tooltip, menu) is
// hidden only by its `-hidden` class, and role queries leave hidden elements out.
if (typeof document !== 'undefined' && !document.getElementById('antd-hidden')) {
  const style = document.createElement('style');
  style.id = 'antd-hidden';
  style.textContent = '[class$="-hidden"], [class*="-hidden "] { display: none; }';
  document.head.append(style);
}

afterEach(() => {
  cleanup();
  setScreenWidth(DESKTOP_WIDTH);
  clearNotices();
  localStorage.clear();
});

// jsdom does not implement pseudo-element styles (antd asks for them when measuring scrollbars).
if (typeof window !== 'undefined') {
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}

// antd's overflow menus and selects observe their size; jsdom has no ResizeObserver.
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  class NoopResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: NoopResizeObserver,
  });
  Object.defineProperty(globalThis, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: NoopResizeObserver,
  });
}
