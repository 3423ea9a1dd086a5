import type { AddressInfo } from 'node:net';
import {
  LOCALES,
  type Locale,
  ORDER_DICTS,
  ORDER_EXPORT_PATH,
  orderCreatedSchema,
  orderCreateSchema,
  orderDetailSchema,
  orderIdQuerySchema,
  orderListQuerySchema,
  orderSchema,
  PAYMENT_PROVIDERS,
  PAYOUT_EXPORT_PATH,
  type PermissionCode,
  pageSchema,
  paymentIssueListQuerySchema,
  paymentIssueResolveSchema,
  paymentIssueSchema,
  payoutCreateSchema,
  payoutDecisionSchema,
  payoutListQuerySchema,
  payoutSchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { requireAuth } from '../../platform/access';
import { AppError, ok, okResponse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Services } from '../../platform/module';
import { checkExportWindow, exportRoute, type ResourceColumn } from '../../platform/resource';
import { seededLabels } from '../dict';
import type { OrderRow, PayoutRow } from './service';
import { simulatorPage, simulatorSentPage } from './sim-page';

/** Permission codes (menu-tree buttons and screens, seeded in permission/menu-seed.ts). */
export const ORDER_PERMISSIONS = {
  create: 'order:create',
  list: 'order:list',
  payoutCreate: 'order:payout:create',
  payoutList: 'order:payout:list',
  payoutDecide: 'order:payout:decide',
  /** Staff: the payments no order could take by itself, and crediting or dismissing them. */
  paymentResolve: 'order:payment:resolve',
} as const;

const perm = (permission: PermissionCode) => ({ access: { permission } });
const webhookAnswerSchema = z.object({
  outcome: z.enum(['applied', 'unchanged', 'refused', 'unknown_order', 'duplicate', 'to_resolve']),
  state: z.string().nullable(),
});
const simParams = z.object({ id: z.string().max(64, 'FIELD_TOO_LONG') });
const simQuery = z.object({ lang: z.enum(LOCALES).optional() });
const simActionParams = simParams.extend({ action: z.enum(['pay', 'fail', 'expire', 'part', 'refund']) });

type OrderSheetRow = OrderRow & { companyName: string | null; difference: bigint | null };
type PayoutSheetRow = PayoutRow & { companyName: string | null };

const PROVIDER_LABELS: Record<string, Record<Locale, string>> = {
  stripe: { 'en-US': 'Stripe', 'zh-CN': 'Stripe' },
  nowpayments: { 'en-US': 'NOWPayments', 'zh-CN': 'NOWPayments' },
};
const money = <Row>(key: keyof Row & string, en: string, zh: string): ResourceColumn<Row> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  kind: 'money',
  decimals: 2,
  width: 14,
});

/** The orders export's columns (amounts as numbers with two decimals, as top-ups are made). */
const ORDER_COLUMNS: ResourceColumn<OrderSheetRow>[] = [
  {
    key: 'createdAt',
    header: { 'en-US': 'Created (UTC)', 'zh-CN': '创建时间（UTC）' },
    kind: 'datetime',
    width: 20,
  },
  { key: 'id', header: { 'en-US': 'Order', 'zh-CN': '订单号' }, width: 38 },
  { key: 'companyName', header: { 'en-US': 'Company', 'zh-CN': '公司' }, width: 26 },
  {
    key: 'method',
    header: { 'en-US': 'Method', 'zh-CN': '支付方式' },
    kind: 'enum',
    labels: seededLabels(ORDER_DICTS.method),
  },
  {
    key: 'provider',
    header: { 'en-US': 'Provider', 'zh-CN': '支付服务' },
    kind: 'enum',
    labels: PROVIDER_LABELS,
  },
  {
    key: 'state',
    header: { 'en-US': 'State', 'zh-CN': '状态' },
    kind: 'enum',
    labels: seededLabels(ORDER_DICTS.state),
    width: 18,
  },
  money('amountRequested', 'Amount', '金额'),
  money('amountPaid', 'Paid', '已付金额'),
  money('amountCredited', 'Credited', '入账金额'),
  money('difference', 'Difference', '差额'),
  { key: 'currency', header: { 'en-US': 'Currency', 'zh-CN': '币种' } },
  { key: 'providerReference', header: { 'en-US': 'Provider reference', 'zh-CN': '支付服务单号' }, width: 30 },
  { key: 'createdByUsername', header: { 'en-US': 'Created by', 'zh-CN': '创建人' } },
  {
    key: 'updatedAt',
    header: { 'en-US': 'Updated (UTC)', 'zh-CN': '更新时间（UTC）' },
    kind: 'datetime',
    width: 20,
  },
];

