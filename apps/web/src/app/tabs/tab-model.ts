/** Multi-page tabs as data: pure functions, so every rule can be tested without a browser. */
export interface PageTab {
  /** Stable while the tab is open (its page's key), even when its query changes in place. */
  id: string;
  /** Full path (pathname + search): what the tab shows; no two tabs share one. */
  fullPath: string;
  pathname: string;
  search: string;
  /** Bumped by "refresh": the page below remounts with a new key. */
  version: number;
}

export interface TabsState {
  tabs: PageTab[];
  active: string;
}

export type CloseProblem = 'home' | 'last';

export function tabFor(pathname: string, search = ''): PageTab {
  const fullPath = `${pathname}${search}`;
  return { id: fullPath, fullPath, pathname, search, version: 0 };
}

/** An id no open tab has (a tab whose query changed in place keeps the id it opened with). */
function freshId(tabs: readonly PageTab[], wanted: string): string {
  let id = wanted;
  for (let n = 2; tabs.some((t) => t.id === id); n++) id = `${wanted}#${n}`;
  return id;
}

/** Opens (or re-activates) the tab of a path; the home tab always stays first. */
export function openTab(state: TabsState, tab: PageTab, home: string): TabsState {
  const exists = state.tabs.some((t) => t.fullPath === tab.fullPath);
  let tabs = exists ? state.tabs : [...state.tabs, { ...tab, id: freshId(state.tabs, tab.id) }];
  if (!tabs.some((t) => t.fullPath === home)) tabs = [{ ...tabFor(home), id: freshId(tabs, home) }, ...tabs];
  return { tabs, active: tab.fullPath };
}

/**
 * The home path changed (a department switch between an agent's department and another): the
 * old home tab goes, the new one takes the first place, and if the old home was showing the new
 * one shows instead. Other tabs stay as they are.
 */
export function rehomeTabs(state: TabsState, oldHome: string, newHome: string): TabsState {
  if (oldHome === newHome) return state;
  const rest = state.tabs.filter((t) => t.fullPath !== oldHome && t.fullPath !== newHome);
  const homeTab = state.tabs.find((t) => t.fullPath === newHome) ?? {
    ...tabFor(newHome),
    id: freshId(rest, newHome),
  };
  return {
    tabs: [homeTab, ...rest],
    active: state.active === oldHome || state.active === '' ? newHome : state.active,
  };
}

/**
 * A navigation: re-activates the tab of that full path if there is one. Otherwise, when the
 * navigation only changed the query of the active page (`sameTab`: a table's page or filters,
 * or back/forward), the active tab follows it in place and keeps its page. A plain path (no
 * query: the side menu, the menu search, a link to a screen) re-activates an open tab of that
 * screen with the query it has (the active one if it is that screen, else the first), so the
 * caller has to move the address to the returned `active`. Else a tab opens.
 */
export function visitTab(
  state: TabsState,
  tab: PageTab,
  home: string,
  options: { sameTab?: boolean } = {},
): TabsState {
  const exists = state.tabs.some((t) => t.fullPath === tab.fullPath);
  if (exists) return openTab(state, tab, home);
  const active = state.tabs.find((t) => t.fullPath === state.active);
  if (options.sameTab && active && active.fullPath !== home && active.pathname === tab.pathname) {
    return {
      tabs: state.tabs.map((t) => (t === active ? { ...t, fullPath: tab.fullPath, search: tab.search } : t)),
      active: tab.fullPath,
    };
  }
  if (tab.search === '') {
    const screen =
      active?.pathname === tab.pathname ? active : state.tabs.find((t) => t.pathname === tab.pathname);
    if (screen) return { tabs: state.tabs, active: screen.fullPath };
  }
  return openTab(state, tab, home);
}

/** Closing one tab: refused for the last tab and for home; otherwise the right neighbour (or left) becomes active. */
export function closeTab(
  state: TabsState,
  key: string,
  home: string,
): { state: TabsState; problem?: CloseProblem } {
  if (state.tabs.length <= 1) return { state, problem: 'last' };
  if (key === home) return { state, problem: 'home' };
  const index = state.tabs.findIndex((t) => t.fullPath === key);
  if (index < 0) return { state };
  const tabs = state.tabs.filter((t) => t.fullPath !== key);
  if (state.active !== key) return { state: { ...state, tabs } };
  const next = tabs[index] ?? tabs[index - 1] ?? tabs[0];
  return { state: { tabs, active: next?.fullPath ?? home } };
}

export type BulkClose = 'others' | 'left' | 'right' | 'all';

/**
 * Context-menu closes relative to tab `key`. Home always survives. The active tab stays when it
 * survives; otherwise `key` (which survives others/left/right) becomes active, or home for "all".
 */
export function closeMany(state: TabsState, key: string, how: BulkClose, home: string): TabsState {
  const index = state.tabs.findIndex((t) => t.fullPath === key);
  if (index < 0) return state;
  const keep = (tab: PageTab, i: number) => {
    if (tab.fullPath === home) return true;
    switch (how) {
      case 'others':
        return i === index;
      case 'left':
        return i >= index;
      case 'right':
        return i <= index;
      case 'all':
        return false;
    }
  };
  const tabs = state.tabs.filter(keep);
  const safeTabs = tabs.length > 0 ? tabs : [tabFor(home)];
  if (safeTabs.some((t) => t.fullPath === state.active)) return { tabs: safeTabs, active: state.active };
  const fallback = how === 'all' ? home : key;
  return {
    tabs: safeTabs,
    active: safeTabs.some((t) => t.fullPath === fallback) ? fallback : (safeTabs[0]?.fullPath ?? home),
  };
}

/** "Refresh": the tab's page remounts (its version changes), nothing else does. */
export function refreshTab(state: TabsState, key: string): TabsState {
  return {
    ...state,
    tabs: state.tabs.map((t) => (t.fullPath === key ? { ...t, version: t.version + 1 } : t)),
  };
}
