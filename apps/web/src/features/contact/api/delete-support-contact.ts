import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactInfoKey } from './get-contact-info';
import { supportContactListKey } from './list-support-contacts';

export function deleteSupportContact(id: string): Promise<null> {
  return apiClient.delete<null>('/sys/supportContact/delete', { id });
}

export function useDeleteSupportContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSupportContact,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: supportContactListKey });
      await queryClient.invalidateQueries({ queryKey: contactInfoKey });
    },
  });
}
