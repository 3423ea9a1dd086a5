import type {
  ChangePasswordPayload,
  CheckOnlyUserQuery,
  HeaderItemsPayload,
  IpWhitelistPayload,
  UserIdPayload,
  UserStatusPayload,
} from '@switchboard/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '@/lib/api-client';
import { userListKey } from './list-users';

export const USER_EXPORT_PATH = '/sys/user/exportXls';
export const USER_IMPORT_PATH = '/sys/user/importExcel';

/** A change of users: the user list reloads once it is made. */
function useUserMutation<P, R = unknown>(call: (payload: P) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userListKey }),
  });
}

/** status 2 freezes (and signs the users out), 1 thaws. */
export const useFreezeUsers = () =>
  useUserMutation((p: UserStatusPayload) => api.put('/sys/user/frozenBatch', p));

export const useResetGoogleAuth = () =>
  useUserMutation((p: UserIdPayload) => api.post('/sys/user/googleAuth/reset', p));

export const useSetIpWhitelist = () =>
  useUserMutation((p: IpWhitelistPayload) => api.put('/sys/user/ipWhitelist', p));

export const useSetHeaderItemsHidden = () =>
  useUserMutation((p: HeaderItemsPayload) => api.put('/sys/user/headerItems', p));

/**
 * Adds a user, or edits one (and its header-items flag when that changed). Field errors stay in
 * the form (`errorDisplay: 'inline'`).
 */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        | { kind: 'add'; input: BodyOf<'post', '/sys/user/add'> }
        | { kind: 'edit'; input: BodyOf<'put', '/sys/user/edit'>; hideHeaderItems?: boolean },
    ) => {
      if (change.kind === 'add') return api.post('/sys/user/add', change.input);
      const saved = await api.put('/sys/user/edit', change.input);
      if (change.hideHeaderItems !== undefined && change.hideHeaderItems !== saved.hideHeaderItems)
        await api.put('/sys/user/headerItems', { userId: saved.id, hidden: change.hideHeaderItems });
      return saved;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userListKey }),
    meta: { errorDisplay: 'inline' },
  });
}

/** An administrator sets a user's password (that user is signed out everywhere). */
export const useChangeUserPassword = () =>
  useMutation({
    mutationFn: (p: ChangePasswordPayload) => api.put('/sys/user/changPassword', p),
    meta: { errorDisplay: 'inline' },
  });

/** The roles the user form offers (`GET /sys/role/queryall`). */
export const roleOptionsQuery = queryOptions({
  queryKey: ['users', 'roleOptions'] as const,
  queryFn: ({ signal }) => api.get('/sys/role/queryall', undefined, signal),
  staleTime: 60_000,
});

/** The department tree of the user form's tree select, named in `locale`. */
export const departIdTreeQuery = (locale: string) =>
  queryOptions({
    queryKey: ['departs', 'idTree', locale] as const,
    queryFn: ({ signal }) => api.get('/sys/sysDepart/queryIdTree', undefined, signal),
    staleTime: 30_000,
  });

/** Whether a username, phone or e-mail is free; the reason in the user's language when not. */
export const checkOnlyUser = (query: CheckOnlyUserQuery, signal?: AbortSignal) =>
  api.get('/sys/user/checkOnlyUser', { ...query }, signal);
