import {
  type PermissionRecord,
  type PermissionTreeOption,
  permissionInputSchema,
} from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import {
  fieldsOf,
  inputOf,
  newValues,
  parentChoices,
  parentKeys,
  shownTitles,
  type TitleTranslator,
  titleIn,
  typesUnder,
  valuesOf,
} from './menu-form';

const TEXTS: Record<string, Record<string, string>> = {
  'en-US': { 'menu.dict': 'Dictionaries' },
  'zh-CN': { 'menu.dict': '数据字典' },
};
const translate: TitleTranslator = (locale, key) => TEXTS[locale]?.[key];

const row = (over: Partial<PermissionRecord> = {}): PermissionRecord => ({
  id: '00000000-0000-4000-8000-000000000001',
  parentId: '00000000-0000-4000-8000-000000000000',
  menuType: 1,
  name: 'Dictionaries',
  nameZh: null,
  titleKey: 'menu.dict',
  path: '/system/dict',
  componentName: 'systemDict',
  component: 'system/DictList',
  redirect: null,
  hidden: false,
  alwaysShow: false,
  keepAlive: false,
  internalOrExternal: false,
  icon: 'book',
  url: null,
  sortNo: 5,
  perms: 'system:dict:list',
  permsType: '1',
  status: 1,
  builtIn: true,
  ...over,
});

describe('titles', () => {
  it('shows a built-in row’s key in both languages, an operator’s row its stored titles', () => {
    expect(shownTitles(row(), translate)).toEqual({ name: 'Dictionaries', nameZh: '数据字典' });
    const mine = row({ titleKey: null, name: 'Reports', nameZh: '报表', builtIn: false });
    expect(shownTitles(mine, translate)).toEqual({ name: 'Reports', nameZh: '报表' });
    expect(titleIn(mine, 'zh-CN', translate)).toBe('报表');
    expect(titleIn(mine, 'en-US', translate)).toBe('Reports');
    // No Chinese title: the English one.
    expect(titleIn(row({ titleKey: null, nameZh: null, name: 'Add' }), 'zh-CN', translate)).toBe('Add');
    // A key without text falls back to what is stored.
    expect(shownTitles(row({ titleKey: 'menu.nothing', nameZh: '某' }), translate)).toEqual({
      name: 'Dictionaries',
      nameZh: '某',
    });
  });

  it('keeps the title key (and the stored English fallback) while the titles are the key’s texts', () => {
    const original = row({ name: 'Dictionary list' });
    const values = valuesOf(original, translate);
    expect(values).toMatchObject({ name: 'Dictionaries', nameZh: '数据字典' });
    const kept = inputOf({ ...values, icon: 'database' }, original, translate);
    expect(kept).toMatchObject({
      titleKey: 'menu.dict',
      name: 'Dictionary list',
      nameZh: '数据字典',
      icon: 'database',
    });

    const renamed = inputOf({ ...values, nameZh: '字典管理' }, original, translate);
    expect(renamed).toMatchObject({ titleKey: null, name: 'Dictionaries', nameZh: '字典管理' });
    // A new row has no key.
    expect(
      inputOf({ ...newValues({ parent: null }), name: 'X', nameZh: '某' }, null, translate).titleKey,
    ).toBeNull();
  });
});

describe('types', () => {
  it('offers a top menu at the top, sub menus and buttons under a menu, nothing under a button', () => {
    expect(typesUnder(null)).toEqual([0]);
    expect(typesUnder({ menuType: 0 })).toEqual([1, 2]);
    expect(typesUnder({ menuType: 1 })).toEqual([1, 2]);
    expect(typesUnder({ menuType: 2 })).toEqual([]);
    expect(fieldsOf(2)).toEqual({ parent: true, route: false, strategy: true, permsRequired: true });
    expect(fieldsOf(0)).toEqual({ parent: false, route: true, strategy: false, permsRequired: false });
  });

  it('starts a new top menu as a group, a new row under a menu as a sub menu there', () => {
    expect(newValues({ parent: null })).toMatchObject({
      menuType: 0,
      parentId: null,
      component: 'layouts/RouteView',
    });
    expect(newValues({ parent: { id: 'p', menuType: 0 } })).toMatchObject({
      menuType: 1,
      parentId: 'p',
      component: null,
    });
  });

  it('sends a button without route fields and a top menu without parent, as the schema accepts', () => {
    const values = {
      ...valuesOf(row(), translate),
      menuType: 2 as const,
      perms: ' system:dict:extra ',
      permsType: '2' as const,
      hidden: true,
    };
    const button = inputOf(values, null, translate);
    expect(button).toMatchObject({
      menuType: 2,
      path: null,
      component: null,
      icon: null,
      hidden: false,
      perms: 'system:dict:extra',
      permsType: '2',
    });
    expect(permissionInputSchema.safeParse(button).success).toBe(true);
    const top = inputOf({ ...valuesOf(row(), translate), menuType: 0 }, null, translate);
    expect(top.parentId).toBeNull();
    expect(permissionInputSchema.safeParse(top).success).toBe(true);
  });
});

describe('trees', () => {
  const option = (
    key: string,
    menuType: number,
    children?: PermissionTreeOption[],
  ): PermissionTreeOption => ({
    key,
    value: key,
    title: key,
    titleKey: null,
    menuType,
    perms: null,
    permsType: '1',
    ...(children ? { children } : {}),
  });
  const options = [option('a', 0, [option('a1', 1, [option('a1x', 2)]), option('ab', 2)]), option('b', 0)];

  it('offers menus as parents, never buttons, the row itself or what is below it', () => {
    expect(parentChoices(options).map((o) => [o.key, o.children?.map((c) => c.key)])).toEqual([
      ['a', ['a1']],
      ['b', undefined],
    ]);
    expect(parentChoices(options, 'a').map((o) => o.key)).toEqual(['b']);
    expect(parentChoices(options, 'a1')[0]?.children).toBeUndefined();
  });

  it('lists the rows that have children (expand all)', () => {
    const nodes = [
      { id: 'a', children: [{ id: 'a1', children: [{ id: 'x' }] }, { id: 'a2' }] },
      { id: 'b', children: [] },
    ];
    expect(parentKeys(nodes)).toEqual(['a', 'a1']);
  });
});
