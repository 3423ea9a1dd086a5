import type { IvrTtsInput, IvrUploadQuery } from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

export const ivrFileListKey = ['ivrFiles', 'list'] as const;

export const listIvrFilesQuery = listQuery('/voip/ivrFile/list', ivrFileListKey);

function useReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ivrFileListKey });
}

/** Text-to-speech: the first synthesis of a text takes seconds. */
export function useCreateTts() {
  return useMutation({
    mutationFn: (input: IvrTtsInput) => api.post('/voip/ivrFile/tts', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: useReload(),
  });
}

export function useUploadWav() {
  return useMutation({
    mutationFn: ({
      file,
      query,
      onProgress,
    }: {
      file: File;
      query: IvrUploadQuery;
      onProgress?: (f: number) => void;
    }) =>
      api.upload('/voip/ivrFile/upload', file, {
        filename: file.name,
        query: { name: query.name, language: query.language, companyId: query.companyId },
        onProgress,
      }),
    meta: { errorDisplay: 'inline' },
    onSuccess: useReload(),
  });
}

export function useDeleteIvrFile() {
  return useMutation({
    mutationFn: (id: string) => api.delete('/voip/ivrFile/delete', { id }),
    onSuccess: useReload(),
  });
}

export function useDeleteIvrFiles() {
  return useMutation({
    mutationFn: (ids: string[]) => api.delete('/voip/ivrFile/deleteBatch', { ids: ids.join(',') }),
    onSuccess: useReload(),
  });
}

/** A file's audio as a WAV blob (the API wants the session's header, which `<audio src>` cannot send). */
export async function fetchIvrAudio(id: string, signal?: AbortSignal): Promise<Blob> {
  return (await api.download('/voip/ivrFile/audio', { id }, signal)).blob;
}

/** Files a flow's prompts may be chosen from (one company's; at most 100, by name). */
export function fetchPromptOptions(companyId: string | undefined, name: string, signal?: AbortSignal) {
  return api.get(
    '/voip/ivrFile/list',
    {
      pageNo: 1,
      pageSize: 100,
      column: 'name',
      order: 'asc',
      ...(name ? { name } : {}),
      ...(companyId ? { companyId } : {}),
    },
    signal,
  );
}
