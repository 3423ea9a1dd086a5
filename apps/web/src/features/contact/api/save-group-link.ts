import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactInfoKey } from './get-contact-info';

/** The customer group link shown above the contacts; empty text removes it. */
export function saveGroupLink(groupLink: string): Promise<{ groupLink: string | null }> {
  return api.put('/sys/supportContact/groupLink', { groupLink });
}

export function useSaveGroupLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGroupLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactInfoKey }),
  });
}
