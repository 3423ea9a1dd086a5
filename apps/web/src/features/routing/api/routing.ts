import type { GrantSave, OperatorInput, Route, RouteTest, SmsKind } from '@switchboard/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

export const ROUTE_EXPORT_PATH = '/sms/route/exportXls';
export const ROUTE_IMPORT_PATH = '/sms/route/importExcel';
export const OPERATOR_EXPORT_PATH = '/sys/smsOperator/exportXls';
export const OPERATOR_IMPORT_PATH = '/sys/smsOperator/importExcel';

/** One route as the add route takes it (the edit adds its id). */
export type RouteBody = BodyOf<'post', '/sms/route/add'>;

const routeListKey = ['routing', 'routes'] as const;
const operatorListKey = ['routing', 'operators'] as const;
const grantsKey = ['routing', 'grants'] as const;

export const listRoutesQuery = listQuery('/sms/route/list', routeListKey);
export const listOperatorsQuery = listQuery('/sys/smsOperator/list', operatorListKey);

/** Every gateway, for the route form's picker. */
export function useGatewayChoices() {
  return useQuery({
    queryKey: ['routing', 'gateways'],
    queryFn: ({ signal }) => api.get('/sms/route/gateways', undefined, signal),
  });
}

/** Companies the caller may see (pickers): the first 500. */
export const companiesQuery = () =>
  queryOptions({
    queryKey: ['routing', 'companies'] as const,
    queryFn: ({ signal }) => api.get('/sys/company/list', { pageNo: 1, pageSize: 500 }, signal),
  });
export const useCompanies = () => useQuery(companiesQuery());

export function useSaveRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: RouteBody }) =>
      id ? api.put('/sms/route/edit', { ...input, id }) : api.post('/sms/route/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeListKey }),
  });
}

/** Turns a route on or off (an edit with its own values). */
export function useToggleRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (route: Route) =>
      api.put('/sms/route/edit', {
        id: route.id,
        name: route.name,
        companyId: route.companyId,
        smsKind: route.smsKind,
        countryCode: route.countryCode,
        mcc: route.mcc,
        mnc: route.mnc,
        prefix: route.prefix,
        startTime: route.startTime,
        endTime: route.endTime,
        enabled: !route.enabled,
        sortOrder: route.sortOrder,
        strategy: route.strategy,
        gateways: route.gateways.map((g) => ({ gatewayId: g.gatewayId, weight: g.weight })),
        remark: route.remark,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeListKey }),
  });
}

export function useDeleteRoutes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1
        ? api.delete('/sms/route/delete', { id: ids[0]! })
        : api.delete('/sms/route/deleteBatch', { ids: ids.join(',') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeListKey }),
  });
}

export function useReloadRoutes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: routeListKey });
}

export function useTestRoute() {
  return useMutation({
    mutationFn: (input: RouteTest) => api.post('/sms/route/test', input),
    meta: { errorDisplay: 'inline' },
  });
}

export function useRecommendation(countryCode: string | undefined, kind?: SmsKind) {
  return useQuery({
    queryKey: ['routing', 'recommend', countryCode, kind],
    queryFn: ({ signal }) =>
      api.get('/recommend', { countryCode: countryCode!, ...(kind ? { kind } : {}) }, signal),
    enabled: Boolean(countryCode && /^[A-Z]{2}$/.test(countryCode)),
  });
}

// --- operators ---

export function useSaveOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: OperatorInput }) =>
      id ? api.put('/sys/smsOperator/edit', { ...input, id }) : api.post('/sys/smsOperator/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorListKey }),
  });
}

export function useDeleteOperators() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1
        ? api.delete('/sys/smsOperator/delete', { id: ids[0]! })
        : api.delete('/sys/smsOperator/deleteBatch', { ids: ids.join(',') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorListKey }),
  });
}

export function useReloadOperators() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: operatorListKey });
}

// --- grants ---

export function useGrants(companyId: string | undefined) {
  return useQuery({
    queryKey: [...grantsKey, companyId],
    queryFn: ({ signal }) => api.get('/sms/gateway/grant/list', { companyId: companyId! }, signal),
    enabled: Boolean(companyId),
  });
}

export function useSaveGrants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GrantSave) => api.post('/sms/gateway/grant/save', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: grantsKey }),
  });
}
