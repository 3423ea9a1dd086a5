import type { AddressInfo } from 'node:net';
import {
  LOCALES,
  orderCreatedSchema,
  orderCreateSchema,
  orderDetailSchema,
  orderIdQuerySchema,
  orderListQuerySchema,
  orderSchema,
  PAYMENT_PROVIDERS,
  pageSchema,
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
import { simulatorPage, simulatorSentPage } from './sim-page';

/** Permission codes (menu-tree buttons and screens, seeded in permission/menu-seed.ts). */
export const ORDER_PERMISSIONS = {
  create: 'order:create',
  list: 'order:list',
  payoutCreate: 'order:payout:create',
  payoutList: 'order:payout:list',
  payoutDecide: 'order:payout:decide',
} as const;

const perm = (permission: string) => ({ access: { permission } });
const webhookAnswerSchema = z.object({
  outcome: z.enum(['applied', 'unchanged', 'refused', 'unknown_order', 'duplicate']),
  state: z.string().nullable(),
});
const simParams = z.object({ id: z.string().max(64, 'FIELD_TOO_LONG') });
const simQuery = z.object({ lang: z.enum(LOCALES).optional() });
const simActionParams = simParams.extend({ action: z.enum(['pay', 'fail', 'expire', 'part']) });

export function paymentsRoutes(api: Api, { payments }: Services) {
  // The simulator posts its notifications to this very process.
  payments.localUrl = () => {
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
      const payout = await payments.createPayout(requireAuth(request), request.body);
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
    async (request) => ok(request, await payments.listPayouts(requireAuth(request), request.query)),
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
      ok(request, await payments.approvePayout(requireAuth(request), request.body.id, request.body.reason)),
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
      ok(request, await payments.rejectPayout(requireAuth(request), request.body.id, request.body.reason)),
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
          config: { access: 'public' },
          schema: {
            summary: `${provider === 'stripe' ? 'Stripe' : 'NOWPayments'} payment notifications (signed)`,
            body: z.string().max(64 * 1024, 'FIELD_TOO_LONG'),
            response: okResponse(webhookAnswerSchema),
          },
        },
        async (request) => ok(request, await payments.handleWebhook(provider, request.body, request.headers)),
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
        const order = await payments.simulatedOrder(request.params.id);
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
        const order = await payments.simulate(request.params.id, request.params.action);
        return reply
          .type('text/html; charset=utf-8')
          .send(
            simulatorSentPage(order, request.params.action, request.query.lang ?? requestLocale(request)),
          );
      },
    );
  });
}
