import type { DictInput, DictItemInput } from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

export const DICT_EXPORT_PATH = '/sys/dict/exportXls';
export const DICT_ITEM_EXPORT_PATH = '/sys/dictItem/exportXls';

/** Every page of the dictionary list; every page of every item list. */
export const dictListKey = ['dictAdmin', 'list'] as const;
export const dictItemListKey = ['dictAdmin', 'items'] as const;
/** What `useDict` caches (`['dict', code, locale]`): every select and tag reading a dictionary. */
export const dictItemsKey = ['dict'] as const;

export const listDictsQuery = listQuery('/sys/dict/list', dictListKey);
export const listDictItemsQuery = listQuery('/sys/dictItem/list', dictItemListKey);

/**
 * After any change: the admin lists, and every dictionary the console's selects hold in this
 * browser (other browsers read them again once their minute of staleness is over).
 */
function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: dictListKey }),
      queryClient.invalidateQueries({ queryKey: dictItemListKey }),
      queryClient.invalidateQueries({ queryKey: dictItemsKey }),
    ]);
  };
}

export function useSaveDict() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: DictInput }) =>
      id ? api.put('/sys/dict/edit', { ...input, id }) : api.post('/sys/dict/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess,
  });
}

export function useDeleteDict() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete('/sys/dict/delete', { id }),
    onSuccess,
  });
}

export function useSaveDictItem() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: DictItemInput }) =>
      id ? api.put('/sys/dictItem/edit', { ...input, id }) : api.post('/sys/dictItem/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess,
  });
}

export function useDeleteDictItem() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete('/sys/dictItem/delete', { id }),
    onSuccess,
  });
}

/** The drawer's inline switch and sort number. */
export function usePatchDictItem() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (patch: { id: string; enabled: boolean } | { id: string; sortOrder: number }) =>
      'enabled' in patch
        ? api.put('/sys/dictItem/setEnabled', patch)
        : api.put('/sys/dictItem/setSort', patch),
    onSuccess,
  });
}
