import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactInfoKey } from './get-contact-info';
import { supportContactListKey } from './list-support-contacts';

export function deleteSupportContact(id: string): Promise<null> {
  return api.delete('/sys/supportContact/delete', { id });
}

/** Deletes several at once: all or none. */
export function deleteSupportContacts(ids: string[]): Promise<{ deleted: number }> {
  return api.delete('/sys/supportContact/deleteBatch', { ids: ids.join(',') });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: supportContactListKey });
    await queryClient.invalidateQueries({ queryKey: contactInfoKey });
  };
}

export function useDeleteSupportContact() {
  return useMutation({ mutationFn: deleteSupportContact, onSuccess: useInvalidate() });
}

export function useDeleteSupportContacts() {
  return useMutation({ mutationFn: deleteSupportContacts, onSuccess: useInvalidate() });
}

/** After an import: the list and the public contacts reload. */
export function useReloadSupportContacts() {
  return useInvalidate();
}
