import type { RateGroupAssign, RateGroupInput, RateGroupListQuery } from '@switchboard/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

export const RATE_GROUP_LIST_PATH = '/sys/feerateGroup/list';
export const RATE_GROUP_EXPORT_PATH = '/sys/feerateGroup/exportXls';
/** Every page of the rate group list (and the pickers built on it). */
export const rateGroupListKey = ['rates', 'groups'] as const;

export const listRateGroupsQuery = listQuery(RATE_GROUP_LIST_PATH, rateGroupListKey);

/** Every group the caller may see (for pickers): the first 500. */
export function useAllRateGroups(kind?: RateGroupListQuery['kind']) {
  return useQuery(listRateGroupsQuery({ pageNo: 1, pageSize: 500, ...(kind ? { kind } : {}) }));
}

/** Companies the caller may see (for the assign and quote pickers): the first 500. */
export const companiesQuery = () =>
  queryOptions({
    queryKey: ['rates', 'companies'] as const,
    queryFn: ({ signal }) => api.get('/sys/company/list', { pageNo: 1, pageSize: 500 }, signal),
  });

export function useSaveRateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: RateGroupInput }) =>
      id
        ? api.put('/sys/feerateGroup/edit', {
            id,
            name: input.name,
            remark: input.remark ?? null,
            isDefault: input.isDefault ?? false,
          })
        : api.post('/sys/feerateGroup/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateGroupListKey }),
  });
}

export function useCopyRateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) => api.post('/sys/feerateGroup/copy', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateGroupListKey }),
  });
}

export function useDeleteRateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/sys/feerateGroup/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateGroupListKey }),
  });
}

/** Deletes several groups: all or none (refused, naming them, while any is assigned). */
export function useDeleteRateGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.delete('/sys/feerateGroup/deleteBatch', { ids: ids.join(',') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateGroupListKey }),
  });
}

export const assignmentsKey = ['rates', 'assignments'] as const;

export function useAssignments(companyId: string | undefined) {
  return useQuery({
    queryKey: [...assignmentsKey, companyId],
    queryFn: ({ signal }) => api.get('/sys/feerateGroup/assignments', { companyId: companyId! }, signal),
    enabled: Boolean(companyId),
  });
}

export function useAssignRateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RateGroupAssign) => api.put('/sys/feerateGroup/assign', input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: assignmentsKey });
      await queryClient.invalidateQueries({ queryKey: rateGroupListKey });
    },
  });
}
