import { z } from 'zod';
import { uuid } from './wire';

/**
 * The menu and permission editor (`/sys/permission`): menus, sub menus and buttons with every field
 * of spec section 2. The component keys and icons a row may name are the ones the console can
 * render: the web's screen map and side menu are typed against these lists, so a key here has a
 * screen there and the server refuses any other.
 */

/** A menu node that only groups its children (its route shows a child). */
export const MENU_GROUP_COMPONENT = 'layouts/RouteView';

/** Component keys of the console's screens (apps/web/src/app/menu/screens.ts maps each to its page). */
export const SCREEN_COMPONENTS = [
  'home/Home',
  'agent/AgentHome',
  'announcement/UserAnnouncement',
  'contact/ContactUs',
  'billing/SysCustomerPay',
  'billing/OrderList',
  'billing/PayoutList',
  'billing/BalanceLedger',
  'sms/TestToolRecord',
  'company/CompanyList',
  'apiAccess/ApiAccess',
  'agent/AgentCustomers',
  'system/UserList',
  'system/AnnouncementList',
  'system/BrandList',
  'system/ContactList',
  'system/DictList',
  'system/CountryList',
  'system/LoginLog',
  'system/OperationLog',
  'system/ApiDocs',
  'system/QuartzJobList',
  'system/PermissionList',
  'system/RoleList',
  'system/DepartList',
  'apiDocs/CustomerApiDocs',
  'system/SmppAccountList',
  'system/Monitor',
  'test/Home',
  'rates/RateGroupList',
  'rates/RateList',
  'rates/GatewayCostList',
  'sms/TemplateList',
  'sms/SenderList',
  'sms/Marketing',
  'sms/Notify',
  'sms/OtpReguler',
  'sms/OtpPremium',
  'sms/CallbackLog',
  'routing/RouteList',
  'routing/OperatorList',
  'routing/GatewayGrants',
  'sms/GatewayList',
  'sms/SmsAnalysis',
  'callTask/TaskList',
  'callTask/CallRecords',
  'callTask/CallStats',
  'voice/TrunkList',
  'voice/SipAccountList',
  'voice/VoiceRouteList',
  'voice/CallerList',
  'voice/CallerGroupList',
  'voice/GatewayNotify',
  'voip/IvrFileList',
  'voip/IvrFlowList',
  'voip/CliTest',
  'voip/StatusCheckList',
  'callCentre/SeatList',
  'callCentre/SeatGroupList',
  'callCentre/CallResultList',
  'callCentre/CallList',
] as const;
export type ScreenComponent = (typeof SCREEN_COMPONENTS)[number];

/** What a menu row's `component` may be: a group, or a screen. */
export const MENU_COMPONENTS = [MENU_GROUP_COMPONENT, ...SCREEN_COMPONENTS] as const;
export type MenuComponent = (typeof MENU_COMPONENTS)[number];

/** Icons the console's menu renders (apps/web/src/app/menu/SideMenu.tsx maps each to its glyph). */
export const MENU_ICONS = [
  'account-book',
  'api',
  'apartment',
  'audit',
  'bank',
  'bar-chart',
  'book',
  'branches',
  'bug',
  'cloud',
  'contacts',
  'customer-service',
  'dashboard',
  'database',
  'experiment',
  'file-text',
  'global',
  'home',
  'idcard',
  'key',
  'login',
  'mail',
  'menu',
  'message',
  'notification',
  'phone',
  'safety',
  'schedule',
  'setting',
  'shop',
  'skin',
  'team',
  'tool',
  'user',
  'wallet',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

/** Menu types: a top menu, a sub menu, a button (an action rule guarding a control). */
export const MENU_TYPE = { topMenu: 0, subMenu: 1, button: 2 } as const;
export type MenuType = (typeof MENU_TYPE)[keyof typeof MENU_TYPE];

/** How a button the user is not granted shows: '1' hidden, '2' disabled. */
export const PERMS_STRATEGIES = ['1', '2'] as const;

/** Sort numbers of menu rows (spec section 5). */
export const MENU_SORT_MIN = 0;
export const MENU_SORT_MAX = 100;

const requiredText = (max: number) => z.string().trim().min(1, 'FIELD_REQUIRED').max(max, 'FIELD_TOO_LONG');
/** Left out, null or blank: null. */
const blankToNull = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null));
/** Optional text: blank becomes null. */
const optionalText = (max: number, pattern?: RegExp, message = 'FIELD_INVALID') => {
  const text = z.string().max(max, 'FIELD_TOO_LONG');
  return blankToNull.pipe((pattern ? text.regex(pattern, message) : text).nullable());
};

