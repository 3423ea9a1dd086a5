import {
  type Locale,
  MENU_GROUP_COMPONENT,
  MENU_TYPE,
  type MenuType,
  type PermissionInput,
  type PermissionRecord,
  type PermissionTreeOption,
} from '@switchboard/contracts';

/** The fields of the menu form (titles in both languages; the title key is worked out on save). */
export interface MenuFormValues {
  menuType: MenuType;
  parentId: string | null;
  name: string;
  nameZh: string;
  path: string;
  componentName: string;
  component: string | null;
  redirect: string;
  icon: string | null;
  url: string;
  internalOrExternal: boolean;
  hidden: boolean;
  alwaysShow: boolean;
  keepAlive: boolean;
  sortNo: number;
  perms: string;
  permsType: '1' | '2';
  status: 0 | 1;
}

/** A title key's text in a language (undefined when that language has none). */
export type TitleTranslator = (locale: Locale, titleKey: string) => string | undefined;

/** Where a new row goes: at the top, or under a menu (a button cannot hold anything). */
export type NewRowPlace = { parent: Pick<PermissionRecord, 'id' | 'menuType'> | null };

/** Fields each type uses; the form shows only these. */
export function fieldsOf(menuType: MenuType) {
  const button = menuType === MENU_TYPE.button;
  return {
    parent: menuType !== MENU_TYPE.topMenu,
    route: !button,
    strategy: button,
    /** A button needs its code; a menu may have one (the code a route of its screen checks). */
    permsRequired: button,
  };
}

/** The types a row may have under a parent (none: at the top). */
export function typesUnder(parent: Pick<PermissionRecord, 'menuType'> | null): MenuType[] {
  if (!parent) return [MENU_TYPE.topMenu];
  if (parent.menuType === MENU_TYPE.button) return [];
  return [MENU_TYPE.subMenu, MENU_TYPE.button];
}

/**
 * The titles the console shows for a row, in both languages: a built-in row's title key is
 * translated (its stored titles are only fallbacks), any other row shows what is stored.
 */
export function shownTitles(
  row: Pick<PermissionRecord, 'name' | 'nameZh' | 'titleKey'>,
  translate: TitleTranslator,
): { name: string; nameZh: string } {
  if (!row.titleKey) return { name: row.name, nameZh: row.nameZh ?? '' };
  return {
    name: translate('en-US', row.titleKey) ?? row.name,
    nameZh: translate('zh-CN', row.titleKey) ?? row.nameZh ?? '',
  };
}

/** The title of a row in the language in use. */
export function titleIn(
  row: Pick<PermissionRecord, 'name' | 'nameZh' | 'titleKey'>,
  locale: Locale,
  translate: TitleTranslator,
): string {
  const titles = shownTitles(row, translate);
  return locale === 'zh-CN' ? titles.nameZh || titles.name : titles.name;
}

const EMPTY: MenuFormValues = {
  menuType: MENU_TYPE.topMenu,
  parentId: null,
  name: '',
  nameZh: '',
  path: '',
  componentName: '',
  component: null,
  redirect: '',
  icon: null,
  url: '',
  internalOrExternal: false,
  hidden: false,
  alwaysShow: false,
  keepAlive: false,
  sortNo: 0,
  perms: '',
  permsType: '1',
  status: 1,
};

/** A new row's form: a top menu is a group at first, a row under a menu a sub menu. */
export function newValues({ parent }: NewRowPlace): MenuFormValues {
  if (!parent) return { ...EMPTY, component: MENU_GROUP_COMPONENT };
  return { ...EMPTY, menuType: MENU_TYPE.subMenu, parentId: parent.id };
}

/** The form of an existing row. */
export function valuesOf(row: PermissionRecord, translate: TitleTranslator): MenuFormValues {
  return {
    menuType: row.menuType as MenuType,
    parentId: row.parentId,
    ...shownTitles(row, translate),
    path: row.path ?? '',
    componentName: row.componentName ?? '',
    component: row.component,
    redirect: row.redirect ?? '',
    icon: row.icon,
    url: row.url ?? '',
    internalOrExternal: row.internalOrExternal,
    hidden: row.hidden,
    alwaysShow: row.alwaysShow,
    keepAlive: row.keepAlive,
    sortNo: row.sortNo,
    perms: row.perms ?? '',
    permsType: row.permsType === '2' ? '2' : '1',
    status: row.status === 0 ? 0 : 1,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * What is sent for the form's values. A built-in row keeps its title key (and its stored English
 * fallback, so the seed still counts the row as its own) while both titles are the key's texts;
 * once either title changes, the key is dropped and the titles typed are what every user sees.
 */
export function inputOf(
  values: MenuFormValues,
  original: PermissionRecord | null,
  translate: TitleTranslator,
): PermissionInput {
  const name = values.name.trim();
  const nameZh = values.nameZh.trim();
  let titleKey: string | null = null;
  let storedName = name;
  if (original?.titleKey) {
    const shown = shownTitles(original, translate);
    if (shown.name === name && shown.nameZh === nameZh) {
      titleKey = original.titleKey;
      storedName = original.name;
    }
  }
  const route = fieldsOf(values.menuType).route;
  return {
    menuType: values.menuType,
    parentId: values.menuType === MENU_TYPE.topMenu ? null : values.parentId,
    name: storedName,
    nameZh,
    titleKey,
    path: route ? orNull(values.path) : null,
    componentName: orNull(values.componentName),
    component: route ? ((values.component || null) as PermissionInput['component']) : null,
    redirect: route ? orNull(values.redirect) : null,
    icon: route ? ((values.icon || null) as PermissionInput['icon']) : null,
    url: route ? orNull(values.url) : null,
    internalOrExternal: route && values.internalOrExternal,
    hidden: route && values.hidden,
    alwaysShow: route && values.alwaysShow,
    keepAlive: route && values.keepAlive,
    sortNo: values.sortNo,
    perms: orNull(values.perms),
    permsType: values.permsType,
    status: values.status,
  };
}

/**
 * The parents a row may be placed under: menus only (buttons hold nothing), never the row itself
 * or anything below it.
 */
export function parentChoices(
  options: readonly PermissionTreeOption[],
  editingId?: string,
): PermissionTreeOption[] {
  return options.flatMap((option): PermissionTreeOption[] => {
    if (option.menuType === MENU_TYPE.button || option.key === editingId) return [];
    const children = parentChoices(option.children ?? [], editingId);
    return [{ ...option, children: children.length ? children : undefined }];
  });
}

/** Keys of every row that has children (to expand the whole tree). */
export function parentKeys(
  nodes: readonly { id: string; children?: readonly unknown[] | undefined }[],
): string[] {
  return nodes.flatMap((node) =>
    node.children?.length
      ? [node.id, ...parentKeys(node.children as { id: string; children?: readonly unknown[] }[])]
      : [],
  );
}
