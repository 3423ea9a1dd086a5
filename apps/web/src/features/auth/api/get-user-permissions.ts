import { translateError, type UserPermissions } from '@switchboard/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';

/** Menu and button permissions of the signed-in user. An empty menu is an error (spec section 8). */
export async function getUserPermissions(signal?: AbortSignal): Promise<UserPermissions> {
  const permissions = await apiClient.get<UserPermissions>(
    '/sys/permission/getUserPermissionByToken',
    undefined,
    signal,
  );
  if (!permissions || !Array.isArray(permissions.menu) || permissions.menu.length === 0) {
    const locale = currentLocale();
    throw new ApiError({
      kind: 'http',
      status: 200,
      message: translateError('EMPTY_MENU', locale),
      errorCode: 'EMPTY_MENU',
      locale,
    });
  }
  return permissions;
}

export const userPermissionsQuery = (token: string) =>
  queryOptions({
    meta: { errorDisplay: 'inline' },
    queryKey: ['auth', 'permissions', token],
    queryFn: ({ signal }) => getUserPermissions(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useUserPermissions(token: string) {
  return useQuery(userPermissionsQuery(token));
}
