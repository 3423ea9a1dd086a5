import { z } from 'zod';
import { newPasswordSchema, requiredText } from './auth';
import { countryCodeField, emailField, newUsernameSchema } from './company';
import { PASSWORD_MAX_LENGTH, SEARCH_TEXT_MAX_LENGTH } from './constants';
import { resourceListQuerySchema } from './resource';
import { dateTime, uuid } from './wire';

/** 1 normal, 2 frozen. */
export const USER_STATUSES = [1, 2] as const;

const searchText = z.string().max(SEARCH_TEXT_MAX_LENGTH, 'FIELD_TOO_LONG').optional();

/** Columns the user list sorts by. */
export const USER_SORTABLE = ['username', 'realname', 'status', 'createdAt'] as const;

export const userListQuerySchema = resourceListQuerySchema({
  username: searchText,
  realname: searchText,
  status: z.enum(['1', '2']).optional(),
  /** Username or real name, in one box. */
  keyword: searchText,
  phone: searchText,
  email: searchText,
  /** Members of this department. */
  departId: uuid.optional(),
  /** Holders of this role. */
  roleId: uuid.optional(),
  companyId: uuid.optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userListItemSchema = z.object({
  id: z.string(),
  username: z.string(),
  realname: z.string(),
  /** 1 normal, 2 frozen. */
  status: z.number().int(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  orgCode: z.string().nullable(),
  googleAuthBound: z.boolean(),
  ipWhitelist: z.array(z.string()),
  /** Spec section 2, header: the items are hidden for this user. */
  hideHeaderItems: z.boolean(),
  createdAt: dateTime,
  roles: z.array(z.string()),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** ISO code of the user's country. */
  countryCode: z.string().nullable(),
  /** The user's departments (names in both languages). */
  departs: z.array(
    z.object({ id: z.string(), orgCode: z.string(), name: z.string(), nameZh: z.string().nullable() }),
  ),
  /** What the edit form selects: the ids of the roles and departments. */
  roleIds: z.array(z.string()),
  departIds: z.array(z.string()),
});
export type UserListItem = z.input<typeof userListItemSchema>;

/** One user (queryById, and the answer of add and edit): a row of the list. */
export const userRecordSchema = userListItemSchema;
export type UserRecord = UserListItem;

/** Blank text is no value (an optional field left empty in a form or a sheet). */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/**
 * The fields of a user an administrator sets. `phone` is international (+8613800138000) or
 * national with `countryCode`; it is stored as E.164. Phone, e-mail and username are unique.
 */
const userFields = {
  realname: z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
  phone: optionalText(z.string().trim().max(32, 'FIELD_TOO_LONG')),
  email: optionalText(emailField),
  countryCode: optionalText(countryCodeField),
  /** The user's company (agents and customers); none for platform staff. */
  companyId: uuid.nullish(),
  roleIds: z.array(uuid).max(20, 'FIELD_INVALID').default([]),
  departIds: z.array(uuid).max(50, 'FIELD_INVALID').default([]),
};

/** The same password rules as sign-up and change password, typed twice. */
const passwordPair = {
  password: newPasswordSchema,
  confirmPassword: requiredText(PASSWORD_MAX_LENGTH, 'CONFIRM_PASSWORD_REQUIRED'),
};
const samePassword = {
  message: 'PASSWORDS_DIFFERENT',
  path: ['confirmPassword'],
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown };
    return typeof v.password === 'string' && typeof v.confirmPassword === 'string';
  },
};

/** `POST /sys/user/add`. */
export const userAddSchema = z
  .object({ username: newUsernameSchema, ...userFields, ...passwordPair })
  .refine((v) => v.password === v.confirmPassword, samePassword);
export type UserAdd = z.input<typeof userAddSchema>;

/** `PUT /sys/user/edit`: the username stays. */
export const userEditSchema = z.object({ id: uuid, ...userFields });
export type UserEdit = z.input<typeof userEditSchema>;

/** A row of a users import: roles and departments by code, comma separated. */
export const userImportRowSchema = z.object({
  username: newUsernameSchema,
  realname: userFields.realname,
  password: newPasswordSchema,
  phone: userFields.phone,
  email: userFields.email,
  countryCode: userFields.countryCode,
  roles: optionalText(z.string().max(512, 'FIELD_TOO_LONG')),
  departs: optionalText(z.string().max(1024, 'FIELD_TOO_LONG')),
});
export type UserImportRow = z.output<typeof userImportRowSchema>;

/** `PUT /sys/user/changPassword`: an administrator sets another user's password. */
export const changePasswordSchema = z
  .object({ userId: uuid, ...passwordPair })
  .refine((v) => v.password === v.confirmPassword, samePassword);
export type ChangePasswordPayload = z.input<typeof changePasswordSchema>;

/** `GET /sys/user/checkOnlyUser`: one of username, phone (with countryCode) or email; `id` excluded. */
export const checkOnlyUserQuerySchema = z.object({
  username: optionalText(z.string().trim().max(64, 'FIELD_TOO_LONG')),
  phone: optionalText(z.string().trim().max(32, 'FIELD_TOO_LONG')),
  countryCode: optionalText(countryCodeField),
  email: optionalText(z.string().trim().max(128, 'FIELD_TOO_LONG')),
  id: uuid.optional(),
});
export interface CheckOnlyUserQuery {
  username?: string;
  phone?: string;
  countryCode?: string;
  email?: string;
  id?: string;
}
/** Free to use, or why not (taken, malformed) in the caller's language. */
export const checkOnlyUserResultSchema = z.object({
  available: z.boolean(),
  field: z.enum(['username', 'phone', 'email']),
  message: z.string().nullable(),
});
export type CheckOnlyUserResult = z.input<typeof checkOnlyUserResultSchema>;

/** `?userid=` of queryUserRole, queryUserCountry and getUserDepartId. */
/** Jeecg's lower-case `userid` parameter (queryUserRole, getUserDepartId, …). */
export const useridQuerySchema = z.object({ userid: uuid });

/** A user in a picker or a department's member list. */
export const userOptionSchema = z.object({
  id: z.string(),
  username: z.string(),
  realname: z.string(),
  status: z.number().int(),
});
export type UserOption = z.input<typeof userOptionSchema>;

/** `GET /sys/user/getUserList`: users in the caller's scope for a picker. */
export const userOptionsQuerySchema = z.object({
  keyword: searchText,
  limit: z.coerce.number<number | string>().int().min(1).max(200).default(50),
});

/** `GET /sys/role/queryall`: the roles a user form offers. */
export const roleOptionSchema = z.object({
  id: z.string(),
  roleCode: z.string(),
  roleName: z.string(),
  roleNameZh: z.string(),
});
export type RoleOption = z.input<typeof roleOptionSchema>;

export const headerItemsSchema = z.object({ userId: uuid, hidden: z.boolean() });
export type HeaderItemsPayload = z.input<typeof headerItemsSchema>;
