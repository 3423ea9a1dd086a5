import type { PermissionCodeCheckQuery, PermissionInput, PermissionListQuery } from '@switchboard/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userPermissionsKey } from '@/features/auth';
import { api, isApiError } from '@/lib/api-client';

/** Every answer of the editor (the tree, the picker tree). */
export const menuAdminKey = ['menuAdmin'] as const;

export const menuTreeQuery = (query: PermissionListQuery) =>
  queryOptions({
    queryKey: [...menuAdminKey, 'tree', query],
    queryFn: ({ signal }) => api.get('/sys/permission/list', query.name ? { name: query.name } : {}, signal),
  });

export const menuOptionsQuery = () =>
  queryOptions({
    queryKey: [...menuAdminKey, 'options'],
    queryFn: ({ signal }) => api.get('/sys/permission/queryTreeList', undefined, signal),
  });

/**
 * Whether a permission code is free. Only "taken" counts: if the check itself fails the form goes
 * on, and the server checks again when the form is sent.
 */
export async function isPermsFree(check: PermissionCodeCheckQuery): Promise<boolean> {
  try {
    await api.get('/sys/permission/checkPermDuplication', { ...check });
    return true;
  } catch (error) {
    return !(isApiError(error) && error.errorCode === 'PERMISSION_CODE_TAKEN');
  }
}

/** After a change: the editor's lists, and this browser's own menu (its side menu follows at once). */
function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: menuAdminKey }),
      queryClient.invalidateQueries({ queryKey: userPermissionsKey }),
    ]);
  };
}

export function useSaveMenu() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PermissionInput }) =>
      id ? api.put('/sys/permission/edit', { ...input, id }) : api.post('/sys/permission/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess,
  });
}

export function useDeleteMenu() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete('/sys/permission/delete', { id }),
    onSuccess,
  });
}
