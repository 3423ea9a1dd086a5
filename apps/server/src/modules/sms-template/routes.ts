import {
  type Locale,
  reviewApproveSchema,
  reviewRejectSchema,
  SMS_SENDER_SORTABLE,
  SMS_TEMPLATE_SORTABLE,
  type SmsReviewStatus,
  smsSenderEditSchema,
  smsSenderImportRowSchema,
  smsSenderInputSchema,
  smsSenderListQuerySchema,
  smsSenderSchema,
  smsTemplateEditSchema,
  smsTemplateImportRowSchema,
  smsTemplateInputSchema,
  smsTemplateListQuerySchema,
  smsTemplatePolicyQuerySchema,
  smsTemplatePolicySaveSchema,
  smsTemplatePolicySchema,
  smsTemplateSchema,
} from '@switchboard/contracts';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import {
  defineResource,
  type ResourceColumn,
  resourcePermissions,
  resourceRoutes,
} from '../../platform/resource';
import type { SenderView, TemplateView } from './service';

/** Permission codes of the templates and sender ids screens (menu-seed.ts grants them). */
export const SMS_TEMPLATE_PERMS = {
  templateList: 'sms:template:list',
  templateAdd: 'sms:template:add',
  templateEdit: 'sms:template:edit',
  templateDelete: 'sms:template:delete',
  templateExport: 'sms:template:export',
  templateImport: 'sms:template:import',
  templateReview: 'sms:template:review',
  policy: 'sms:template:policy',
  senderList: 'sms:sender:list',
  senderAdd: 'sms:sender:add',
  senderEdit: 'sms:sender:edit',
  senderDelete: 'sms:sender:delete',
  senderExport: 'sms:sender:export',
  senderImport: 'sms:sender:import',
  senderReview: 'sms:sender:review',
} as const;
const P = SMS_TEMPLATE_PERMS;

const TEMPLATE_ACTIONS = resourcePermissions({
  list: P.templateList,
  add: P.templateAdd,
  edit: P.templateEdit,
  delete: P.templateDelete,
  export: P.templateExport,
  import: P.templateImport,
});
const SENDER_ACTIONS = resourcePermissions({
  list: P.senderList,
  add: P.senderAdd,
  edit: P.senderEdit,
  delete: P.senderDelete,
  export: P.senderExport,
  import: P.senderImport,
});

const STATUS_LABELS: Record<SmsReviewStatus, Record<Locale, string>> = {
  to_review: { 'en-US': 'To be reviewed', 'zh-CN': '待审核' },
  passed: { 'en-US': 'Passed', 'zh-CN': '审核通过' },
  failed: { 'en-US': 'Failed', 'zh-CN': '审核未通过' },
};

/** Import columns: their keys are the add form's fields, so an export imports back as is. */
const TEMPLATE_COLUMNS: ResourceColumn<TemplateView>[] = [
  { key: 'name', header: { 'en-US': 'Name', 'zh-CN': '模板名称' }, required: true, width: 24 },
  {
    key: 'kinds',
    header: { 'en-US': 'Kinds', 'zh-CN': '短信类型' },
    required: true,
    width: 28,
    value: (row) => row.kinds.join(','),
  },
  { key: 'text', header: { 'en-US': 'Text', 'zh-CN': '模板内容' }, required: true, width: 60 },
];
const REVIEW_COLUMNS = [
  { key: 'status', header: { 'en-US': 'Status', 'zh-CN': '审核状态' }, kind: 'enum', labels: STATUS_LABELS },
  { key: 'rejectReason', header: { 'en-US': 'Reason', 'zh-CN': '驳回原因' }, width: 30 },
  { key: 'companyName', header: { 'en-US': 'Company', 'zh-CN': '公司' }, width: 24 },
  { key: 'reviewedBy', header: { 'en-US': 'Reviewer', 'zh-CN': '审核人' } },
  { key: 'reviewedAt', header: { 'en-US': 'Reviewed at', 'zh-CN': '审核时间' }, kind: 'datetime', width: 20 },
  { key: 'createdAt', header: { 'en-US': 'Created at', 'zh-CN': '创建时间' }, kind: 'datetime', width: 20 },
] as const satisfies ResourceColumn<TemplateView & SenderView>[];
const SENDER_COLUMNS: ResourceColumn<SenderView>[] = [
  { key: 'senderId', header: { 'en-US': 'Sender ID', 'zh-CN': '发送方ID' }, required: true, width: 18 },
  { key: 'remark', header: { 'en-US': 'Remark', 'zh-CN': '备注' }, width: 30 },
];

