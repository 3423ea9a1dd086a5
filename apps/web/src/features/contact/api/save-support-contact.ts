import type { SupportContactInput, SupportContactRecord } from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactInfoKey } from './get-contact-info';
import { supportContactListKey } from './list-support-contacts';

export function addSupportContact(input: SupportContactInput): Promise<SupportContactRecord> {
  return api.post('/sys/supportContact/add', input);
}

export function editSupportContact(id: string, input: SupportContactInput): Promise<SupportContactRecord> {
  return api.put('/sys/supportContact/edit', { ...input, id });
}

/** Adds when `id` is missing, else edits; the admin list and the public contacts reload. */
export function useSaveSupportContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: SupportContactInput }) =>
      id ? editSupportContact(id, input) : addSupportContact(input),
    // The form puts field errors beside the fields and shows anything else itself.
    meta: { errorDisplay: 'inline' },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: supportContactListKey });
      await queryClient.invalidateQueries({ queryKey: contactInfoKey });
    },
  });
}
