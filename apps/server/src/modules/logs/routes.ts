import {
  keysetPageSchema,
  type LOGIN_METHODS,
  type Locale,
  logExportQuerySchema,
  loginInfoSchema,
  loginLogItemSchema,
  logQuerySchema,
  operationLogItemSchema,
  type PermissionCode,
  VISIT_INFO_MAX_DAYS,
  visitDaySchema,
  visitInfoQuerySchema,
  XLSX_MIME,
} from '@switchboard/contracts';
import { z } from 'zod';
import { requireAuth } from '../../platform/access';
import type { DataRuleFilter } from '../../platform/data-rules';
import { ok, okResponse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Services } from '../../platform/module';
import { exportFilename, type ResourceColumn, sendXlsx } from '../../platform/resource';
import { LOGIN_LOG_RULES, type LogFilters, OPERATION_LOG_RULES } from './repo';
import type { LoginLogService, OperationLogService } from './service';

type LoginRow = Awaited<ReturnType<LoginLogService['list']>>['records'][number];
type OperationRow = Awaited<ReturnType<OperationLogService['list']>>['records'][number];

const PERMS = { loginLog: 'system:loginLog:list', operationLog: 'system:operationLog:list' } as const;

const METHOD_LABELS: Record<(typeof LOGIN_METHODS)[number], Record<Locale, string>> = {
  password: { 'en-US': 'Password', 'zh-CN': '密码' },
  cas: { 'en-US': 'Single sign-on', 'zh-CN': '单点登录' },
  passwordChange: { 'en-US': 'Password change', 'zh-CN': '修改密码' },
  smsCode: { 'en-US': 'SMS code', 'zh-CN': '短信验证码' },
  passwordReset: { 'en-US': 'Password reset', 'zh-CN': '重置密码' },
  googleAuthUnbind: { 'en-US': 'Google Authenticator unbind', 'zh-CN': '解绑谷歌验证器' },
};

const TIME = {
  key: 'createdAt',
  header: { 'en-US': 'Time (UTC)', 'zh-CN': '时间（UTC）' },
  kind: 'datetime',
  width: 20,
} as const;

const LOGIN_COLUMNS: ResourceColumn<LoginRow>[] = [
  TIME,
  { key: 'username', header: { 'en-US': 'Username', 'zh-CN': '用户名' }, width: 18 },
  { key: 'success', header: { 'en-US': 'Succeeded', 'zh-CN': '是否成功' }, kind: 'boolean' },
  { key: 'reason', header: { 'en-US': 'Reason', 'zh-CN': '失败原因' }, width: 22 },
  { key: 'method', header: { 'en-US': 'Method', 'zh-CN': '方式' }, kind: 'enum', labels: METHOD_LABELS },
  { key: 'ip', header: { 'en-US': 'IP address', 'zh-CN': 'IP 地址' }, width: 18 },
  { key: 'userAgent', header: { 'en-US': 'Browser', 'zh-CN': '浏览器' }, width: 40 },
];

const changeText = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '');

const OPERATION_COLUMNS: ResourceColumn<OperationRow>[] = [
  TIME,
  { key: 'username', header: { 'en-US': 'Username', 'zh-CN': '用户名' }, width: 18 },
  { key: 'method', header: { 'en-US': 'Method', 'zh-CN': '请求方式' } },
  { key: 'route', header: { 'en-US': 'Route', 'zh-CN': '请求路径' }, width: 36 },
  { key: 'action', header: { 'en-US': 'Action', 'zh-CN': '操作' }, width: 28 },
  { key: 'statusCode', header: { 'en-US': 'Status', 'zh-CN': '状态码' }, kind: 'integer' },
  { key: 'ip', header: { 'en-US': 'IP address', 'zh-CN': 'IP 地址' }, width: 18 },
  { key: 'durationMs', header: { 'en-US': 'Duration (ms)', 'zh-CN': '耗时（毫秒）' }, kind: 'integer' },
  {
    key: 'before',
    header: { 'en-US': 'Before', 'zh-CN': '修改前' },
    value: (r) => changeText(r.before),
    width: 40,
  },
  {
    key: 'after',
    header: { 'en-US': 'After', 'zh-CN': '修改后' },
    value: (r) => changeText(r.after),
    width: 40,
  },
];

