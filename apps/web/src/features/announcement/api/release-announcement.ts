import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { announcementListKey } from './list-announcements';

/** Publishes a draft: recipients get it in their bell at once (websocket). */
export function releaseAnnouncement(id: string): Promise<unknown> {
  return api.post('/sys/annountCement/doReleaseData', {}, undefined, { query: { id } });
}

export function useReleaseAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseAnnouncement,
    // Reloaded on failure too: a refusal usually means the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementListKey }),
  });
}
