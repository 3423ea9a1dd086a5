import type { SelectDepartPayload, UserInfo } from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateUserInfo } from '@/lib/session';

export function selectDepart(payload: SelectDepartPayload): Promise<{ userInfo: UserInfo }> {
  return api.post('/sys/selectDepart', payload);
}

export function useSelectDepart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectDepart,
    // The department dialog shows the failure in an alert.
    meta: { errorDisplay: 'inline' },
    onSuccess: async ({ userInfo }) => {
      updateUserInfo(userInfo, { departmentChosen: true });
      // The department decides the data scope of everything else: reload it all.
      await queryClient.invalidateQueries();
    },
  });
}
