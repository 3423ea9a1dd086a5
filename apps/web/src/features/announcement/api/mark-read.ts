import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reloadNotices } from './list-by-user';

export function markNoticeRead(anntId: string): Promise<unknown> {
  return api.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId });
}

/** Opening a notice marks it read; then the lists reload. */
export function useMarkNoticeRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoticeRead,
    onSettled: () => reloadNotices(queryClient),
  });
}
