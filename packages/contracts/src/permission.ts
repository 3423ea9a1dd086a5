import { z } from 'zod';

/**
 * A button rule (menu type 2) or a granted action. `type` '1' hides the control unless granted,
 * '2' disables it; `status` '0' switches a rule off for display (spec section 6).
 */
export const authEntrySchema = z.object({
  action: z.string(),
  describe: z.string(),
  type: z.string(),
  status: z.string(),
});
export type AuthEntry = z.input<typeof authEntrySchema>;

export const menuMetaSchema = z.object({
  /** English title, the fallback when `titleKey` has no text. */
  title: z.string(),
  titleKey: z.string().nullable(),
  icon: z.string().nullable(),
  url: z.string().nullable(),
  permissionList: z.array(authEntrySchema),
  keepAlive: z.boolean(),
  internalOrExternal: z.boolean(),
});
export type MenuMeta = z.input<typeof menuMetaSchema>;

export const menuItemSchema = z.object({
  id: z.string(),
  path: z.string(),
  name: z.string(),
  component: z.string().nullable(),
  redirect: z.string().nullable(),
  hidden: z.boolean(),
  alwaysShow: z.boolean(),
  meta: menuMetaSchema,
  get children() {
    return z.array(menuItemSchema).optional();
  },
});
// Recursive: a component of the OpenAPI document, which refers to it by this name.
z.globalRegistry.add(menuItemSchema, { id: 'MenuItem' });
export type MenuItem = z.input<typeof menuItemSchema>;

/** The signed-in user's menu tree, granted buttons and every button rule. */
export const userPermissionsSchema = z.object({
  menu: z.array(menuItemSchema),
  auth: z.array(authEntrySchema),
  allAuth: z.array(authEntrySchema),
});
export type UserPermissions = z.input<typeof userPermissionsSchema>;

export const dictItemSchema = z.object({ value: z.string(), text: z.string(), label: z.string() });
export type DictItem = z.input<typeof dictItemSchema>;

export const dictCodeParamsSchema = z.object({
  code: z
    .string()
    .min(1)
    .max(64, 'FIELD_TOO_LONG')
    .regex(/^[A-Za-z0-9_-]+$/, 'FIELD_INVALID'),
});

export const departInfoSchema = z.object({
  agentId: z.string().nullable(),
  departName: z.string().nullable(),
  departNameZh: z.string().nullable(),
  orgCode: z.string().nullable(),
});
export type DepartInfo = z.input<typeof departInfoSchema>;
