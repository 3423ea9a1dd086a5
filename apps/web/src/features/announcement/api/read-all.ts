import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reloadNotices } from './list-by-user';

export function markAllNoticesRead(): Promise<{ marked: number }> {
  return api.put('/sys/sysAnnouncementSend/readAll');
}

/** "Mark all read": then the bell and the lists reload. */
export function useMarkAllNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNoticesRead,
    onSettled: () => reloadNotices(queryClient),
  });
}