export function smsTemplateRoutes(api: Api, { smsTemplates }: Pick<Services, 'smsTemplates'>) {
  // --- templates: list, queryById, add, edit, delete, deleteBatch, exportXls, importExcel ---
  resourceRoutes(
    api,
    defineResource({
      path: '/sms/template',
      noun: 'SMS template',
      permission: (action) => TEMPLATE_ACTIONS[action],
      record: smsTemplateSchema,
      list: {
        query: smsTemplateListQuerySchema,
        sortable: SMS_TEMPLATE_SORTABLE,
        run: (query, auth) => smsTemplates.listTemplates(auth, query),
      },
      queryById: (id, auth) => smsTemplates.getTemplate(auth, id),
      add: { body: smsTemplateInputSchema, run: (input, auth) => smsTemplates.addTemplate(auth, input) },
      edit: { body: smsTemplateEditSchema, run: (input, auth) => smsTemplates.editTemplate(auth, input) },
      remove: (ids, auth) => smsTemplates.deleteTemplates(auth, ids),
      export: {
        query: smsTemplateListQuerySchema,
        columns: [...TEMPLATE_COLUMNS, ...(REVIEW_COLUMNS as readonly ResourceColumn<TemplateView>[])],
        rows: (query, auth, limit) => smsTemplates.exportTemplates(auth, query, limit),
        filename: 'sms-templates',
        sheet: { 'en-US': 'SMS templates', 'zh-CN': '短信模板' },
      },
      import: {
        columns: TEMPLATE_COLUMNS,
        row: smsTemplateImportRowSchema,
        check: (rows, auth) => smsTemplates.checkTemplateImport(auth, rows),
        write: (rows, auth) => smsTemplates.importTemplates(auth, rows),
      },
    }),
  );

  api.put(
    '/sms/template/approve',
    {
      config: { access: { permission: P.templateReview } },
      schema: {
        summary: 'Pass an SMS template (its company is told)',
        body: reviewApproveSchema,
        response: okResponse(smsTemplateSchema),
      },
    },
    async (request) =>
      ok(request, await smsTemplates.decideTemplate(requireAuth(request), request.body.id, 'passed', null)),
  );

  api.put(
    '/sms/template/reject',
    {
      config: { access: { permission: P.templateReview } },
      schema: {
        summary: 'Fail an SMS template with the reason its company is told',
        body: reviewRejectSchema,
        response: okResponse(smsTemplateSchema),
      },
    },
    async (request) =>
      ok(
        request,
        await smsTemplates.decideTemplate(
          requireAuth(request),
          request.body.id,
          'failed',
          request.body.reason,
        ),
      ),
  );

  api.get(
    '/sms/template/policy',
    {
      config: { access: { permission: P.templateList } },
      schema: {
        summary: 'Whether a company must send marketing and notification texts from passed templates',
        querystring: smsTemplatePolicyQuerySchema,
        response: okResponse(smsTemplatePolicySchema),
      },
    },
    async (request) =>
      ok(request, await smsTemplates.policyOf(requireAuth(request), request.query.companyId)),
  );

  api.put(
    '/sms/template/policy',
    {
      config: { access: { permission: P.policy } },
      schema: {
        summary: 'Require (or not) passed templates for a company’s marketing and notification texts',
        body: smsTemplatePolicySaveSchema,
        response: okResponse(smsTemplatePolicySchema),
      },
    },
    async (request) => ok(request, await smsTemplates.savePolicy(requireAuth(request), request.body)),
  );

  // --- sender ids: the same conventions ---
  resourceRoutes(
    api,
    defineResource({
      path: '/sms/sender',
      noun: 'sender id',
      permission: (action) => SENDER_ACTIONS[action],
      record: smsSenderSchema,
      list: {
        query: smsSenderListQuerySchema,
        sortable: SMS_SENDER_SORTABLE,
        run: (query, auth) => smsTemplates.listSenders(auth, query),
      },
      queryById: (id, auth) => smsTemplates.getSender(auth, id),
      add: { body: smsSenderInputSchema, run: (input, auth) => smsTemplates.addSender(auth, input) },
      edit: { body: smsSenderEditSchema, run: (input, auth) => smsTemplates.editSender(auth, input) },
      remove: (ids, auth) => smsTemplates.deleteSenders(auth, ids),
      export: {
        query: smsSenderListQuerySchema,
        columns: [...SENDER_COLUMNS, ...(REVIEW_COLUMNS as readonly ResourceColumn<SenderView>[])],
        rows: (query, auth, limit) => smsTemplates.exportSenders(auth, query, limit),
        filename: 'sms-sender-ids',
        sheet: { 'en-US': 'Sender IDs', 'zh-CN': '发送方ID' },
      },
      import: {
        columns: SENDER_COLUMNS,
        row: smsSenderImportRowSchema,
        check: (rows, auth) => smsTemplates.checkSenderImport(auth, rows),
        write: (rows, auth) => smsTemplates.importSenders(auth, rows),
      },
    }),
  );

  api.put(
    '/sms/sender/approve',
    {
      config: { access: { permission: P.senderReview } },
      schema: {
        summary: 'Pass a sender id (its company is told)',
        body: reviewApproveSchema,
        response: okResponse(smsSenderSchema),
      },
    },
    async (request) =>
      ok(request, await smsTemplates.decideSender(requireAuth(request), request.body.id, 'passed', null)),
  );

  api.put(
    '/sms/sender/reject',
    {
      config: { access: { permission: P.senderReview } },
      schema: {
        summary: 'Fail a sender id with the reason its company is told',
        body: reviewRejectSchema,
        response: okResponse(smsSenderSchema),
      },
    },
    async (request) =>
      ok(
        request,
        await smsTemplates.decideSender(requireAuth(request), request.body.id, 'failed', request.body.reason),
      ),
  );
}
