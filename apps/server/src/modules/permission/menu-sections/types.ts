import type { PermissionCode, RoleCode } from '@switchboard/contracts';

/** A node of the seeded menu tree. `key` gives it a stable id across seeds. */
export interface MenuSeed {
  key: string;
  title: string;
  titleKey: string;
  path?: string;
  component?: string;
  redirect?: string;
  icon?: string;
  perms?: PermissionCode;
  permsType?: '1' | '2';
  hidden?: boolean;
  alwaysShow?: boolean;
  keepAlive?: boolean;
  url?: string;
  internalOrExternal?: boolean;
  /** Roles granted this node; children inherit unless they set their own. */
  roles?: RoleCode[];
  children?: MenuSeed[];
  /** Buttons (menu type 2) guarded by an action code. */
  buttons?: { key: string; title: string; perms: PermissionCode; permsType: '1' | '2'; roles?: RoleCode[] }[];
}

export const everyone: RoleCode[] = ['admin', 'sales', 'distributor', 'agent', 'customer'];
export const staff: RoleCode[] = ['admin'];
/** Platform staff (data scope every company): administrators and sales. */
export const staffScope: RoleCode[] = ['admin', 'sales'];
export const resellersAndAdmin: RoleCode[] = ['admin', 'distributor', 'agent'];
/** Users of a company (they write their own templates and sender ids). */
export const companyRoles: RoleCode[] = ['distributor', 'agent', 'customer'];
/** Who reviews templates and sender ids: staff in their scope, resellers their customers'. */
/** Who adds and edits them: a company's users their own, staff any company's in their scope. */
export const writers: RoleCode[] = ['admin', 'sales', ...companyRoles];
/**
 * Who imports: a company's users into their own company (the administrator holds the button, as
 * every button; without a company of its own the route refuses it).
 */
export const importers: RoleCode[] = ['admin', ...companyRoles];
export const reviewers: RoleCode[] = ['admin', 'sales', 'distributor', 'agent'];
