import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { announcementListKey } from './list-announcements';

/** Revokes a published announcement: it leaves the recipients' lists. */
export function revokeAnnouncement(id: string): Promise<unknown> {
  // The path keeps the spec's spelling ("Reovke").
  return api.post('/sys/annountCement/doReovkeData', {}, undefined, { query: { id } });
}

export function useRevokeAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAnnouncement,
    // Reloaded on failure too: a refusal usually means the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementListKey }),
  });
}
