import {
  type CallListEdit,
  type CallListInput,
  type CallListNumbersQuery,
  type CallResultSettingEdit,
  type CallResultSettingInput,
  SEAT_STATE_MESSAGE,
  type SeatEdit,
  type SeatGroupEdit,
  type SeatGroupInput,
  type SeatInput,
  type SeatLiveState,
  seatLiveStateSchema,
} from '@switchboard/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';
import { useLiveStates } from '@/lib/live-states';

/** Permission codes of the call centre's screens (the server's CALL_CENTRE_PERMS). */
export const CALL_CENTRE_PERMISSIONS = {
  seatAdd: 'callCentre:seat:add',
  seatEdit: 'callCentre:seat:edit',
  seatDelete: 'callCentre:seat:delete',
  groupAdd: 'callCentre:seatGroup:add',
  groupEdit: 'callCentre:seatGroup:edit',
  groupDelete: 'callCentre:seatGroup:delete',
  resultAdd: 'callCentre:callResult:add',
  resultEdit: 'callCentre:callResult:edit',
  resultDelete: 'callCentre:callResult:delete',
  listAdd: 'callCentre:callList:add',
  listEdit: 'callCentre:callList:edit',
  listDelete: 'callCentre:callList:delete',
} as const;

export const seatListKey = ['callCentre', 'seats'] as const;
export const seatGroupListKey = ['callCentre', 'seatGroups'] as const;
export const callResultListKey = ['callCentre', 'callResults'] as const;
export const callListListKey = ['callCentre', 'callLists'] as const;
const seatStateKey = ['callCentre', 'seatStates'] as const;

export const listSeatsQuery = listQuery('/seat/list', seatListKey);
export const listSeatGroupsQuery = listQuery('/seatGroup/list', seatGroupListKey);
export const listCallResultsQuery = listQuery('/callResultSetting/list', callResultListKey);
export const listCallListsQuery = listQuery('/callList/list', callListListKey);

/** Seats of one company (or every one in scope) for a group's members select. */
export const seatOptionsQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: [...seatListKey, 'options', companyId ?? ''] as const,
    queryFn: ({ signal }) =>
      api.get('/seat/list', { pageSize: 500, companyId, column: 'jobNumber', order: 'asc' }, signal),
  });

/** Seat groups of one company (or every one in scope) for a seat's groups select. */
export const seatGroupOptionsQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: [...seatGroupListKey, 'options', companyId ?? ''] as const,
    queryFn: ({ signal }) =>
      api.get('/seatGroup/list', { pageSize: 500, companyId, column: 'name', order: 'asc' }, signal),
  });

/** Users of the seat's company (the caller's own unless named) who may work it. */
export const seatUserOptionsQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: [...seatListKey, 'users', companyId ?? ''] as const,
    queryFn: ({ signal }) => api.get('/seat/userOptions', { companyId }, signal),
  });

/** A page of a call list's numbers. */
export const callListNumbersQuery = (query: CallListNumbersQuery & { pageNo?: number; pageSize?: number }) =>
  queryOptions({
    queryKey: [...callListListKey, 'numbers', query] as const,
    queryFn: ({ signal }) => api.get('/callList/numbers', query, signal),
    placeholderData: keepPreviousData,
  });

export const callListQuery = (id: string) =>
  queryOptions({
    queryKey: [...callListListKey, 'one', id] as const,
    queryFn: ({ signal }) => api.get('/callList/queryById', { id }, signal),
  });

/** Reads a call list file on the server (txt, csv, xlsx): its numbers with their columns, nothing stored. */
export const importCallList = (file: File) =>
  api.upload('/callList/importNumbers', file, { filename: file.name });

/** The live state of every seat in scope, by seat (useLiveStates). */
export function useSeatStates(): Map<string, SeatLiveState> {
  const query = queryOptions({
    queryKey: seatStateKey,
    queryFn: ({ signal }) => api.get('/seat/state', {}, signal),
  });
  return useLiveStates(query, {
    messageId: SEAT_STATE_MESSAGE,
    schema: seatLiveStateSchema,
    idOf: (state) => state.seatId,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['callCentre'] });
  };
}

export function useSaveSeat() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: SeatInput | Omit<SeatEdit, 'id'> }) =>
      id ? api.put('/seat/edit', { ...input, id }) : api.post('/seat/add', input as SeatInput),
    meta: { errorDisplay: 'inline' },
    onSuccess: invalidate,
  });
}

export function useSaveSeatGroup() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: SeatGroupInput | Omit<SeatGroupEdit, 'id'> }) =>
      id ? api.put('/seatGroup/edit', { ...input, id }) : api.post('/seatGroup/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: invalidate,
  });
}

export function useSaveCallResult() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({
      id,
      input,
    }: {
      id?: string;
      input: CallResultSettingInput | Omit<CallResultSettingEdit, 'id'>;
    }) =>
      id ? api.put('/callResultSetting/edit', { ...input, id }) : api.post('/callResultSetting/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: invalidate,
  });
}

export function useSaveCallList() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CallListInput | Omit<CallListEdit, 'id'> }) =>
      id ? api.put('/callList/edit', { ...input, id }) : api.post('/callList/add', input as CallListInput),
    meta: { errorDisplay: 'inline' },
    onSuccess: invalidate,
  });
}

const useDelete = (
  path: '/seat/delete' | '/seatGroup/delete' | '/callResultSetting/delete' | '/callList/delete',
) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete(path, { id }),
    onSuccess: invalidate,
  });
};
export const useDeleteSeat = () => useDelete('/seat/delete');
export const useDeleteSeatGroup = () => useDelete('/seatGroup/delete');
export const useDeleteCallResult = () => useDelete('/callResultSetting/delete');
export const useDeleteCallList = () => useDelete('/callList/delete');
