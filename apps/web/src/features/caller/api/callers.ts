import type { CallerGroupEdit, CallerGroupInput, CallerIdEdit, CallerIdInput } from '@switchboard/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

/** Permission codes of the caller ID and caller group screens (the server's CALLER_PERMS). */
export const CALLER_PERMISSIONS = {
  add: 'voice:caller:add',
  edit: 'voice:caller:edit',
  delete: 'voice:caller:delete',
  groupAdd: 'voice:callerGroup:add',
  groupEdit: 'voice:callerGroup:edit',
  groupDelete: 'voice:callerGroup:delete',
} as const;

export const callerListKey = ['voiceCallers', 'list'] as const;
export const callerGroupListKey = ['voiceCallerGroups', 'list'] as const;

export const listCallersQuery = listQuery('/caller/list', callerListKey);
export const listCallerGroupsQuery = listQuery('/callerGroup/list', callerGroupListKey);

/** Caller IDs of one company (or every one in scope) for a group's members select. */
export const callerOptionsQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: [...callerListKey, 'options', companyId ?? ''] as const,
    queryFn: ({ signal }) =>
      api.get('/caller/list', { pageSize: 500, companyId, column: 'number', order: 'asc' }, signal),
  });

/** Caller groups for selects (a trunk's group rule; a task's, of one company). */
export const callerGroupOptionsQuery = (companyId?: string) =>
  queryOptions({
    queryKey: [...callerGroupListKey, 'options', companyId ?? ''] as const,
    queryFn: ({ signal }) =>
      api.get('/callerGroup/list', { pageSize: 500, companyId, column: 'name', order: 'asc' }, signal),
  });

function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: callerListKey });
    await queryClient.invalidateQueries({ queryKey: callerGroupListKey });
  };
}

export function useSaveCaller() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CallerIdInput | Omit<CallerIdEdit, 'id'> }) =>
      id ? api.put('/caller/edit', { ...input, id }) : api.post('/caller/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: invalidate,
  });
}

export function useSaveCallerGroup() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CallerGroupInput | Omit<CallerGroupEdit, 'id'> }) =>
      id ? api.put('/callerGroup/edit', { ...input, id }) : api.post('/callerGroup/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: invalidate,
  });
}

export function useDeleteCaller() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete('/caller/delete', { id }),
    onSuccess: invalidate,
  });
}

export function useDeleteCallerGroup() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete('/callerGroup/delete', { id }),
    onSuccess: invalidate,
  });
}
