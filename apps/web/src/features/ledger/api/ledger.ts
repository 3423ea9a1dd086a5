import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

export const LEDGER_LIST_PATH = '/sys/ledger/list';
export const LEDGER_EXPORT_PATH = '/sys/ledger/exportXls';

/** Every page of the ledger list. */
export const ledgerListKey = ['ledger', 'list'] as const;

/** Ledger entries in the caller's scope, newest first, paged by key. */
export const listLedgerQuery = listQuery(LEDGER_LIST_PATH, ledgerListKey);

/** The balance, credit limit and commission of the caller's company or one in scope. */
export const balanceQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: ['ledger', 'balance', companyId ?? null] as const,
    queryFn: ({ signal }) => api.get('/sys/balance', companyId ? { companyId } : {}, signal),
  });

/** `enabled` false: nothing to ask yet (staff have no company of their own until they pick one). */
export function useBalance(companyId: string | undefined, enabled = true) {
  return useQuery({ ...balanceQuery(companyId), enabled });
}

/**
 * Companies the caller may choose among (its data scope), found by name; a customer's scope is
 * its own company alone, so it has nothing to choose.
 */
