import type {
  BalanceAdjust,
  CompanyAdd,
  CompanyApprove,
  CompanyCreditLimit,
  CompanyEdit,
  CompanyEnabled,
  CompanyFrozen,
  CompanyReject,
} from '@switchboard/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyListKey } from './list-companies';

/** A change of companies: the company list reloads once it is made. */
function useCompanyMutation<P, R = unknown>(call: (payload: P) => Promise<R>, inline = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyListKey }),
    ...(inline ? { meta: { errorDisplay: 'inline' as const } } : {}),
  });
}

/** A company with its department and administrator user (one transaction on the server). */
export const useAddCompany = () =>
  useCompanyMutation((p: CompanyAdd) => api.post('/sys/company/add', p), true);

export const useEditCompany = () =>
  useCompanyMutation((p: CompanyEdit) => api.put('/sys/company/edit', p), true);

/** Freezing signs the company's users out at once. */
export const useFreezeCompanies = () =>
  useCompanyMutation((p: CompanyFrozen) => api.put('/sys/company/frozen', p));

export const useEnableCompanies = () =>
  useCompanyMutation((p: CompanyEnabled) => api.put('/sys/company/enabled', p));

/** Approval gives the company its SMS rate group (chosen, or its reseller's or the platform's default). */
export const useApproveCompany = () =>
  useCompanyMutation((p: CompanyApprove) => api.put('/sys/company/approve', p), true);

/** The SMS rate groups an approval may give a company, and the default it is offered. */
export const approvalRateGroupsQuery = (id: string) =>
  queryOptions({
    queryKey: ['companies', 'approvalRateGroups', id] as const,
    queryFn: ({ signal }) => api.get('/sys/company/approvalRateGroups', { id }, signal),
  });

export const useRejectCompany = () =>
  useCompanyMutation((p: CompanyReject) => api.put('/sys/company/reject', p));

export const useSetCreditLimit = () =>
  useCompanyMutation((p: CompanyCreditLimit) => api.put('/sys/company/creditLimit', p));

/** A manual recharge or deduction with a reason (through the ledger). */
export const useAdjustBalance = () =>
  useCompanyMutation((p: BalanceAdjust) => api.post('/sys/balance/adjust', p));