/** The payouts export's columns. */
const PAYOUT_COLUMNS: ResourceColumn<PayoutSheetRow>[] = [
  {
    key: 'createdAt',
    header: { 'en-US': 'Requested (UTC)', 'zh-CN': '申请时间（UTC）' },
    kind: 'datetime',
    width: 20,
  },
  { key: 'companyName', header: { 'en-US': 'Company', 'zh-CN': '公司' }, width: 26 },
  money('amount', 'Amount', '金额'),
  {
    key: 'state',
    header: { 'en-US': 'State', 'zh-CN': '状态' },
    kind: 'enum',
    labels: seededLabels(ORDER_DICTS.payoutState),
  },
  { key: 'note', header: { 'en-US': 'Note', 'zh-CN': '备注' }, width: 28 },
  { key: 'requestedByUsername', header: { 'en-US': 'Requested by', 'zh-CN': '申请人' } },
  { key: 'decidedByUsername', header: { 'en-US': 'Decided by', 'zh-CN': '审核人' } },
  { key: 'decisionReason', header: { 'en-US': 'Reason', 'zh-CN': '原因' }, width: 28 },
  {
    key: 'decidedAt',
    header: { 'en-US': 'Decided (UTC)', 'zh-CN': '审核时间（UTC）' },
    kind: 'datetime',
    width: 20,
  },
];