export function logRoutes(
  api: Api,
  { loginLog, operationLog, dataRules }: Pick<Services, 'loginLog' | 'operationLog' | 'dataRules'>,
) {
  api.get(
    '/sys/log/loginLog',
    {
      config: { access: { permission: PERMS.loginLog } },
      schema: {
        summary: 'Sign-in attempts, newest first (paged by key); the current day unless a period is given',
        querystring: logQuerySchema,
        response: okResponse(keysetPageSchema(loginLogItemSchema)),
      },
    },
    async (request) =>
      ok(
        request,
        await loginLog.list(request.query, await dataRules.where(requireAuth(request), LOGIN_LOG_RULES)),
      ),
  );

  api.get(
    '/sys/log/operationLog',
    {
      config: { access: { permission: PERMS.operationLog } },
      schema: {
        summary: 'Changes people made, newest first (paged by key); the current day unless a period is given',
        querystring: logQuerySchema,
        response: okResponse(keysetPageSchema(operationLogItemSchema)),
      },
    },
    async (request) =>
      ok(
        request,
        await operationLog.list(
          request.query,
          await dataRules.where(requireAuth(request), OPERATION_LOG_RULES),
        ),
      ),
  );

  /** A log's week as a streamed .xlsx: its list's permission, data rules and filters. */
  function exportRoute<Row>(log: {
    path: string;
    permission: PermissionCode;
    summary: string;
    rules: Parameters<typeof dataRules.where>[1];
    rows: (query: LogFilters, rules: DataRuleFilter) => Promise<AsyncIterable<Row>>;
    columns: ResourceColumn<Row>[];
    filename: string;
    sheet: Record<Locale, string>;
  }) {
    api.get(
      log.path,
      {
        config: { access: { permission: log.permission }, openapi: { produces: XLSX_MIME } },
        schema: { summary: log.summary, querystring: logExportQuerySchema },
      },
      async (request, reply) => {
        const rows = await log.rows(request.query, await dataRules.where(requireAuth(request), log.rules));
        const locale = requestLocale(request);
        return sendXlsx(reply, {
          filename: exportFilename(log.filename),
          columns: log.columns,
          rows,
          locale,
          sheetName: log.sheet[locale],
        });
      },
    );
  }

  exportRoute({
    path: '/sys/log/loginLog/exportXls',
    permission: PERMS.loginLog,
    summary: 'Export sign-in attempts of a period of at most a week as .xlsx (streamed)',
    rules: LOGIN_LOG_RULES,
    rows: (query, rules) => loginLog.exportRows(query, rules),
    columns: LOGIN_COLUMNS,
    filename: 'login-log',
    sheet: { 'en-US': 'Login log', 'zh-CN': '登录日志' },
  });

  exportRoute({
    path: '/sys/log/operationLog/exportXls',
    permission: PERMS.operationLog,
    summary: 'Export changes of a period of at most a week as .xlsx (streamed)',
    rules: OPERATION_LOG_RULES,
    rows: (query, rules) => operationLog.exportRows(query, rules),
    columns: OPERATION_COLUMNS,
    filename: 'operation-log',
    sheet: { 'en-US': 'Operation log', 'zh-CN': '操作日志' },
  });

  api.get(
    '/sys/loginfo',
    {
      config: { access: { permission: PERMS.loginLog } },
      schema: {
        summary: 'Sign-in totals: successful sign-ins today and in all, distinct addresses today (UTC day)',
        response: okResponse(loginInfoSchema),
      },
    },
    async (request) => ok(request, await loginLog.loginInfo()),
  );

  api.get(
    '/sys/visitInfo',
    {
      config: { access: { permission: PERMS.loginLog } },
      schema: {
        summary: `Visits per UTC day (successful sign-ins, distinct users and addresses) from \`from\` to \`to\`; the past 7 days by default, at most ${VISIT_INFO_MAX_DAYS} days`,
        querystring: visitInfoQuerySchema,
        response: okResponse(z.array(visitDaySchema)),
      },
    },
    async (request) => ok(request, await loginLog.visitInfo(request.query)),
  );
}
