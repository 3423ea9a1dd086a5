import {
  type AuthEntry,
  DEFAULT_LOCALE,
  type Locale,
  type MenuItem,
  type UserPermissions,
  userPermissionsSchema,
} from '@switchboard/contracts';
import { TtlCache } from '../../platform/cache';
import type { CacheBus } from '../../platform/cache-bus';
import type { Db } from '../../platform/db';
import { PreparedAnswer } from '../../platform/prepared-answer';
import { PermissionRepo, type PermissionRow } from './repo';

export interface Grants {
  roles: string[];
  isAdmin: boolean;
  permissions: Set<string>;
}

/** How long a process keeps grants and menus of a role set (other processes' edits show after it). */
const CACHE_TTL_MS = 5_000;

/**
 * The caches of grants and menus per role set. Both are made of the same rows (a menu row's
 * status decides whether its code is granted, a role's grants decide its menu), so whoever edits
 * roles, grants or menus calls invalidate() on either service and both caches are cleared.
 */
export class PermissionCaches {
  readonly grants = new TtlCache<Grants>(CACHE_TTL_MS);
  readonly menus = new TtlCache<PreparedAnswer<UserPermissions>>(CACHE_TTL_MS);

  constructor(private readonly bus?: CacheBus) {
    bus?.register(PERMISSIONS_CACHE, () => this.clear());
  }

  clear() {
    this.grants.clear();
    this.menus.clear();
  }

  /** Clears here at once and in the other server processes (through the cache bus). */
  changed() {
    if (this.bus) void this.bus.changed(PERMISSIONS_CACHE);
    else this.clear();
  }
}

/** The name of the grant and menu caches on the cache bus. */
export const PERMISSIONS_CACHE = 'permissions';

/**
 * Role codes and granted permission codes per set of roles, cached for a few seconds: they are
 * read on every request and change only when an administrator edits roles or menus (who then
 * calls invalidate(); other processes follow within the TTL).
 */
export class GrantsService {
  private readonly repo: PermissionRepo;

  constructor(
    db: Db,
    private readonly caches: PermissionCaches,
  ) {
    this.repo = new PermissionRepo(db);
  }

  forRoles(roleIds: string[]): Promise<Grants> {
    const ids = [...roleIds].sort();
    return this.caches.grants.getOrLoad(ids.join(','), async () => {
      const [codes, granted] = await Promise.all([this.repo.roleCodes(ids), this.repo.grantedCodes(ids)]);
      const roles = codes.sort();
      return { roles, isAdmin: roles.includes('admin'), permissions: new Set(granted) };
    });
  }

  async forUser(userId: string): Promise<Grants> {
    return this.forRoles(await this.repo.roleIdsOfUser(userId));
  }

  /** Roles, grants or menus changed: grants and menus are read afresh, in every process. */
  invalidate() {
    this.caches.changed();
  }
}

/** A row's title in a language: the Chinese one where it has one, else the English one. */
export const titleIn = (row: Pick<PermissionRow, 'name' | 'nameZh'>, locale: Locale): string =>
  locale === 'zh-CN' && row.nameZh ? row.nameZh : row.name;

const authEntry = (p: PermissionRow, locale: Locale): AuthEntry => ({
  action: p.perms ?? '',
  describe: titleIn(p, locale),
  type: p.permsType,
  status: String(p.status),
});

/**
 * The menu tree, granted buttons (auth) and every button (allAuth) for a set of roles, cached per
 * role set: read at every sign-in and page load, changed only when an administrator edits menus
 * or roles (who calls invalidate(); other processes follow within the TTL). The cache keeps the
 * answer ready to send (serialised through its schema, compressed once per encoding).
 */
export class MenuService {
  private readonly repo: PermissionRepo;

  constructor(
    db: Db,
    private readonly caches: PermissionCaches,
  ) {
    this.repo = new PermissionRepo(db);
  }

