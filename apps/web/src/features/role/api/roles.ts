import type { DataRuleInput, RoleInput } from '@switchboard/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

/** Every page of the role list. */
export const roleListKey = ['roleAdmin', 'list'] as const;
/** A role's grants, rules and users. */
const roleDetailKey = ['roleAdmin', 'role'] as const;

export const listRolesQuery = listQuery('/sys/role/list', roleListKey);

export const permissionTreeQuery = () =>
  queryOptions({
    queryKey: ['roleAdmin', 'tree'] as const,
    queryFn: ({ signal }) => api.get('/sys/role/queryTreeList', undefined, signal),
  });

export const rolePermissionsQuery = (roleId: string) =>
  queryOptions({
    queryKey: [...roleDetailKey, roleId, 'grants'] as const,
    queryFn: ({ signal }) => api.get('/sys/permission/queryRolePermission', { roleId }, signal),
  });

export const roleDataRulesQuery = (roleId: string, permissionId: string) =>
  queryOptions({
    queryKey: [...roleDetailKey, roleId, 'rules', permissionId] as const,
    queryFn: ({ signal }) => api.get('/sys/role/datarule', { roleId, permissionId }, signal),
  });

export const roleUsersQuery = (params: {
  roleId: string;
  username?: string;
  pageNo: number;
  pageSize: number;
}) =>
  queryOptions({
    queryKey: [...roleDetailKey, params.roleId, 'users', params] as const,
    queryFn: ({ signal }) => api.get('/sys/role/userList', params, signal),
  });

/** Users to add to a role: the user list searched by username or real name. */
export const userSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['roleAdmin', 'userSearch', keyword] as const,
    queryFn: ({ signal }) => api.get('/sys/user/list', { keyword, pageNo: 1, pageSize: 20 }, signal),
  });

/**
 * Whether a role code is free (for the role being edited). Only "taken" counts as taken: if the
 * check itself fails the form goes on, and the server checks again on save.
 */
export async function isRoleCodeFree(roleCode: string, id?: string): Promise<boolean> {
  try {
    await api.get('/sys/role/checkRoleCode', id ? { roleCode, id } : { roleCode });
    return true;
  } catch (error) {
    return !(isApiError(error) && error.errorCode === 'ROLE_CODE_TAKEN');
  }
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: roleListKey }),
      queryClient.invalidateQueries({ queryKey: roleDetailKey }),
    ]);
  };
}

export function useSaveRole() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: RoleInput }) =>
      id ? api.put('/sys/role/edit', { ...input, id }) : api.post('/sys/role/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess,
  });
}

export function useDeleteRole() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete('/sys/role/delete', { id }),
    onSuccess,
  });
}

export function useSaveGrants() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (body: { roleId: string; permissionIds: string[]; lastPermissionIds: string[] }) =>
      api.post('/sys/permission/saveRolePermission', body),
    onSuccess,
  });
}

export function useSaveRoleRules() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (body: { roleId: string; permissionId: string; dataRuleIds: string[] }) =>
      api.post('/sys/role/datarule', body),
    onSuccess,
  });
}

export function useSaveDataRule() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: DataRuleInput }) =>
      id
        ? api.put('/sys/permission/editPermissionRule', { ...input, id })
        : api.post('/sys/permission/addPermissionRule', input),
    meta: { errorDisplay: 'inline' },
    onSuccess,
  });
}

export function useDeleteDataRule() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete('/sys/permission/deletePermissionRule', { id }),
    onSuccess,
  });
}

export function useAddRoleUsers() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (body: { roleId: string; userIds: string[] }) => api.post('/sys/role/addUsers', body),
    onSuccess,
  });
}

export function useRemoveRoleUsers() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ roleId, userIds }: { roleId: string; userIds: string[] }) =>
      api.delete('/sys/role/removeUsers', { roleId, userIds: userIds.join(',') }),
    onSuccess,
  });
}
