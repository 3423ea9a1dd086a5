import type {
  HeaderItemsPayload,
  IpWhitelistPayload,
  UserIdPayload,
  UserStatusPayload,
} from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { userListKey } from './list-users';

/** A change of users: the user list reloads once it is made. */
function useUserMutation<P>(call: (payload: P) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userListKey }),
  });
}

/** status 2 freezes (and signs the users out), 1 thaws. */
export const useFreezeUsers = () =>
  useUserMutation((p: UserStatusPayload) => apiClient.put('/sys/user/frozenBatch', p));

export const useResetGoogleAuth = () =>
  useUserMutation((p: UserIdPayload) => apiClient.post('/sys/user/googleAuth/reset', p));

export const useSetIpWhitelist = () =>
  useUserMutation((p: IpWhitelistPayload) => apiClient.put('/sys/user/ipWhitelist', p));

export const useSetHeaderItemsHidden = () =>
  useUserMutation((p: HeaderItemsPayload) => apiClient.put('/sys/user/headerItems', p));