  /**
   * The answer of getUserPermissionByToken for these roles, titled in `locale` (a row without a
   * title key shows its title in that language).
   */
  answerFor(roleIds: string[], locale: Locale = DEFAULT_LOCALE): Promise<PreparedAnswer<UserPermissions>> {
    const ids = [...roleIds].sort();
    return this.caches.menus.getOrLoad(`${locale}|${ids.join(',')}`, async () =>
      PreparedAnswer.of(userPermissionsSchema, await this.load(ids, locale)),
    );
  }

  async forRoles(roleIds: string[], locale: Locale = DEFAULT_LOCALE): Promise<UserPermissions> {
    return (await this.answerFor(roleIds, locale)).value;
  }

  /** Roles, grants or menus changed: grants and menus are read afresh, in every process. */
  invalidate() {
    this.caches.changed();
  }

  private async load(roleIds: string[], locale: Locale): Promise<UserPermissions> {
    const [granted, allButtons] = await Promise.all([this.repo.grantedRows(roleIds), this.repo.allButtons()]);
    const rows = granted.sort((a, b) => a.sortNo - b.sortNo);
    const buttons = rows.filter((p) => p.menuType === 2 && p.perms);
    const menus = rows.filter((p) => p.menuType !== 2);
    // A node whose parent is not granted is unreachable and left out.
    const build = (parentId: string | null): MenuItem[] =>
      menus
        .filter((m) => m.parentId === parentId)
        .map((m) => {
          const children = build(m.id);
          const item: MenuItem = {
            id: m.id,
            path: m.path ?? '',
            name: m.componentName ?? m.id,
            component: m.component,
            redirect: m.redirect,
            hidden: m.hidden,
            alwaysShow: m.alwaysShow,
            meta: {
              title: titleIn(m, locale),
              titleKey: m.titleKey,
              icon: m.icon,
              url: m.url,
              permissionList: buttons.filter((b) => b.parentId === m.id).map((b) => authEntry(b, locale)),
              keepAlive: m.keepAlive,
              internalOrExternal: m.internalOrExternal,
            },
          };
          if (children.length) item.children = children;
          return item;
        });
    return {
      menu: build(null),
      auth: buttons.map((b) => authEntry(b, locale)),
      allAuth: allButtons.filter((b) => b.perms).map((b) => authEntry(b, locale)),
    };
  }
}

/** Roles: who holds which, looked up by code. */
export class RoleService {
  private readonly repo: PermissionRepo;

  constructor(db: Db) {
    this.repo = new PermissionRepo(db);
  }

  roleIdsOfUser(userId: string) {
    return this.repo.roleIdsOfUser(userId);
  }

  roleCodesOfUsers(userIds: string[]) {
    return this.repo.roleCodesOfUsers(userIds);
  }

  /** Every role, by code (the options of the user form). */
  roleOptions() {
    return this.repo.roleOptions();
  }

  /** Roles (id and code) of each user (users without any are absent). */
  rolesOfUsers(userIds: string[]) {
    return this.repo.rolesOfUsers(userIds);
  }

  /** Gives the user exactly these roles (inside the caller's transaction). */
  setRolesOfUser(userId: string, roleIds: string[]) {
    return this.repo.setRolesOfUser(userId, roleIds);
  }

  /** The ids of the users holding a role. */
  userIdsOfRole(roleId: string) {
    return this.repo.userIdsOfRole(roleId);
  }

  /** Gives a user roles by code; unknown codes are an error of the caller's code, not of a user. */
  async assign(userId: string, codes: string[]) {
    const found = await this.repo.roleIdsByCodes(codes);
    if (found.length !== new Set(codes).size) throw new Error(`unknown role in ${codes.join(', ')}`);
    await this.repo.assignRoles(
      userId,
      found.map((r) => r.id),
    );
  }

  /** How many of these role codes exist. */
  async countExisting(codes: string[]): Promise<number> {
    return (await this.repo.roleIdsByCodes([...new Set(codes)])).length;
  }

  isCodeTaken(code: string, excludeId?: string) {
    return this.repo.roleCodeTaken(code, excludeId);
  }

  /** Every permission code of the menu tree (routes may only require codes that exist). */
  permissionCodes() {
    return this.repo.allCodes();
  }
}