/** A route path: `/` then letters, digits and `/ _ - . :`. */
const ROUTE_PATH = /^\/[A-Za-z0-9/_.:-]*$/;
/** A permission code: `system:user:list`. */
export const PERMS_CODE = /^[A-Za-z0-9][A-Za-z0-9:_.-]*$/;

export const permissionInputSchema = z
  .object({
    /** Null for a top menu; a menu (never a button) for a sub menu or a button. */
    parentId: uuid.nullish().transform((v) => v ?? null),
    menuType: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'FIELD_INVALID' }),
    /** English title (also the fallback of a title key). */
    name: requiredText(128),
    /** Chinese title. */
    nameZh: requiredText(128),
    /** A key the console translates (`menu.dict`); null: the titles above are shown. */
    titleKey: optionalText(128, /^menu\.[A-Za-z][A-Za-z0-9_.]*$/),
    path: optionalText(255, ROUTE_PATH, 'MENU_PATH_INVALID'),
    /** Route name (unique among routes; the id when left out). */
    componentName: optionalText(128, /^[A-Za-z][A-Za-z0-9_-]*$/),
    component: blankToNull.pipe(z.enum(MENU_COMPONENTS, { error: 'MENU_COMPONENT_UNKNOWN' }).nullable()),
    redirect: optionalText(255, ROUTE_PATH, 'MENU_PATH_INVALID'),
    hidden: z.boolean().default(false),
    alwaysShow: z.boolean().default(false),
    keepAlive: z.boolean().default(false),
    /** With `url`: true opens it in a new window, false frames it in the console. */
    internalOrExternal: z.boolean().default(false),
    icon: blankToNull.pipe(z.enum(MENU_ICONS, { error: 'MENU_ICON_UNKNOWN' }).nullable()),
    url: optionalText(512, /^https?:\/\/[^\s]+$/, 'MENU_URL_INVALID'),
    sortNo: z
      .number({ error: 'FIELD_INVALID_TYPE' })
      .int('FIELD_INVALID')
      .min(MENU_SORT_MIN, 'NUMBER_TOO_SMALL')
      .max(MENU_SORT_MAX, 'NUMBER_TOO_LARGE'),
    perms: optionalText(255, PERMS_CODE),
    permsType: z.enum(PERMS_STRATEGIES, { error: 'FIELD_INVALID' }).default('1'),
    /** 1 active, 0 switched off. */
    status: z.union([z.literal(0), z.literal(1)], { error: 'FIELD_INVALID' }).default(1),
  })
  .superRefine((row, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (row.menuType === MENU_TYPE.topMenu && row.parentId !== null) issue('parentId', 'MENU_TOP_HAS_PARENT');
    if (row.menuType !== MENU_TYPE.topMenu && row.parentId === null) issue('parentId', 'FIELD_REQUIRED');
    if (row.menuType === MENU_TYPE.button) {
      if (!row.perms) issue('perms', 'FIELD_REQUIRED');
      return;
    }
    if (!row.path) issue('path', 'FIELD_REQUIRED');
    // A link (framed or in a new window) needs no screen; anything else does.
    if (!row.component && !row.url) issue('component', 'FIELD_REQUIRED');
    if (row.internalOrExternal && !row.url) issue('url', 'FIELD_REQUIRED');
  });
