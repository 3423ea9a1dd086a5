import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { announcementListKey } from './list-announcements';

export function deleteAnnouncement(id: string): Promise<null> {
  return api.delete('/sys/annountCement/delete', { id });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    // Reloaded on failure too: a refusal usually means the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementListKey }),
  });
}
