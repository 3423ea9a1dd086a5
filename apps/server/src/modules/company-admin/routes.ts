import {
  AGENT_CUSTOMER_EXPORT_PATH,
  agentBalanceSchema,
  agentCustomerAddSchema,
  agentCustomerEditSchema,
  agentCustomerListQuerySchema,
  agentTransferResultSchema,
  agentTransferSchema,
  approvalRateGroupsSchema,
  balanceSchema,
  COMPANY_EXPORT_PATH,
  companyAddSchema,
  companyApproveSchema,
  companyChangedSchema,
  companyCreatedSchema,
  companyCreditLimitSchema,
  companyEditSchema,
  companyEnabledSchema,
  companyFrozenSchema,
  companyIdQuerySchema,
  companyIpWhitelistSchema,
  companyListItemSchema,
  companyListQuerySchema,
  companyRejectSchema,
  ipRulesResultSchema,
  type Locale,
  pageSchema,
} from '@switchboard/contracts';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../platform/access';
import { recordChange } from '../../platform/audit';
import { fieldError, ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import { exportRoute, type ResourceColumn } from '../../platform/resource';
import { seededLabels } from '../dict';
import { type CompanyListRow, CompanyRefused } from './service';

/** A refusal about fields becomes the field-error envelope, in the caller's language. */
async function fields<T>(request: FastifyRequest, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof CompanyRefused)
      throw fieldError(request, error.problems, error.errorCode, error.status);
    throw error;
  }
}

/** Permission of the companies export (staff: administrators, and sales within their scope). */
export const COMPANY_EXPORT_PERMISSION = 'company:export';
/** Permission of a reseller's customers export. */
export const AGENT_CUSTOMER_EXPORT_PERMISSION = 'agent:customer:export';

const STATUS_LABELS: Record<'normal' | 'frozen' | 'disabled', Record<Locale, string>> = {
  normal: { 'en-US': 'Normal', 'zh-CN': '正常' },
  frozen: { 'en-US': 'Frozen', 'zh-CN': '冻结' },
  disabled: { 'en-US': 'Disabled', 'zh-CN': '停用' },
};
const statusOf = (row: CompanyListRow) => (!row.enabled ? 'disabled' : row.frozen ? 'frozen' : 'normal');

/** The columns of a companies sheet (staff's and a reseller's: the same, less what a reseller does not see). */
function companyColumns(staff: boolean): ResourceColumn<CompanyListRow>[] {
  return [
    { key: 'name', header: { 'en-US': 'Company', 'zh-CN': '公司名称' }, width: 28 },
    {
      key: 'type',
      header: { 'en-US': 'Type', 'zh-CN': '类型' },
      kind: 'enum',
      labels: seededLabels('company_type'),
    },
    { key: 'parentCompanyName', header: { 'en-US': 'Parent company', 'zh-CN': '上级公司' }, width: 24 },
    ...(staff
      ? [
          {
            key: 'approvalStatus',
            header: { 'en-US': 'Approval', 'zh-CN': '审核状态' },
            kind: 'enum',
            labels: seededLabels('approval_status'),
          } satisfies ResourceColumn<CompanyListRow>,
        ]
      : []),
    {
      key: 'status',
      header: { 'en-US': 'Status', 'zh-CN': '状态' },
      kind: 'enum',
      labels: STATUS_LABELS,
      value: statusOf,
    },
    { key: 'contactName', header: { 'en-US': 'Contact', 'zh-CN': '联系人' }, width: 16 },
    { key: 'phone', header: { 'en-US': 'Phone', 'zh-CN': '电话' }, width: 18 },
    { key: 'email', header: { 'en-US': 'E-mail', 'zh-CN': '邮箱' }, width: 26 },
    ...(staff
      ? [
          {
            key: 'salesUsername',
            header: { 'en-US': 'Sales', 'zh-CN': '销售' },
          } satisfies ResourceColumn<CompanyListRow>,
        ]
      : []),
    {
      key: 'balance',
      header: { 'en-US': 'Balance', 'zh-CN': '余额' },
      kind: 'money',
      decimals: 6,
      width: 16,
    },
    {
      key: 'creditLimit',
      header: { 'en-US': 'Credit limit', 'zh-CN': '信用额度' },
      kind: 'money',
      decimals: 6,
      width: 16,
    },
    {
      key: 'createdAt',
      header: { 'en-US': 'Created (UTC)', 'zh-CN': '创建时间（UTC）' },
      kind: 'datetime',
      width: 20,
    },
  ];
}

