import {
  currentUserDepartsSchema,
  departInfoSchema,
  selectDepartSchema,
  userInfoSchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';

export function departRoutes(api: Api, { departs }: Services) {
  api.get(
    '/sys/sysDepart/getDepartInfo',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The caller’s current department and its agent',
        querystring: z.object({ id: z.string().max(64, 'FIELD_TOO_LONG').optional() }),
        response: okResponse(departInfoSchema),
      },
    },
    async (request) => ok(request, await departs.currentInfo(requireAuth(request), request.query.id)),
  );

  api.get(
    '/sys/user/getCurrentUserDeparts',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The caller’s departments and the current one',
        response: okResponse(currentUserDepartsSchema),
      },
    },
    async (request) => {
      const me = requireAuth(request);
      return ok(request, { list: await departs.forUser(me.user.id), orgCode: me.user.orgCode });
    },
  );

  api.post(
    '/sys/selectDepart',
    {
      config: { access: 'user', action: 'selectDepart' },
      schema: {
        summary: 'Choose the current department',
        body: selectDepartSchema,
        response: okResponse(z.object({ userInfo: userInfoSchema })),
      },
    },
    async (request) => {
      const { orgCode, username } = request.body;
      return ok(request, { userInfo: await departs.select(requireAuth(request), orgCode, username) });
    },
  );
}
