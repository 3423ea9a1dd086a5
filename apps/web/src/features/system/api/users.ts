import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKey } from '@/components/resource-key';
import { apiClient } from '@/lib/api-client';

/** The user list (`Page<UserRow>`; filters `username`, `realname`, `status`, `keyword`), in the caller's data scope. */
export const USER_LIST_PATH = '/sys/user/list';

export interface UserRow {
  id: string;
  username: string;
  realname: string;
  /** 1 normal, 2 frozen. */
  status: number;
  companyName: string | null;
  orgCode: string | null;
  roles: string[];
  googleAuthBound: boolean;
  ipWhitelist: string[] | null;
  /** Spec section 2, header: the items are hidden for this user. */
  hideHeaderItems: boolean;
  createdAt: string;
}

function useUserMutation<P>(call: (payload: P) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(USER_LIST_PATH) }),
  });
}

/** status 2 freezes (and signs the users out), 1 thaws. */
export const useFreezeUsers = () =>
  useUserMutation((p: { ids: string[]; status: 1 | 2 }) => apiClient.put('/sys/user/frozenBatch', p));

export const useResetGoogleAuth = () =>
  useUserMutation((p: { userId: string }) => apiClient.post('/sys/user/googleAuth/reset', p));

export const useSetIpWhitelist = () =>
  useUserMutation((p: { userId: string; rules: string[] }) => apiClient.put('/sys/user/ipWhitelist', p));

export const useSetHeaderItemsHidden = () =>
  useUserMutation((p: { userId: string; hidden: boolean }) => apiClient.put('/sys/user/headerItems', p));
