import {
  balanceAdjustResultSchema,
  balanceAdjustSchema,
  balanceQuerySchema,
  balanceSchema,
  keysetPageSchema,
  ledgerEntrySchema,
  ledgerListQuerySchema,
} from '@switchboard/contracts';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';

/** Permission of manual recharges and deductions (admin and sales). */
export const BALANCE_ADJUST_PERMISSION = 'company:balance:adjust';

export function ledgerRoutes(api: Api, { ledger }: Services) {
  api.get(
    '/sys/balance',
    {
      // Everyone sees their own company's balance; staff and resellers may name one in their scope.
      config: { access: 'user' },
      schema: {
        summary: 'Balance, credit limit and commission of the caller’s company (or one in scope)',
        querystring: balanceQuerySchema,
        response: okResponse(balanceSchema),
      },
    },
    async (request) => ok(request, await ledger.balanceFor(requireAuth(request), request.query.companyId)),
  );

  api.get(
    '/sys/ledger/list',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Ledger entries in the caller’s scope, newest first (paged by key)',
        querystring: ledgerListQuerySchema,
        response: okResponse(keysetPageSchema(ledgerEntrySchema)),
      },
    },
    async (request) => ok(request, await ledger.list(requireAuth(request), request.query)),
  );

  api.post(
    '/sys/balance/adjust',
    {
      config: { access: { permission: BALANCE_ADJUST_PERMISSION } },
      schema: {
        summary: 'Manual recharge (credit) or deduction (debit) of a company’s balance, with a reason',
        body: balanceAdjustSchema,
        response: okResponse(balanceAdjustResultSchema),
      },
    },
    async (request) => ok(request, await ledger.adjust(requireAuth(request), request.body)),
  );
}
