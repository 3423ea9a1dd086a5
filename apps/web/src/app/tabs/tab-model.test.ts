import { describe, expect, it } from 'vitest';
import {
  closeMany,
  closeTab,
  openTab,
  refreshTab,
  rehomeTabs,
  type TabsState,
  tabFor,
  visitTab,
} from './tab-model';

const HOME = '/home/Home';
const state = (active: string, ...paths: string[]): TabsState => ({
  tabs: paths.map((p) => tabFor(p)),
  active,
});
const keys = (s: TabsState) => s.tabs.map((t) => t.fullPath);

describe('tabs', () => {
  it('opens a tab per full path, home first', () => {
    let s = openTab({ tabs: [], active: '' }, tabFor('/a', '?x=1'), HOME);
    expect(keys(s)).toEqual([HOME, '/a?x=1']);
    s = openTab(s, tabFor('/a', '?x=2'), HOME);
    s = openTab(s, tabFor('/a', '?x=1'), HOME);
    expect(keys(s)).toEqual([HOME, '/a?x=1', '/a?x=2']);
    expect(s.active).toBe('/a?x=1');
  });

  it('a new home (department switch) replaces the old home tab, first, and shows if the old one did', () => {
    const AGENT = '/AgentHome';
    const onHome = rehomeTabs(state(HOME, HOME, '/a', '/b'), HOME, AGENT);
    expect(keys(onHome)).toEqual([AGENT, '/a', '/b']);
    expect(onHome.active).toBe(AGENT);
    // Elsewhere: the active tab stays; the new home cannot be closed, the old one is gone.
    const elsewhere = rehomeTabs(state('/b', AGENT, '/a', '/b'), AGENT, HOME);
    expect(keys(elsewhere)).toEqual([HOME, '/a', '/b']);
    expect(elsewhere.active).toBe('/b');
    expect(closeTab(elsewhere, HOME, HOME).problem).toBe('home');
    // The new home was already open as an ordinary tab: it moves first, keeping its page.
    const open = { tabs: [tabFor(HOME), { ...tabFor(AGENT), version: 2 }, tabFor('/a')], active: '/a' };
    const moved = rehomeTabs(open, HOME, AGENT);
    expect(keys(moved)).toEqual([AGENT, '/a']);
    expect(moved.tabs[0]?.version).toBe(2);
    expect(rehomeTabs(open, HOME, HOME)).toBe(open);
  });

  it('refuses to close home and the last tab', () => {
    expect(closeTab(state(HOME, HOME, '/a'), HOME, HOME).problem).toBe('home');
    expect(closeTab(state('/a', '/a'), '/a', HOME).problem).toBe('last');
    expect(closeTab(state(HOME, HOME), HOME, HOME).problem).toBe('last');
  });

  it('closing the active tab activates its right neighbour, else the left one', () => {
    expect(closeTab(state('/b', HOME, '/a', '/b', '/c'), '/b', HOME).state.active).toBe('/c');
    expect(closeTab(state('/c', HOME, '/a', '/b', '/c'), '/c', HOME).state.active).toBe('/b');
    const inactive = closeTab(state('/a', HOME, '/a', '/b'), '/b', HOME).state;
    expect(inactive.active).toBe('/a');
    expect(keys(inactive)).toEqual([HOME, '/a']);
  });

  it('close others / left / right / all keep home and pick a sensible active tab', () => {
    const s = state('/c', HOME, '/a', '/b', '/c');
    expect(closeMany(s, '/b', 'others', HOME)).toEqual({ tabs: state('', HOME, '/b').tabs, active: '/b' });
    expect(closeMany(s, '/b', 'left', HOME)).toEqual({
      tabs: state('', HOME, '/b', '/c').tabs,
      active: '/c',
    });
    expect(closeMany(s, '/b', 'right', HOME)).toEqual({
      tabs: state('', HOME, '/a', '/b').tabs,
      active: '/b',
    });
    expect(closeMany(s, '/b', 'all', HOME)).toEqual({ tabs: state('', HOME).tabs, active: HOME });
    expect(closeMany(state('/a', HOME, '/a', '/b'), '/b', 'right', HOME).active).toBe('/a');
  });

  it('refresh bumps only that tab', () => {
    const s = refreshTab(state('/a', HOME, '/a'), '/a');
    expect(s.tabs.map((t) => t.version)).toEqual([0, 1]);
  });

  it('a query change of the active page (table state, back/forward) follows in the same tab', () => {
    let s = openTab({ tabs: [], active: '' }, tabFor('/a'), HOME);
    s = visitTab(s, tabFor('/a', '?pageNo=2'), HOME, { sameTab: true });
    expect(keys(s)).toEqual([HOME, '/a?pageNo=2']);
    expect(s.tabs[1]?.id).toBe('/a');
    expect(s.active).toBe('/a?pageNo=2');
    // Back to the plain path: still the same tab.
    s = visitTab(s, tabFor('/a'), HOME, { sameTab: true });
    expect(keys(s)).toEqual([HOME, '/a']);
    expect(s.tabs[1]?.id).toBe('/a');
  });

  it('otherwise another query is another tab, with an id of its own', () => {
    let s = openTab({ tabs: [], active: '' }, tabFor('/a'), HOME);
    s = visitTab(s, tabFor('/a', '?pageNo=2'), HOME, { sameTab: true });
    s = visitTab(s, tabFor('/a', '?pageNo=3'), HOME);
    expect(keys(s)).toEqual([HOME, '/a?pageNo=2', '/a?pageNo=3']);
    expect(new Set(s.tabs.map((t) => t.id)).size).toBe(3);
    // An existing tab of that full path is re-activated, not changed.
    s = visitTab(s, tabFor('/a', '?pageNo=2'), HOME, { sameTab: true });
    expect(keys(s)).toEqual([HOME, '/a?pageNo=2', '/a?pageNo=3']);
    expect(s.active).toBe('/a?pageNo=2');
  });

  it('the plain path of a screen (side menu) re-activates its open tab, keeping its query', () => {
    let s = openTab({ tabs: [], active: '' }, tabFor('/a'), HOME);
    s = visitTab(s, tabFor('/a', '?pageNo=2'), HOME, { sameTab: true });
    s = visitTab(s, tabFor('/b'), HOME);
    s = visitTab(s, tabFor('/a'), HOME);
    expect(keys(s)).toEqual([HOME, '/a?pageNo=2', '/b']);
    expect(s.active).toBe('/a?pageNo=2');
    // With several tabs of that screen: the active one stays, else the first.
    s = visitTab(s, tabFor('/a', '?pageNo=3'), HOME);
    expect(visitTab(s, tabFor('/a'), HOME)).toEqual({ ...s, active: '/a?pageNo=3' });
    s = visitTab(s, tabFor('/b'), HOME);
    expect(visitTab(s, tabFor('/a'), HOME).active).toBe('/a?pageNo=2');
    // A tab of exactly that path wins; a screen with no tab yet opens one.
    expect(visitTab(state('/b', HOME, '/a?x=1', '/a', '/b'), tabFor('/a'), HOME).active).toBe('/a');
    expect(keys(visitTab(state('/b', HOME, '/a?x=1', '/b'), tabFor('/c'), HOME))).toEqual([
      HOME,
      '/a?x=1',
      '/b',
      '/c',
    ]);
  });

  it('never moves home or a tab of another page in place', () => {
    const s = visitTab(state(HOME, HOME, '/a'), tabFor(HOME, '?x=1'), HOME, { sameTab: true });
    expect(keys(s)).toEqual([HOME, '/a', `${HOME}?x=1`]);
    const t = visitTab(state('/a', HOME, '/a'), tabFor('/b', '?x=1'), HOME, { sameTab: true });
    expect(keys(t)).toEqual([HOME, '/a', '/b?x=1']);
  });
});