const approvalSchema = companyCreatedSchema.pick({ id: true, name: true, approvalStatus: true });

export function companyRoutes(
  api: Api,
  { companies, companyAdmin, resellers }: Pick<Services, 'companies' | 'companyAdmin' | 'resellers'>,
) {
  api.get(
    '/sys/company/list',
    {
      config: { access: { permission: 'company:list' } },
      schema: {
        summary: 'Companies in the caller’s scope',
        querystring: companyListQuerySchema,
        response: okResponse(pageSchema(companyListItemSchema)),
      },
    },
    async (request) => ok(request, await companyAdmin.list(requireAuth(request), request.query)),
  );

  // The list as a sheet: staff only (company:export); sales see their assigned companies.
  exportRoute(
    api,
    COMPANY_EXPORT_PATH,
    {
      summary: 'Companies in the caller’s scope as .xlsx (the list’s filters and sort)',
      access: { permission: COMPANY_EXPORT_PERMISSION },
    },
    {
      query: companyListQuerySchema,
      columns: companyColumns(true),
      rows: (query, auth, limit) => companyAdmin.exportRows(auth, query, limit),
      filename: 'companies',
      sheet: { 'en-US': 'Companies', 'zh-CN': '公司' },
    },
  );

  api.get(
    '/sys/company/queryById',
    {
      config: { access: { permission: 'company:list' } },
      schema: {
        summary: 'One company in the caller’s scope',
        querystring: companyIdQuerySchema,
        response: okResponse(companyListItemSchema),
      },
    },
    async (request) => ok(request, await companyAdmin.queryById(requireAuth(request), request.query.id)),
  );

  api.post(
    '/sys/company/add',
    {
      config: { access: { permission: 'company:add' } },
      schema: {
        summary: 'Create a company with its department and administrator user (one transaction)',
        body: companyAddSchema,
        response: okResponse(companyCreatedSchema),
      },
    },
    async (request) =>
      ok(request, await fields(request, companyAdmin.add(requireAuth(request), request.body))),
  );

  api.put(
    '/sys/company/edit',
    {
      config: { access: { permission: 'company:edit' } },
      schema: {
        summary: 'Change a company’s name, contact, phone, e-mail (administrators: its sales user)',
        body: companyEditSchema,
        response: okResponse(companyListItemSchema),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const before = await companyAdmin.queryById(auth, request.body.id).catch(() => undefined);
      const after = await fields(request, companyAdmin.edit(auth, request.body));
      if (before) recordChange(request, before, after);
      return ok(request, after);
    },
  );

  api.put(
    '/sys/company/frozen',
    {
      config: { access: { permission: 'company:frozen' } },
      schema: {
        summary: 'Freeze (users signed out, sign-in refused) or thaw companies',
        body: companyFrozenSchema,
        response: okResponse(companyChangedSchema),
      },
    },
    async (request) => {
      const { ids, frozen } = request.body;
      return ok(request, {
        changed: await companyAdmin.setFlag(requireAuth(request), ids, 'frozen', frozen),
      });
    },
  );

  api.put(
    '/sys/company/enabled',
    {
      config: { access: { permission: 'company:enabled' } },
      schema: {
        summary: 'Enable or disable companies (disabled: users signed out, sign-in refused)',
        body: companyEnabledSchema,
        response: okResponse(companyChangedSchema),
      },
    },
    async (request) => {
      const { ids, enabled } = request.body;
      return ok(request, {
        changed: await companyAdmin.setFlag(requireAuth(request), ids, 'enabled', enabled),
      });
    },
  );

  api.put(
    '/sys/company/approve',
    {
      config: { access: { permission: 'company:approve' } },
      schema: {
        summary: 'Approve a company waiting for review (its users are told and may sign in)',
        body: companyApproveSchema,
        response: okResponse(approvalSchema),
      },
    },
    async (request) =>
      ok(
        request,
        await companyAdmin.approve(requireAuth(request), request.body.id, request.body.smsRateGroupId),
      ),
  );

  api.get(
    '/sys/company/approvalRateGroups',
    {
      config: { access: { permission: 'company:approve' } },
      schema: {
        summary:
          'The SMS rate groups an approval may give a company (the platform’s, its reseller’s) and the default it gets',
        querystring: companyIdQuerySchema,
        response: okResponse(approvalRateGroupsSchema),
      },
    },
    async (request) =>
      ok(request, await companyAdmin.approvalRateGroups(requireAuth(request), request.query.id)),
  );

  api.put(
    '/sys/company/reject',
    {
      config: { access: { permission: 'company:approve' } },
      schema: {
        summary: 'Reject a company waiting for review, with a reason its users are told',
        body: companyRejectSchema,
        response: okResponse(approvalSchema),
      },
    },
    async (request) =>
      ok(request, await companyAdmin.reject(requireAuth(request), request.body.id, request.body.reason)),
  );

  api.put(
    '/sys/company/creditLimit',
    {
      config: { access: { permission: 'company:creditLimit' } },
      schema: {
        summary: 'Set how far below zero a company’s balance may go',
        body: companyCreditLimitSchema,
        response: okResponse(balanceSchema),
      },
    },
    async (request) =>
      ok(
        request,
        await companyAdmin.setCreditLimit(
          requireAuth(request),
          request.body.companyId,
          request.body.creditLimit,
        ),
      ),
  );

  api.put(
    '/sys/company/ipWhitelist',
    {
      config: { access: { permission: 'company:ipWhitelist' } },
      schema: {
        summary: 'Set the login IP whitelist of a company',
        body: companyIpWhitelistSchema,
        response: okResponse(ipRulesResultSchema),
      },
    },
    async (request) => {
      const { companyId, rules } = request.body;
      return ok(request, { rules: await companies.setIpWhitelist(requireAuth(request), companyId, rules) });
    },
  );

  // --- resellers: their own customers (a distributor's agents too) ---

  api.get(
    '/sms/agent/customer/list',
    {
      config: { access: { permission: 'agent:customer:list' } },
      schema: {
        summary: 'The reseller’s customers (and a distributor’s agents), with balances',
        querystring: agentCustomerListQuerySchema,
        response: okResponse(pageSchema(companyListItemSchema)),
      },
    },
    async (request) => ok(request, await resellers.agentList(requireAuth(request), request.query)),
  );

  // The reseller's own customers as a sheet (a distributor's agents and theirs too).
  exportRoute(
    api,
    AGENT_CUSTOMER_EXPORT_PATH,
    {
      summary: 'The reseller’s customers as .xlsx (the list’s filters and sort)',
      access: { permission: AGENT_CUSTOMER_EXPORT_PERMISSION },
    },
    {
      query: agentCustomerListQuerySchema,
      columns: companyColumns(false),
      rows: (query, auth, limit) => resellers.agentExportRows(auth, query, limit),
      filename: 'customers',
      sheet: { 'en-US': 'Customers', 'zh-CN': '客户' },
    },
  );

  api.post(
    '/sms/agent/customer/add',
    {
      config: { access: { permission: 'agent:customer:add' } },
      schema: {
        summary: 'Create a customer company of the reseller, with its administrator user (approved at once)',
        body: agentCustomerAddSchema,
        response: okResponse(companyCreatedSchema),
      },
    },
    async (request) =>
      ok(request, await fields(request, resellers.agentAdd(requireAuth(request), request.body))),
  );

  api.put(
    '/sms/agent/customer/edit',
    {
      config: { access: { permission: 'agent:customer:edit' } },
      schema: {
        summary: 'Change one of the reseller’s customers',
        body: agentCustomerEditSchema,
        response: okResponse(companyListItemSchema),
      },
    },
    async (request) =>
      ok(request, await fields(request, resellers.agentEdit(requireAuth(request), request.body))),
  );

  api.put(
    '/sms/agent/customer/frozen',
    {
      config: { access: { permission: 'agent:customer:frozen' } },
      schema: {
        summary: 'Freeze or thaw some of the reseller’s customers',
        body: companyFrozenSchema,
        response: okResponse(companyChangedSchema),
      },
    },
    async (request) => {
      const { ids, frozen } = request.body;
      return ok(request, { changed: await resellers.agentFreeze(requireAuth(request), ids, frozen) });
    },
  );

  api.get(
    '/sms/agent/balance',
    {
      config: { access: { permission: 'agent:customer:list' } },
      schema: {
        summary: 'The reseller’s balance and each customer’s, with money in and charged',
        response: okResponse(agentBalanceSchema),
      },
    },
    async (request) => ok(request, await resellers.agentBalance(requireAuth(request))),
  );

  api.post(
    '/sms/agent/balance/transfer',
    {
      config: { access: { permission: 'agent:balance:transfer' } },
      schema: {
        summary: 'Move money from the reseller’s balance to a customer’s (a repeated key counts once)',
        body: agentTransferSchema,
        response: okResponse(agentTransferResultSchema),
      },
    },
    async (request) => ok(request, await resellers.agentTransfer(requireAuth(request), request.body)),
  );
}
