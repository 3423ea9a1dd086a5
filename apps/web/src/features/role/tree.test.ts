import type { GrantTreeNode } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { buttonKind, indexTree, knownKeys, toggleNode } from './tree';

const node = (key: string, menuType: number, children?: GrantTreeNode[], permsType = '1'): GrantTreeNode => ({
  key,
  title: key,
  titleKey: null,
  menuType,
  perms: null,
  permsType,
  status: 1,
  dataRules: false,
  ...(children ? { children } : {}),
});

const TREE = [
  node('system', 0, [
    node('users', 1, [node('edit', 2, undefined, '2'), node('freeze', 2)]),
    node('dict', 1, [node('dictAdd', 2)]),
  ]),
  node('home', 0),
];
const index = indexTree(TREE);

describe('toggleNode', () => {
  it('checks the ancestors of a checked node, not its siblings or children', () => {
    expect(toggleNode(index, new Set(), 'edit', true)).toEqual(new Set(['edit', 'users', 'system']));
    expect(toggleNode(index, new Set(), 'users', true)).toEqual(new Set(['users', 'system']));
  });

  it('unchecks everything below an unchecked node, and leaves the rest', () => {
    const all = new Set(['system', 'users', 'edit', 'freeze', 'dict', 'dictAdd', 'home']);
    expect(toggleNode(index, all, 'users', false)).toEqual(new Set(['system', 'dict', 'dictAdd', 'home']));
    expect(toggleNode(index, all, 'system', false)).toEqual(new Set(['home']));
    expect(toggleNode(index, all, 'edit', false)).toEqual(
      new Set(['system', 'users', 'freeze', 'dict', 'dictAdd', 'home']),
    );
  });

  it('does not change the set it was given', () => {
    const checked = new Set(['home']);
    toggleNode(index, checked, 'edit', true);
    expect(checked).toEqual(new Set(['home']));
  });
});

describe('knownKeys and buttonKind', () => {
  it('drops grants of nodes the tree no longer has', () => {
    expect(knownKeys(index, ['home', 'gone'])).toEqual(new Set(['home']));
  });

  it('tells hide-type from disable-type buttons', () => {
    expect(buttonKind({ menuType: 2, permsType: '2' })).toBe('disable');
    expect(buttonKind({ menuType: 2, permsType: '1' })).toBe('hide');
    expect(buttonKind({ menuType: 1, permsType: '1' })).toBeUndefined();
  });
});
