import { translateError, type UserPermissions } from '@switchboard/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { currentLocale, useLocale } from '@/lib/i18n';

/** Menu and button permissions of the signed-in user. An empty menu is an error (spec section 8). */
export async function getUserPermissions(signal?: AbortSignal): Promise<UserPermissions> {
  const permissions = await api.get('/sys/permission/getUserPermissionByToken', undefined, signal);
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

/** Every user permission answer this browser holds (invalidate it after a menu or grant edit). */
export const userPermissionsKey = ['auth', 'permissions'] as const;

/**
 * Per language too: titles an operator gave a menu come in the language of the request, so a
 * language switch loads the menu again.
 */
export const userPermissionsQuery = (token: string, locale = currentLocale()) =>
  queryOptions({
    meta: { errorDisplay: 'inline' },
    queryKey: [...userPermissionsKey, token, locale],
    queryFn: ({ signal }) => getUserPermissions(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useUserPermissions(token: string) {
  const locale = useLocale();
  return useQuery({
    ...userPermissionsQuery(token, locale),
    // While the other language's menu loads, the console keeps showing the one it has (the same
    // session's only: another user's menu never stands in).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === token ? keepPreviousData(previous) : undefined,
  });
}
