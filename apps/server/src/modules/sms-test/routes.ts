import {
  pageSchema,
  smsTestIdQuerySchema,
  smsTestListQuerySchema,
  smsTestRecordSchema,
  smsTestSendSchema,
} from '@switchboard/contracts';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';

/** The test tool's permission (the /TestToolRecord menu: administrators only). */
export const SMS_TEST_PERM = 'sms:testTool:view';

export function smsTestRoutes(api: Api, { smsTests }: Pick<Services, 'smsTests'>) {
  api.post(
    '/sms/testTool/send',
    {
      config: { access: { permission: SMS_TEST_PERM }, action: 'smsTestSend' },
      schema: {
        summary: 'Send a test message through one gateway (routing bypassed, charged to no one)',
        body: smsTestSendSchema,
        response: okResponse(smsTestRecordSchema),
      },
    },
    async (request) => ok(request, await smsTests.send(requireAuth(request), request.body)),
  );

  api.get(
    '/sms/testTool/queryById',
    {
      config: { access: { permission: SMS_TEST_PERM } },
      schema: {
        summary: 'One test and its trace (submitted, the gateway’s ids, receipt)',
        querystring: smsTestIdQuerySchema,
        response: okResponse(smsTestRecordSchema),
      },
    },
    async (request) => ok(request, await smsTests.get(request.query.id)),
  );

  api.get(
    '/sms/testTool/list',
    {
      config: { access: { permission: SMS_TEST_PERM } },
      schema: {
        summary: 'Past tests, newest first, with their traces',
        querystring: smsTestListQuerySchema,
        response: okResponse(pageSchema(smsTestRecordSchema)),
      },
    },
    async (request) => ok(request, await smsTests.list(request.query)),
  );
}
