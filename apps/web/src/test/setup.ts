import { createCache, StyleContext } from '@ant-design/cssinjs';
import { LOCALES } from '@switchboard/contracts';
import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterEach } from 'vitest';
import { i18nReady, loadLocale } from '@/lib/i18n';
import { clearNotices } from '@/lib/notify';
import { checkUnhandledRequests, listenOnce, server } from './msw';
import { DESKTOP_WIDTH, matchesScreen, setScreenWidth } from './screen';

// React's development build captures an Error for every element it creates, for the component
// stacks of its warnings ("owner stacks"): about a tenth of a screen test's CPU (measured in a
// profile of AnnouncementAdminPage.test.tsx). React stops capturing after 10,000 elements per render;
// the count is held there, so the warnings name no owner stack. TEST_OWNER_STACKS=1 keeps them, to
// read where a warning comes from.
const reactInternals = (React as unknown as Record<string, object | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (!import.meta.env.TEST_OWNER_STACKS && reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => 10_000,
    set: () => {},
  });
}

// Both languages' texts are in before any test renders (the app loads them lazily).
await i18nReady;
await Promise.all(LOCALES.map(loadLocale));

// findBy/waitFor end as soon as their condition holds; the limit only ends a wait that never will.
// antd renders a lot per step, and a machine busy with other work (load 13 on 2 cores was seen)
// made 5 s too tight: a limit is never what a test relies on, so it is generous, and grows with the
// load as the test limits do (TEST_WAIT_MS, set per file by vitest.setup-limits.ts: at load 35 a
// 30 s wait ran out).
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

// antd's styles in these tests, for every render (with the console's providers or without):
// - generated but not put in any document (cssinjs's `mock: 'server'`), and its few CSS variables
//   in an element outside the document. jsdom matches every stylesheet in the document against
//   every element each time a style is computed (antd measuring, Testing Library's role queries,
//   user-event's pointer-events check): with antd's thousands of rules in the document that was a
//   quarter of a screen test's CPU, and inserting them another tenth. No test depends on antd's
//   stylesheet (jsdom lays nothing out) but its hiding of closed popups (dropdown, select, tooltip,
//   menu) by their `-hidden` class, which one rule below keeps: role queries leave hidden elements out.
// - generated once per worker: cssinjs drops a component's styles when its last user unmounts, so
//   every test (and every modal opened again) generated them anew, about a tenth of a screen
//   test's CPU (profile of AnnouncementAdminPage.test.tsx). This cache keeps them.
// Set on the context's default value, which every StyleProvider starts from; the shape is
// checked, so an upgrade of cssinjs that moves it fails here rather than slowing every test.
const styleDefaults = (StyleContext as unknown as { _currentValue?: Record<string, unknown> })._currentValue;
if (!styleDefaults || !('cache' in styleDefaults)) {
  throw new Error("src/test/setup.ts: antd's StyleContext has no default value to set (cssinjs changed)");
}
if (styleDefaults.mock !== 'server') {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (key, valueFn) =>
    update(key, (previous) => valueFn(previous) ?? (previous && [0, previous[1]]));
  Object.assign(styleDefaults, { mock: 'server', cache });
}
if (typeof document !== 'undefined' && !document.getElementById('antd-hidden')) {
  styleDefaults.container = document.createElement('div');
  const style = document.createElement('style');
  style.id = 'antd-hidden';
  style.textContent = '[class$="-hidden"], [class*="-hidden "] { display: none; }';
  document.head.append(style);
}

// The fake network (src/test/msw.ts): started once per worker; each test's handlers go after it,
// and a request nothing answered fails the test.
listenOnce();

afterEach(() => {
  cleanup();
  setScreenWidth(DESKTOP_WIDTH);
  clearNotices();
  localStorage.clear();
  server.resetHandlers();
  checkUnhandledRequests();
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
