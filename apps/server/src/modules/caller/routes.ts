import {
  CALLER_GROUP_SORTABLE,
  CALLER_ID_SORTABLE,
  callerGroupEditSchema,
  callerGroupInputSchema,
  callerGroupListQuerySchema,
  callerGroupSchema,
  callerIdEditSchema,
  callerIdInputSchema,
  callerIdListQuerySchema,
  callerIdSchema,
} from '@switchboard/contracts';
import type { Api, Services } from '../../platform/module';
import { defineResource, resourcePermissions, resourceRoutes } from '../../platform/resource';

/** Permission codes of the caller ID and caller group screens (every company role and staff). */
export const CALLER_PERMS = {
  list: 'voice:caller:list',
  add: 'voice:caller:add',
  edit: 'voice:caller:edit',
  delete: 'voice:caller:delete',
  groupList: 'voice:callerGroup:list',
  groupAdd: 'voice:callerGroup:add',
  groupEdit: 'voice:callerGroup:edit',
  groupDelete: 'voice:callerGroup:delete',
} as const;

const CALLER_ACTIONS = resourcePermissions({
  list: CALLER_PERMS.list,
  add: CALLER_PERMS.add,
  edit: CALLER_PERMS.edit,
  delete: CALLER_PERMS.delete,
});
const GROUP_ACTIONS = resourcePermissions({
  list: CALLER_PERMS.groupList,
  add: CALLER_PERMS.groupAdd,
  edit: CALLER_PERMS.groupEdit,
  delete: CALLER_PERMS.groupDelete,
});

export function callerRoutes(api: Api, { callers }: Pick<Services, 'callers'>) {
  resourceRoutes(
    api,
    defineResource({
      path: '/caller',
      noun: 'caller ID',
      permission: (action) => CALLER_ACTIONS[action],
      record: callerIdSchema,
      list: {
        query: callerIdListQuerySchema,
        sortable: CALLER_ID_SORTABLE,
        run: (query, auth) => callers.listCallers(auth, query),
      },
      queryById: (id, auth) => callers.getCaller(auth, id),
      add: { body: callerIdInputSchema, run: (input, auth) => callers.addCaller(auth, input) },
      edit: { body: callerIdEditSchema, run: (input, auth) => callers.editCaller(auth, input) },
      remove: (ids, auth) => callers.deleteCallers(auth, ids),
    }),
  );

  resourceRoutes(
    api,
    defineResource({
      path: '/callerGroup',
      noun: 'caller group',
      permission: (action) => GROUP_ACTIONS[action],
      record: callerGroupSchema,
      list: {
        query: callerGroupListQuerySchema,
        sortable: CALLER_GROUP_SORTABLE,
        run: (query, auth) => callers.listGroups(auth, query),
      },
      queryById: (id, auth) => callers.getGroup(auth, id),
      add: { body: callerGroupInputSchema, run: (input, auth) => callers.addGroup(auth, input) },
      edit: { body: callerGroupEditSchema, run: (input, auth) => callers.editGroup(auth, input) },
      remove: (ids, auth) => callers.deleteGroups(auth, ids),
    }),
  );
}