export type PermissionInput = z.input<typeof permissionInputSchema>;
export type PermissionValues = z.output<typeof permissionInputSchema>;

export const permissionEditSchema = z.object({ id: uuid }).and(permissionInputSchema);
export type PermissionEdit = z.input<typeof permissionEditSchema>;

const permissionRowShape = {
  id: z.string(),
  parentId: z.string().nullable(),
  menuType: z.number().int(),
  name: z.string(),
  nameZh: z.string().nullable(),
  titleKey: z.string().nullable(),
  path: z.string().nullable(),
  componentName: z.string().nullable(),
  component: z.string().nullable(),
  redirect: z.string().nullable(),
  hidden: z.boolean(),
  alwaysShow: z.boolean(),
  keepAlive: z.boolean(),
  internalOrExternal: z.boolean(),
  icon: z.string().nullable(),
  url: z.string().nullable(),
  sortNo: z.number().int(),
  perms: z.string().nullable(),
  permsType: z.string(),
  status: z.number().int(),
  /** Seeded by the console: its permission code cannot change and it cannot be deleted. */
  builtIn: z.boolean(),
};

/** One row (getSystemMenuList, getSystemSubmenu, add, edit). */
export const permissionRecordSchema = z.object(permissionRowShape);
export type PermissionRecord = z.input<typeof permissionRecordSchema>;

/** A row with its sub menus and buttons (`/sys/permission/list`). */
export const permissionTreeNodeSchema = permissionRecordSchema.extend({
  get children(): z.ZodOptional<z.ZodArray<typeof permissionTreeNodeSchema>> {
    return z.array(permissionTreeNodeSchema).optional();
  },
});
// Recursive: a component of the OpenAPI document, which refers to it by this name.
z.globalRegistry.add(permissionTreeNodeSchema, { id: 'PermissionTreeNode' });
export type PermissionTreeNode = z.input<typeof permissionTreeNodeSchema>;

/** `GET /sys/permission/list`: the whole tree, or the rows matching `name` with their parents. */
export const permissionListQuerySchema = z.object({
  /** Either title, the route path or the permission code contains this. */
  name: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
});
export type PermissionListQuery = z.input<typeof permissionListQuerySchema>;

/** A node of the picker tree (`GET /sys/permission/queryTreeList`). */
export const permissionTreeOptionSchema = z.object({
  key: z.string(),
  value: z.string(),
  /** In the caller's language where the row has one; the console translates `titleKey` first. */
  title: z.string(),
  titleKey: z.string().nullable(),
  menuType: z.number().int(),
  perms: z.string().nullable(),
  permsType: z.string(),
  get children() {
    return z.array(permissionTreeOptionSchema).optional();
  },
});
// Recursive: a component of the OpenAPI document, which refers to it by this name.
z.globalRegistry.add(permissionTreeOptionSchema, { id: 'PermissionTreeOption' });
export type PermissionTreeOption = z.input<typeof permissionTreeOptionSchema>;

/** `GET /sys/permission/getSystemSubmenu?parentId=`. */
export const permissionSubmenuQuerySchema = z.object({ parentId: uuid });

/** `GET /sys/permission/checkPermDuplication?perms=&id=`: free (200) or taken (409 PERMISSION_CODE_TAKEN). */
export const permissionCodeCheckQuerySchema = z.object({
  perms: z
    .string()
    .trim()
    .min(1, 'FIELD_REQUIRED')
    .max(255, 'FIELD_TOO_LONG')
    .regex(PERMS_CODE, 'FIELD_INVALID'),
  /** The row being edited (its own code is not a duplicate). */
  id: uuid.optional(),
});
export type PermissionCodeCheckQuery = z.input<typeof permissionCodeCheckQuerySchema>;
