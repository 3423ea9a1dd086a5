import type { GoogleAuthUnbindPayload, Profile, ProfileUpdatePayload } from '@switchboard/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateUserInfo } from '@/lib/session';

/** Where My account lives (not a menu screen: every signed-in user has one). */
export const PROFILE_PATH = '/account/profile';

export const profileQuery = () =>
  queryOptions({
    queryKey: ['account', 'profile'] as const,
    queryFn: ({ signal }) => api.get('/sys/user/profile', undefined, signal),
  });

export const useProfile = () => useQuery(profileQuery());

/** The header shows the name and avatar of the session: keep them in step with the profile. */
function useSaved() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    queryClient.setQueryData(profileQuery().queryKey, profile);
    updateUserInfo({
      realname: profile.realname,
      avatar: profile.avatar,
      googleAuthBound: profile.googleAuthBound,
    });
  };
}

export function useUpdateProfile() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (payload: ProfileUpdatePayload) => api.put('/sys/user/profile', payload),
    // The form shows the failure on its fields or in an alert.
    meta: { errorDisplay: 'inline' },
    onSuccess: saved,
  });
}

export function useUploadAvatar() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (file: File) => api.upload('/sys/user/avatar', file, { filename: file.name }),
    meta: { errorDisplay: 'inline' },
    onSuccess: saved,
  });
}

export function useUnbindGoogleAuth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: GoogleAuthUnbindPayload) => api.post('/sys/user/googleAuth/unbind', payload),
    meta: { errorDisplay: 'inline' },
    onSuccess: async () => {
      updateUserInfo({ googleAuthBound: false });
      await queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
    },
  });
}
