import {
  CALL_LIST_NUMBERS_MAX,
  CALL_LIST_SORTABLE,
  CALL_RESULT_SETTING_SORTABLE,
  callListEditSchema,
  callListImportSchema,
  callListInputSchema,
  callListListQuerySchema,
  callListNumberSchema,
  callListNumbersQuerySchema,
  callListSchema,
  callResultSettingEditSchema,
  callResultSettingInputSchema,
  callResultSettingListQuerySchema,
  callResultSettingSchema,
  OUTBOUND_TASK_ACTIONS,
  OUTBOUND_TASK_SORTABLE,
  outboundTaskActionSchema,
  outboundTaskEditSchema,
  outboundTaskInputSchema,
  outboundTaskListQuerySchema,
  outboundTaskSchema,
  pageSchema,
  SEAT_GROUP_SORTABLE,
  SEAT_SORTABLE,
  seatEditSchema,
  seatGroupEditSchema,
  seatGroupInputSchema,
  seatGroupListQuerySchema,
  seatGroupSchema,
  seatInputSchema,
  seatListQuerySchema,
  seatLiveStatesSchema,
  seatSchema,
  seatStateQuerySchema,
  seatUserOptionsQuerySchema,
  userOptionSchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import {
  checkSortColumn,
  defineResource,
  importFileType,
  readRows,
  resourcePermissions,
  resourceRoutes,
  uploadedFile,
} from '../../platform/resource';
import { readCallListTable } from './rules';

/** The summaries' verbs of the outbound tasks' actions. */
const OUTBOUND_ACTION_VERBS = { start: 'Starts', stop: 'Stops', finish: 'Finishes' } as const;

/** Permission codes of the call centre's screens (every company role and staff). */
export const CALL_CENTRE_PERMS = {
  seat: {
    list: 'callCentre:seat:list',
    add: 'callCentre:seat:add',
    edit: 'callCentre:seat:edit',
    delete: 'callCentre:seat:delete',
  },
  seatGroup: {
    list: 'callCentre:seatGroup:list',
    add: 'callCentre:seatGroup:add',
    edit: 'callCentre:seatGroup:edit',
    delete: 'callCentre:seatGroup:delete',
  },
  callResult: {
    list: 'callCentre:callResult:list',
    add: 'callCentre:callResult:add',
    edit: 'callCentre:callResult:edit',
    delete: 'callCentre:callResult:delete',
  },
  outboundTask: {
    list: 'callCentre:outboundTask:list',
    add: 'callCentre:outboundTask:add',
    edit: 'callCentre:outboundTask:edit',
    delete: 'callCentre:outboundTask:delete',
    run: 'callCentre:outboundTask:run',
  },
  callList: {
    list: 'callCentre:callList:list',
    add: 'callCentre:callList:add',
    edit: 'callCentre:callList:edit',
    delete: 'callCentre:callList:delete',
  },
} as const;

const SEAT = resourcePermissions(CALL_CENTRE_PERMS.seat);
const GROUP = resourcePermissions(CALL_CENTRE_PERMS.seatGroup);
const RESULT = resourcePermissions(CALL_CENTRE_PERMS.callResult);
const LIST = resourcePermissions(CALL_CENTRE_PERMS.callList);
const TASK = resourcePermissions({
  list: CALL_CENTRE_PERMS.outboundTask.list,
  add: CALL_CENTRE_PERMS.outboundTask.add,
  edit: CALL_CENTRE_PERMS.outboundTask.edit,
  delete: CALL_CENTRE_PERMS.outboundTask.delete,
});
const NUMBER_SORTABLE = ['number', 'name', 'state', 'attempts', 'redialAt'] as const;

export function callCentreRoutes(api: Api, { callCentre }: Pick<Services, 'callCentre'>) {
  resourceRoutes(
    api,
    defineResource({
      path: '/seat',
      noun: 'seat',
      permission: (action) => SEAT[action],
      record: seatSchema,
      list: {
        query: seatListQuerySchema,
        sortable: SEAT_SORTABLE,
        run: (query, auth) => callCentre.listSeats(auth, query),
      },
      queryById: (id, auth) => callCentre.getSeat(auth, id),
      add: { body: seatInputSchema, run: (input, auth) => callCentre.addSeat(auth, input) },
      edit: { body: seatEditSchema, run: (input, auth) => callCentre.editSeat(auth, input) },
      remove: (ids, auth) => callCentre.deleteSeats(auth, ids),
    }),
  );

  api.get(
    '/seat/state',
    {
      config: { access: { permission: CALL_CENTRE_PERMS.seat.list } },
      schema: {
        summary:
          'The live state of every seat in scope (offline, idle, ringing, on call) and its registration',
        querystring: seatStateQuerySchema,
        response: okResponse(seatLiveStatesSchema),
      },
    },
    async (request) =>
      ok(request, await callCentre.seatStates(requireAuth(request), request.query.companyId)),
  );

  api.get(
    '/seat/userOptions',
    {
      config: { access: { permission: CALL_CENTRE_PERMS.seat.list } },
      schema: {
        summary: "Users of the seat's company (the caller's own unless named) who may work a seat",
        querystring: seatUserOptionsQuerySchema,
        response: okResponse(z.array(userOptionSchema)),
      },
    },
    async (request) =>
      ok(
        request,
        await callCentre.userOptions(requireAuth(request), request.query.companyId, request.query.keyword),
      ),
  );

  resourceRoutes(
    api,
    defineResource({
      path: '/seatGroup',
      noun: 'seat group',
      permission: (action) => GROUP[action],
      record: seatGroupSchema,
      list: {
        query: seatGroupListQuerySchema,
        sortable: SEAT_GROUP_SORTABLE,
        run: (query, auth) => callCentre.listGroups(auth, query),
      },
      queryById: (id, auth) => callCentre.getGroup(auth, id),
      add: { body: seatGroupInputSchema, run: (input, auth) => callCentre.addGroup(auth, input) },
      edit: { body: seatGroupEditSchema, run: (input, auth) => callCentre.editGroup(auth, input) },
      remove: (ids, auth) => callCentre.deleteGroups(auth, ids),
    }),
  );

  resourceRoutes(
    api,
    defineResource({
      path: '/callResultSetting',
      noun: 'call result',
      permission: (action) => RESULT[action],
      record: callResultSettingSchema,
      list: {
        query: callResultSettingListQuerySchema,
        sortable: CALL_RESULT_SETTING_SORTABLE,
        run: (query, auth) => callCentre.listResults(auth, query),
      },
      queryById: (id, auth) => callCentre.getResult(auth, id),
      add: { body: callResultSettingInputSchema, run: (input, auth) => callCentre.addResult(auth, input) },
      edit: { body: callResultSettingEditSchema, run: (input, auth) => callCentre.editResult(auth, input) },
      remove: (ids, auth) => callCentre.deleteResults(auth, ids),
    }),
  );

  resourceRoutes(
    api,
    defineResource({
      path: '/callList',
      noun: 'call list',
      permission: (action) => LIST[action],
      record: callListSchema,
      list: {
        query: callListListQuerySchema,
        sortable: CALL_LIST_SORTABLE,
        run: (query, auth) => callCentre.listLists(auth, query),
      },
      queryById: (id, auth) => callCentre.getList(auth, id),
      add: { body: callListInputSchema, run: (input, auth) => callCentre.addList(auth, input) },
      edit: { body: callListEditSchema, run: (input, auth) => callCentre.editList(auth, input) },
      remove: (ids, auth) => callCentre.deleteLists(auth, ids),
    }),
  );

  api.get(
    '/callList/numbers',
    {
      config: { access: { permission: CALL_CENTRE_PERMS.callList.list } },
      schema: {
        summary: "A page of a call list's numbers: their columns, state, attempts and redial time",
        querystring: callListNumbersQuerySchema,
        response: okResponse(pageSchema(callListNumberSchema)),
      },
    },
    async (request) => {
      checkSortColumn(request.query, NUMBER_SORTABLE);
      return ok(request, await callCentre.listNumbers(requireAuth(request), request.query));
    },
  );

  api.post(
    '/callList/importNumbers',
    {
      config: { access: { permission: CALL_CENTRE_PERMS.callList.add }, openapi: { upload: true } },
      schema: {
        summary:
          'Reads a call list file (txt, csv or xlsx) into numbers with their columns; nothing is stored',
        description:
          'multipart/form-data with one `file`. A header row names the number, name and notes columns (either language); other columns are kept by their header. Invalid and repeated numbers are answered as problems, by row.',
        response: okResponse(callListImportSchema),
      },
    },
    async (request) => {
      requireAuth(request);
      const file = await uploadedFile(request);
      const table = await readRows(importFileType(file.filename), file.bytes, CALL_LIST_NUMBERS_MAX + 1);
      return ok(request, readCallListTable(table, CALL_LIST_NUMBERS_MAX));
    },
  );

  resourceRoutes(
    api,
    defineResource({
      path: '/outboundTask',
      noun: 'outbound task',
      permission: (action) => TASK[action],
      record: outboundTaskSchema,
      list: {
        query: outboundTaskListQuerySchema,
        sortable: OUTBOUND_TASK_SORTABLE,
        run: (query, auth) => callCentre.listTasks(auth, query),
      },
      queryById: (id, auth) => callCentre.getTask(auth, id),
      add: { body: outboundTaskInputSchema, run: (input, auth) => callCentre.addTask(auth, input) },
      edit: { body: outboundTaskEditSchema, run: (input, auth) => callCentre.editTask(auth, input) },
      remove: (ids, auth) => callCentre.deleteTasks(auth, ids),
    }),
  );

  for (const action of OUTBOUND_TASK_ACTIONS) {
    api.post(
      `/outboundTask/${action}`,
      {
        config: { access: { permission: CALL_CENTRE_PERMS.outboundTask.run } },
        schema: {
          summary: `${OUTBOUND_ACTION_VERBS[action]} an outbound task, as its state allows`,
          body: outboundTaskActionSchema,
          response: okResponse(outboundTaskSchema),
        },
      },
      async (request) =>
        ok(request, await callCentre.actOnTask(requireAuth(request), request.body.id, action)),
    );
  }
}
