import { describe, expect, it } from 'vitest';
import { findByPath, isWebUrl, permittedMenu } from '@/lib/menu-tree';
import { menuItem as node } from '@/test/menu';
import { visibleMenu } from './menu-tree';

describe('visibleMenu', () => {
  it('drops hidden nodes and screens that do not exist yet', () => {
    const menu = [
      node('/home/Home', 'home/Home'),
      node('/x', 'nope/Missing'),
      node('/h', 'home/Home', { hidden: true }),
    ];
    expect(visibleMenu(menu).map((m) => m.path)).toEqual(['/home/Home']);
  });

  it('drops empty groups, lifts a single child unless alwaysShow', () => {
    const child = node('/g/home', 'home/Home');
    const empty = node('/e', 'layouts/RouteView', { children: [node('/e/x', 'nope/Missing')] });
    const single = node('/g', 'layouts/RouteView', { children: [child] });
    const always = node('/a', 'layouts/RouteView', { alwaysShow: true, children: [child] });
    expect(visibleMenu([empty])).toEqual([]);
    expect(visibleMenu([single]).map((m) => m.path)).toEqual(['/g/home']);
    expect(visibleMenu([always]).map((m) => [m.path, m.children?.map((c) => c.path)])).toEqual([
      ['/a', ['/g/home']],
    ]);
  });

  it('keeps external links', () => {
    const link = node('/docs', null, {
      meta: { url: 'https://example.com', internalOrExternal: true },
    });
    expect(visibleMenu([link])).toHaveLength(1);
  });
});

describe('findByPath', () => {
  it('finds nested nodes with their parents', () => {
    const menu = [node('/s', 'layouts/RouteView', { children: [node('/s/u', 'home/Home')] })];
    expect(findByPath(menu, '/s/u')?.parents).toEqual(['/s']);
    expect(findByPath(menu, '/nope')).toBeUndefined();
  });
});

describe('permittedMenu', () => {
  const perm = (action: string) => ({ action, describe: action, type: '1', status: '1' });
  it('keeps routes whose permission list is empty or intersects the granted actions, recursively', () => {
    const guarded = node('/g', 'home/Home', {
      meta: { permissionList: [perm('a')] },
    });
    const parent = node('/p', 'layouts/RouteView', {
      meta: { permissionList: [perm('b')] },
      children: [node('/p/c', 'home/Home')],
    });
    const open = node('/o', 'home/Home');
    expect(permittedMenu([guarded, parent, open], new Set(['a'])).map((m) => m.path)).toEqual(['/g', '/o']);
    const both = permittedMenu([guarded, parent, open], new Set(['a', 'b']));
    expect(both.map((m) => m.path)).toEqual(['/g', '/p', '/o']);
    expect(both[1]?.children?.map((m) => m.path)).toEqual(['/p/c']);
  });
});

describe('isWebUrl', () => {
  it('accepts http(s) addresses and site paths only', () => {
    expect(isWebUrl('https://status.example.com/x')).toBe(true);
    expect(isWebUrl('http://intranet.local:8080/report')).toBe(true);
    expect(isWebUrl('/reports/daily')).toBe(true);
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'ftp://x',
      '',
      null,
    ]) {
      expect(isWebUrl(url), String(url)).toBe(false);
    }
  });
});
