import type { AnnouncementAdminItem, AnnouncementInput } from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { announcementListKey } from './list-announcements';

export function addAnnouncement(input: AnnouncementInput): Promise<AnnouncementAdminItem> {
  return api.post('/sys/annountCement/add', input);
}

/** Only drafts can be edited (the server refuses the others). */
export function editAnnouncement(id: string, input: AnnouncementInput): Promise<AnnouncementAdminItem> {
  return api.put('/sys/annountCement/edit', { ...input, id });
}

/** Adds when `id` is missing, else edits; the list reloads either way. */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AnnouncementInput }) =>
      id ? editAnnouncement(id, input) : addAnnouncement(input),
    // The form puts field errors beside the fields and shows anything else itself.
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementListKey }),
  });
}
