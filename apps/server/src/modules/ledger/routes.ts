import {
  balanceAdjustResultSchema,
  balanceAdjustSchema,
  balanceQuerySchema,
  balanceSchema,
  keysetPageSchema,
  type LedgerAccount,
  type LedgerKind,
  type Locale,
  ledgerEntrySchema,
  ledgerExportQuerySchema,
  ledgerListQuerySchema,
  ledgerNoteText,
} from '@switchboard/contracts';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import { checkExportWindow, exportRoute, type ResourceColumn } from '../../platform/resource';
import type { LedgerEntryRow } from './service';

const KIND_LABELS: Record<LedgerKind, Record<Locale, string>> = {
  topup: { 'en-US': 'Top-up', 'zh-CN': '充值' },
  charge: { 'en-US': 'Charge', 'zh-CN': '扣费' },
  refund: { 'en-US': 'Refund', 'zh-CN': '退款' },
  transfer_in: { 'en-US': 'Transfer in', 'zh-CN': '转入' },
  transfer_out: { 'en-US': 'Transfer out', 'zh-CN': '转出' },
  commission: { 'en-US': 'Commission', 'zh-CN': '佣金' },
  adjustment: { 'en-US': 'Adjustment', 'zh-CN': '调整' },
  payout: { 'en-US': 'Payout', 'zh-CN': '提现' },
};
const ACCOUNT_LABELS: Record<LedgerAccount, Record<Locale, string>> = {
  balance: { 'en-US': 'Balance', 'zh-CN': '余额' },
  commission: { 'en-US': 'Commission', 'zh-CN': '佣金' },
};

type ExportRow = LedgerEntryRow & { companyName: string };

/** The ledger export's columns (amounts with up to six decimals, as they are kept). */
const LEDGER_COLUMNS: ResourceColumn<ExportRow>[] = [
  {
    key: 'createdAt',
    header: { 'en-US': 'Time (UTC)', 'zh-CN': '时间（UTC）' },
    kind: 'datetime',
    width: 20,
  },
  { key: 'companyName', header: { 'en-US': 'Company', 'zh-CN': '公司' }, width: 28 },
  { key: 'account', header: { 'en-US': 'Account', 'zh-CN': '账户' }, kind: 'enum', labels: ACCOUNT_LABELS },
  { key: 'kind', header: { 'en-US': 'Kind', 'zh-CN': '类型' }, kind: 'enum', labels: KIND_LABELS },
  { key: 'amount', header: { 'en-US': 'Amount', 'zh-CN': '金额' }, kind: 'money', decimals: 6, width: 16 },
  {
    key: 'balanceAfter',
    header: { 'en-US': 'Balance after', 'zh-CN': '变动后余额' },
    kind: 'money',
    decimals: 6,
    width: 18,
  },
  { key: 'reference', header: { 'en-US': 'Reference', 'zh-CN': '关联单号' }, width: 24 },
  {
    key: 'note',
    header: { 'en-US': 'Note', 'zh-CN': '备注' },
    width: 28,
    value: (row, locale) => ledgerNoteText(row, locale) || null,
  },
  { key: 'actorUsername', header: { 'en-US': 'By', 'zh-CN': '操作人' } },
];

/** Permission of manual recharges and deductions (admin and sales). */
export const BALANCE_ADJUST_PERMISSION = 'company:balance:adjust';

export function ledgerRoutes(api: Api, { ledger }: Pick<Services, 'ledger'>) {
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

  // The ledger a week at a time, in the caller's scope, as the list filters it.
  exportRoute(
    api,
    '/sys/ledger/exportXls',
    {
      summary: 'Ledger entries in the caller’s scope as .xlsx (from and to required, at most 7 days)',
      access: 'user',
    },
    {
      query: ledgerExportQuerySchema,
      columns: LEDGER_COLUMNS,
      check: (query) => checkExportWindow(query.from, query.to),
      rows: (query, auth, limit) => ledger.exportRows(auth, query, limit),
      filename: 'ledger',
      sheet: { 'en-US': 'Ledger', 'zh-CN': '账户流水' },
    },
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
