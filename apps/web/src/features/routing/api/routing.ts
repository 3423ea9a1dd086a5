import type {
  CompanyListItem,
  GatewayOption,
  GrantList,
  GrantSave,
  Operator,
  OperatorInput,
  OperatorListQuery,
  Page,
  Recommendation,
  Route,
  RouteInput,
  RouteListQuery,
  RouteTest,
  RouteTestResult,
} from '@switchboard/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

export const ROUTE_EXPORT_PATH = '/sms/route/exportXls';
export const ROUTE_IMPORT_PATH = '/sms/route/importExcel';
export const OPERATOR_EXPORT_PATH = '/sys/smsOperator/exportXls';
export const OPERATOR_IMPORT_PATH = '/sys/smsOperator/importExcel';

const routeListKey = ['routing', 'routes'] as const;
const operatorListKey = ['routing', 'operators'] as const;
const grantsKey = ['routing', 'grants'] as const;

export const listRoutesQuery = listQuery<RouteListQuery, Page<Route>>('/sms/route/list', routeListKey);
export const listOperatorsQuery = listQuery<OperatorListQuery, Page<Operator>>(
  '/sys/smsOperator/list',
  operatorListKey,
);

/** Every gateway, for the route form's picker. */
export function useGatewayChoices() {
  return useQuery({
    queryKey: ['routing', 'gateways'],
    queryFn: ({ signal }) => apiClient.get<GatewayOption[]>('/sms/route/gateways', undefined, signal),
  });
}

/** Companies the caller may see (pickers): the first 500. */
export const companiesQuery = () =>
  queryOptions({
    queryKey: ['routing', 'companies'] as const,
    queryFn: ({ signal }) =>
      apiClient.get<Page<CompanyListItem>>('/sys/company/list', { pageNo: 1, pageSize: 500 }, signal),
  });
export const useCompanies = () => useQuery(companiesQuery());

export function useSaveRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: RouteInput }) =>
      id
        ? apiClient.put<Route>('/sms/route/edit', { ...input, id })
        : apiClient.post<Route>('/sms/route/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeListKey }),
  });
}

/** Turns a route on or off (an edit with its own values). */
export function useToggleRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (route: Route) =>
      apiClient.put<Route>('/sms/route/edit', {
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
        ? apiClient.delete<null>('/sms/route/delete', { id: ids[0]! })
        : apiClient.delete<{ deleted: number }>('/sms/route/deleteBatch', { ids: ids.join(',') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeListKey }),
  });
}

export function useReloadRoutes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: routeListKey });
}

export function useTestRoute() {
  return useMutation({
    mutationFn: (input: RouteTest) => apiClient.post<RouteTestResult>('/sms/route/test', input),
    meta: { errorDisplay: 'inline' },
  });
}

export function useRecommendation(countryCode: string | undefined, kind?: string) {
  return useQuery({
    queryKey: ['routing', 'recommend', countryCode, kind],
    queryFn: ({ signal }) =>
      apiClient.get<Recommendation>(
        '/recommend',
        { countryCode: countryCode!, ...(kind ? { kind } : {}) },
        signal,
      ),
    enabled: Boolean(countryCode && /^[A-Z]{2}$/.test(countryCode)),
  });
}

// --- operators ---

export function useSaveOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: OperatorInput }) =>
      id
        ? apiClient.put<Operator>('/sys/smsOperator/edit', { ...input, id })
        : apiClient.post<Operator>('/sys/smsOperator/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorListKey }),
  });
}

export function useDeleteOperators() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1
        ? apiClient.delete<null>('/sys/smsOperator/delete', { id: ids[0]! })
        : apiClient.delete<{ deleted: number }>('/sys/smsOperator/deleteBatch', { ids: ids.join(',') }),
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
    queryFn: ({ signal }) =>
      apiClient.get<GrantList>('/sms/gateway/grant/list', { companyId: companyId! }, signal),
    enabled: Boolean(companyId),
  });
}

export function useSaveGrants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GrantSave) => apiClient.post<GrantList>('/sms/gateway/grant/save', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: grantsKey }),
  });
}