export function paymentsRoutes(api: Api, { payments }: Pick<Services, 'payments'>) {
  // The simulator posts its notifications to this very process.
  payments.providers.localUrl = () => {
    const address = api.server.address() as AddressInfo | null;
    const host =
      !address || address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
    return `http://${host.includes(':') ? `[${host}]` : host}:${address?.port ?? 8080}`;
  };

  api.post(
    '/sys/order/create',
    {
      config: perm(ORDER_PERMISSIONS.create),
      schema: {
        summary: 'Open a top-up order for the caller’s company; answers where to pay',
        body: orderCreateSchema,
        response: okResponse(orderCreatedSchema),
      },
    },
    async (request) => ok(request, await payments.create(requireAuth(request), request.body)),
  );

  api.get(
    '/sys/order/list',
    {
      // Everyone sees their own company's orders; staff all, resellers their subtree.
      config: { access: 'user' },
      schema: {
        summary: 'Top-up orders in the caller’s scope, newest first',
        querystring: orderListQuerySchema,
        response: okResponse(pageSchema(orderSchema)),
      },
    },
    async (request) => ok(request, await payments.list(requireAuth(request), request.query)),
  );

  // The orders a week at a time (they grow with time), in the caller's scope, as the list
  // filters and sorts them: staff every order of their scope, a customer its own.
  exportRoute(
    api,
    ORDER_EXPORT_PATH,
    {
      summary: 'Top-up orders in the caller’s scope as .xlsx (from and to required, at most 7 days)',
      access: 'user',
    },
    {
      query: orderListQuerySchema,
      columns: ORDER_COLUMNS,
      check: (query) => checkExportWindow(query.from, query.to),
      rows: (query, auth, limit) => payments.exportOrders(auth, query, limit),
      filename: 'top-up-orders',
      sheet: { 'en-US': 'Top-up orders', 'zh-CN': '充值订单' },
    },
  );

  api.get(
    '/sys/order/queryById',
    {
      config: { access: 'user' },
      schema: {
        summary: 'One top-up order in the caller’s scope, with its state history',
        querystring: orderIdQuerySchema,
        response: okResponse(orderDetailSchema),
      },
    },
    async (request) => ok(request, await payments.findFor(requireAuth(request), request.query.id)),
  );

  // Payments no order could take by itself (staff)
  api.get(
    '/sys/order/paymentIssueList',
    {
      config: perm(ORDER_PERMISSIONS.paymentResolve),
      schema: {
        summary: 'Payments to resolve: reported paid, credited to no order by itself; newest first',
        querystring: paymentIssueListQuerySchema,
        response: okResponse(pageSchema(paymentIssueSchema)),
      },
    },
    async (request) => ok(request, await payments.issues.list(requireAuth(request), request.query)),
  );

  api.put(
    '/sys/order/paymentIssue/resolve',
    {
      config: perm(ORDER_PERMISSIONS.paymentResolve),
      schema: {
        summary: 'Credit a payment to resolve to its order’s company (once), or dismiss it with a note',
        body: paymentIssueResolveSchema,
        response: okResponse(paymentIssueSchema),
      },
    },
    async (request) => ok(request, await payments.issues.resolve(requireAuth(request), request.body)),
  );

  // Payouts
  api.post(
    '/sys/order/createPayout',
    {
      config: perm(ORDER_PERMISSIONS.payoutCreate),
      schema: {
        summary: 'A reseller asks to withdraw commission (at most what is available)',
        body: payoutCreateSchema,
        response: okResponse(payoutSchema),
      },
    },
    async (request) => {
      const payout = await payments.payouts.create(requireAuth(request), request.body);
      return ok(request, { ...payout, companyName: null });
    },
  );

  api.get(
    '/sys/order/payoutList',
    {
      config: perm(ORDER_PERMISSIONS.payoutList),
      schema: {
        summary: 'Payout requests in the caller’s scope, newest first',
        querystring: payoutListQuerySchema,
        response: okResponse(pageSchema(payoutSchema)),
      },
    },
    async (request) => ok(request, await payments.payouts.list(requireAuth(request), request.query)),
  );

  // Payouts as a sheet, beside their list (`payoutList` → `payoutExportXls`), in the same scope.
  exportRoute(
    api,
    PAYOUT_EXPORT_PATH,
    {
      summary: 'Payout requests in the caller’s scope as .xlsx (the list’s filters and sort)',
      access: { permission: ORDER_PERMISSIONS.payoutList },
    },
    {
      query: payoutListQuerySchema,
      columns: PAYOUT_COLUMNS,
      rows: (query, auth, limit) => payments.payouts.export(auth, query, limit),
      filename: 'payouts',
      sheet: { 'en-US': 'Payouts', 'zh-CN': '佣金提现' },
    },
  );

  api.put(
    '/sys/order/payout/approve',
    {
      config: perm(ORDER_PERMISSIONS.payoutDecide),
      schema: {
        summary: 'Approve a payout: the commission is debited through the ledger, once',
        body: payoutDecisionSchema,
        response: okResponse(payoutSchema),
      },
    },
    async (request) =>
      ok(request, await payments.payouts.approve(requireAuth(request), request.body.id, request.body.reason)),
  );

  api.put(
    '/sys/order/payout/reject',
    {
      config: perm(ORDER_PERMISSIONS.payoutDecide),
      schema: {
        summary: 'Reject a payout with a reason (nothing else changes)',
        body: payoutDecisionSchema,
        response: okResponse(payoutSchema),
      },
    },
    async (request) =>
      ok(request, await payments.payouts.reject(requireAuth(request), request.body.id, request.body.reason)),
  );

  // Provider notifications: public, signed; the signature is over the raw body, so these routes
  // keep it as text (a plugin of their own, with its own JSON parser).
  api.register(async (scope) => {
    const hooks = scope as unknown as Api;
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    for (const provider of PAYMENT_PROVIDERS) {
      hooks.post(
        `/payments/webhook/${provider}`,
        {
          config: { access: 'public', errors: ['PAYMENT_SIGNATURE_INVALID', 'PAYMENT_EVENT_INVALID'] },
          schema: {
            summary: `${provider === 'stripe' ? 'Stripe' : 'NOWPayments'} payment notifications (signed)`,
            body: z.string().max(64 * 1024, 'FIELD_TOO_LONG'),
            response: okResponse(webhookAnswerSchema),
          },
        },
        async (request) =>
          ok(request, await payments.notifications.handleWebhook(provider, request.body, request.headers)),
      );
    }
  });

  // The simulator's checkout pages (demo mode): what a provider's hosted page would be. Its
  // buttons are plain HTML forms (their empty url-encoded bodies are accepted and ignored).
  api.register(async (scope) => {
    const pages = scope as unknown as Api;
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
      done(null, undefined),
    );
    pages.get(
      '/payments/sim/checkout/:id',
      {
        config: { access: 'public' },
        schema: {
          summary: 'Simulated checkout page of an order (demo mode; HTML)',
          params: simParams,
          querystring: simQuery,
          response: { 200: z.string().meta({ description: 'An HTML page' }) },
        },
      },
      async (request, reply) => {
        const order = await payments.providers.simulatedOrder(request.params.id);
        if (!order) throw new AppError('NOT_FOUND', 404);
        const locale = request.query.lang ?? requestLocale(request);
        return reply.type('text/html; charset=utf-8').send(simulatorPage(order, locale));
      },
    );

    pages.post(
      '/payments/sim/checkout/:id/:action',
      {
        config: { access: 'public' },
        schema: {
          summary: 'What the payer did on the simulated checkout page (demo mode; HTML)',
          params: simActionParams,
          querystring: simQuery,
          response: { 200: z.string().meta({ description: 'An HTML page' }) },
        },
      },
      async (request, reply) => {
        const order = await payments.providers.simulate(request.params.id, request.params.action);
        return reply
          .type('text/html; charset=utf-8')
          .send(
            simulatorSentPage(order, request.params.action, request.query.lang ?? requestLocale(request)),
          );
      },
    );
  });
}
