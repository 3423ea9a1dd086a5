import type { SmsTemplateInput, SmsTemplatePolicy } from '@switchboard/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

export const TEMPLATE_EXPORT_PATH = '/sms/template/exportXls';
export const TEMPLATE_IMPORT_PATH = '/sms/template/importExcel';

/** Every page of the template list: invalidate after a change. */
export const templateListKey = ['smsTemplates', 'list'] as const;

export const listTemplatesQuery = listQuery('/sms/template/list', templateListKey);

function useReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: templateListKey });
}

export function useReloadTemplates() {
  return useReload();
}

/** Adds when `id` is missing, else edits (a new text or kinds send it back to review). */
export function useSaveTemplate() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: SmsTemplateInput }) => {
      if (!id) return api.post('/sms/template/add', input);
      const { companyId: _company, ...rest } = input;
      return api.put('/sms/template/edit', { ...rest, id });
    },
    meta: { errorDisplay: 'inline' },
    onSuccess: reload,
  });
}

export function useDeleteTemplate() {
  return useMutation({
    mutationFn: (id: string) => api.delete('/sms/template/delete', { id }),
    onSuccess: useReload(),
  });
}

export function useDeleteTemplates() {
  return useMutation({
    mutationFn: (ids: string[]) => api.delete('/sms/template/deleteBatch', { ids: ids.join(',') }),
    onSuccess: useReload(),
  });
}

export function useApproveTemplate() {
  return useMutation({
    mutationFn: (id: string) => api.put('/sms/template/approve', { id }),
    onSuccess: useReload(),
  });
}

export function useRejectTemplate() {
  return useMutation({
    mutationFn: (body: { id: string; reason: string }) => api.put('/sms/template/reject', body),
    onSuccess: useReload(),
  });
}

const policyKey = (companyId: string) => ['smsTemplates', 'policy', companyId] as const;

export const templatePolicyQuery = (companyId: string) =>
  queryOptions({
    queryKey: policyKey(companyId),
    queryFn: ({ signal }) => api.get('/sms/template/policy', { companyId }, signal),
  });

export function useTemplatePolicy(companyId: string) {
  return useQuery(templatePolicyQuery(companyId));
}

export function useSaveTemplatePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: SmsTemplatePolicy) => api.put('/sms/template/policy', policy),
    onSuccess: (saved) => queryClient.setQueryData(policyKey(saved.companyId), saved),
  });
}
