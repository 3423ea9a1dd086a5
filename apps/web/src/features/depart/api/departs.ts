import type { DepartEdit, DepartInput } from '@switchboard/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Everything the department screens and pickers cache: invalidate after a change. */
export const departsKey = ['departs'] as const;

/** The whole tree, or (with `keyWord`) the matching branches (`searchBy`). */
export const departTreeQuery = (keyWord: string) =>
  queryOptions({
    queryKey: [...departsKey, 'tree', keyWord] as const,
    queryFn: ({ signal }) =>
      keyWord
        ? api.get('/sys/sysDepart/searchBy', { keyWord }, signal)
        : api.get('/sys/sysDepart/queryTreeList', undefined, signal),
  });

/**
 * Companies a user form or a department may name (names matching what was typed; `agent`: the
 * agent-type ones a department may carry), within the caller's scope.
 */
export const companyPickQuery = (name: string, type?: 'agent') =>
  queryOptions({
    queryKey: ['system', 'companyPick', name, type ?? ''] as const,
    queryFn: ({ signal }) =>
      api.get('/sys/company/list', { type, name: name || undefined, pageSize: 50 }, signal),
    staleTime: 60_000,
  });

function useDepartMutation<P, R>(call: (payload: P) => Promise<R>, inline = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departsKey }),
    ...(inline ? { meta: { errorDisplay: 'inline' as const } } : {}),
  });
}

/** Adds a department (its org code is generated) or edits one. */
export const useSaveDepart = () =>
  useDepartMutation(
    (change: { kind: 'add'; input: DepartInput } | { kind: 'edit'; input: DepartEdit }) =>
      change.kind === 'add'
        ? api.post('/sys/sysDepart/add', change.input)
        : api.put('/sys/sysDepart/edit', change.input),
    true,
  );

/** Deletes one; refused (and said why) while users or sub-departments remain. */
export const useDeleteDepart = () =>
  useDepartMutation((id: string) => api.delete('/sys/sysDepart/delete', { id }));
