import {
  changePasswordSchema,
  checkOnlyUserQuerySchema,
  checkOnlyUserResultSchema,
  departRecordSchema,
  headerItemsSchema,
  ipRulesResultSchema,
  ipWhitelistSchema,
  noResult,
  roleOptionSchema,
  translateError,
  USER_SORTABLE,
  userAddSchema,
  userEditSchema,
  userIdSchema,
  userIdsSchema,
  userImportRowSchema,
  useridQuerySchema,
  userListQuerySchema,
  userOptionSchema,
  userOptionsQuerySchema,
  userRecordSchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { requireAuth } from '../../platform/access';
import { AppError, ok, okResponse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Services } from '../../platform/module';
import {
  defineResource,
  type ResourceColumn,
  resourcePermissions,
  resourceRoutes,
} from '../../platform/resource';
import type { UserListRow } from './service';

/** Each action's permission code (queryById is the list's; users are frozen, not deleted). */
const PERMISSIONS = resourcePermissions({
  list: 'system:user:list',
  add: 'system:user:add',
  edit: 'system:user:edit',
  delete: 'system:user:edit',
  export: 'system:user:export',
  import: 'system:user:import',
});

const STATUS_LABELS = {
  '1': { 'en-US': 'Normal', 'zh-CN': '正常' },
  '2': { 'en-US': 'Frozen', 'zh-CN': '冻结' },
};

/** Columns both sheets share; an export imports back once a password column is added. */
const SHARED_COLUMNS: ResourceColumn<UserListRow>[] = [
  { key: 'username', header: { 'en-US': 'Username', 'zh-CN': '用户名' }, required: true, width: 20 },
  { key: 'realname', header: { 'en-US': 'Real name', 'zh-CN': '真实姓名' }, required: true, width: 20 },
  { key: 'phone', header: { 'en-US': 'Phone', 'zh-CN': '手机号' }, width: 18 },
  { key: 'email', header: { 'en-US': 'Email', 'zh-CN': '邮箱' }, width: 28 },
  { key: 'countryCode', header: { 'en-US': 'Country', 'zh-CN': '国家/地区' }, width: 10 },
  {
    key: 'roles',
    header: { 'en-US': 'Roles (codes)', 'zh-CN': '角色（编码）' },
    value: (row) => row.roles.join(','),
    width: 24,
  },
  {
    key: 'departs',
    header: { 'en-US': 'Departments (org codes)', 'zh-CN': '部门（机构编码）' },
    value: (row) => row.departs.map((d) => d.orgCode).join(','),
    width: 24,
  },
];
const EXPORT_COLUMNS: ResourceColumn<UserListRow>[] = [
  ...SHARED_COLUMNS,
  { key: 'companyName', header: { 'en-US': 'Company', 'zh-CN': '公司' }, width: 24 },
  {
    key: 'status',
    header: { 'en-US': 'Status', 'zh-CN': '状态' },
    kind: 'enum',
    labels: STATUS_LABELS,
    value: (row) => String(row.status),
  },
  { key: 'createdAt', header: { 'en-US': 'Created at', 'zh-CN': '创建时间' }, kind: 'datetime', width: 20 },
];
const IMPORT_COLUMNS: ResourceColumn<UserListRow>[] = [
  ...SHARED_COLUMNS.slice(0, 2),
  { key: 'password', header: { 'en-US': 'Password', 'zh-CN': '密码' }, required: true, width: 16 },
  ...SHARED_COLUMNS.slice(2),
];

export function userRoutes(api: Api, { users }: Pick<Services, 'users'>) {
  // list, queryById, add, edit, exportXls, importExcel
  resourceRoutes(
    api,
    defineResource({
      path: '/sys/user',
      noun: 'user',
      permission: (action) => PERMISSIONS[action],
      record: userRecordSchema,
      list: { query: userListQuerySchema, sortable: USER_SORTABLE, run: (q, auth) => users.list(auth, q) },
      queryById: (id, auth) => users.byId(auth, id),
      add: { body: userAddSchema, run: (input, auth) => users.add(auth, input) },
      edit: { body: userEditSchema, run: (input, auth) => users.edit(auth, input) },
      export: {
        query: userListQuerySchema,
        columns: EXPORT_COLUMNS,
        rows: (query, auth, limit) => users.exportRows(auth, query, limit),
        filename: 'users',
        sheet: { 'en-US': 'Users', 'zh-CN': '用户' },
      },
      import: {
        columns: IMPORT_COLUMNS,
        row: userImportRowSchema,
        check: (rows, auth, rowNumbers) => users.checkImport(auth, rows, rowNumbers),
        write: (rows, auth) => users.importRows(auth, rows),
      },
    }),
  );

  api.get(
    '/sys/user/checkOnlyUser',
    {
      config: { access: { permission: PERMISSIONS.list } },
      schema: {
        summary:
          'Whether a username, phone (with countryCode) or email is free and well formed (id= excluded)',
        querystring: checkOnlyUserQuerySchema,
        response: okResponse(checkOnlyUserResultSchema),
      },
    },
    async (request) => {
      const { username, phone, email, countryCode, id } = request.query;
      const [field, value] = username
        ? (['username', username] as const)
        : phone
          ? (['phone', phone] as const)
          : email
            ? (['email', email] as const)
            : [];
      if (!field) throw new AppError('FIELD_REQUIRED', 400, { field: 'username' });
      const code = await users.checkUnique(field, value, countryCode, id);
      return ok(request, {
        field,
        available: code === null,
        message: code ? translateError(code, requestLocale(request)) : null,
      });
    },
  );

  api.get(
    '/sys/user/getUserList',
    {
      config: { access: { permission: PERMISSIONS.list } },
      schema: {
        summary: 'Users in the caller’s scope for a picker (keyword: username or real name)',
        querystring: userOptionsQuerySchema,
        response: okResponse(z.array(userOptionSchema)),
      },
    },
    async (request) =>
      ok(request, await users.options(requireAuth(request), request.query.keyword, request.query.limit)),
  );

  api.get(
    '/sys/user/queryUserRole',
    {
      config: { access: { permission: PERMISSIONS.list } },
      schema: {
        summary: 'The role ids of a user (userid=)',
        querystring: useridQuerySchema,
        response: okResponse(z.array(z.string())),
      },
    },
    async (request) => ok(request, await users.roleIdsOf(requireAuth(request), request.query.userid)),
  );

  api.get(
    '/sys/user/queryUserCountry',
    {
      config: { access: { permission: PERMISSIONS.list } },
      schema: {
        summary: 'The country of a user (userid=; null when not set)',
        querystring: useridQuerySchema,
        response: okResponse(z.object({ countryCode: z.string().nullable() })),
      },
    },
    async (request) =>
      ok(request, { countryCode: await users.countryOf(requireAuth(request), request.query.userid) }),
  );

  api.get(
    '/sys/user/getUserDepartId',
    {
      config: { access: { permission: PERMISSIONS.list } },
      schema: {
        summary: 'The department ids of a user (userid=)',
        querystring: useridQuerySchema,
        response: okResponse(z.array(z.string())),
      },
    },
    async (request) => ok(request, await users.departIdsOf(requireAuth(request), request.query.userid)),
  );

  api.get(
    '/sys/user/queryUserByDepId',
    {
      config: { access: { permission: PERMISSIONS.list } },
      schema: {
        summary: 'The members of a department (id=) in the caller’s scope',
        querystring: z.object({ id: z.uuid('FIELD_INVALID') }),
        response: okResponse(z.array(userOptionSchema)),
      },
    },
    async (request) => ok(request, await users.membersOf(requireAuth(request), request.query.id)),
  );

  api.get(
    '/sys/user/isCommonUser',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Whether the caller is a company’s user (not platform staff)',
        response: okResponse(z.object({ common: z.boolean() })),
      },
    },
    async (request) => ok(request, { common: users.isCommonUser(requireAuth(request)) }),
  );

  api.put(
    '/sys/user/changPassword',
    {
      config: { access: { permission: 'system:user:password' } },
      schema: {
        summary: 'Set a user’s password (sign-up rules); that user’s sessions end',
        body: changePasswordSchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      const { userId, password } = request.body;
      await users.setPassword(requireAuth(request), userId, password);
      return ok(request, null);
    },
  );

  api.get(
    '/sys/role/queryall',
    {
      config: { access: { permission: PERMISSIONS.list } },
      schema: {
        summary: 'Every role (id, code, names in both languages): the options of the user form',
        response: okResponse(z.array(roleOptionSchema)),
      },
    },
    async (request) => ok(request, await users.roleOptions()),
  );

  api.put(
    '/sys/user/headerItems',
    {
      config: { access: { permission: 'system:user:edit' } },
      schema: {
        summary: 'Hide or show the header items for a user',
        body: headerItemsSchema,
        response: okResponse(z.object({ hidden: z.boolean() })),
      },
    },
    async (request) => {
      const { userId, hidden } = request.body;
      await users.setHeaderItemsHidden(requireAuth(request), userId, hidden);
      return ok(request, { hidden });
    },
  );

  api.post(
    '/sys/user/googleAuth/reset',
    {
      config: { access: { permission: 'system:user:resetGoogle' } },
      schema: {
        summary: 'Unbind a user’s Google Authenticator',
        body: userIdSchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      await users.resetGoogleAuth(requireAuth(request), request.body.userId);
      return ok(request, null);
    },
  );

  api.put(
    '/sys/user/frozenBatch',
    {
      config: { access: { permission: 'system:user:frozen' } },
      schema: {
        summary: 'Freeze (status 2, signs them out) or thaw (status 1) users',
        body: userIdsSchema,
        response: okResponse(z.object({ updated: z.number().int() })),
      },
    },
    async (request) => {
      const { ids, status } = request.body;
      return ok(request, { updated: await users.setStatus(requireAuth(request), ids, status) });
    },
  );

  api.put(
    '/sys/user/ipWhitelist',
    {
      config: { access: { permission: 'system:user:ipWhitelist' } },
      schema: {
        summary: 'Set a user’s login IP whitelist',
        body: ipWhitelistSchema,
        response: okResponse(ipRulesResultSchema),
      },
    },
    async (request) => {
      const { userId, rules } = request.body;
      return ok(request, { rules: await users.setIpWhitelist(requireAuth(request), userId, rules) });
    },
  );

  api.get(
    '/sys/sysDepart/getUserDepartList',
    {
      config: { access: { permission: 'system:user:list' } },
      schema: {
        summary: 'The departments of a user (userid=)',
        querystring: useridQuerySchema,
        response: okResponse(z.array(departRecordSchema)),
      },
    },
    async (request) => ok(request, await users.departsOf(requireAuth(request), request.query.userid)),
  );
}
