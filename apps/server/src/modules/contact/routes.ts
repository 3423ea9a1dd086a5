import {
  contactInfoSchema,
  groupLinkSchema,
  idQuerySchema,
  noResult,
  pageQuerySchema,
  pageSchema,
  supportContactEditSchema,
  supportContactInputSchema,
  supportContactRecordSchema,
  supportContactSchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';

const perm = (action: string) => ({ access: { permission: `system:contact:${action}` } });

export function contactRoutes(api: Api, { contacts }: Services) {
  api.get(
    '/outApi/listDisplay',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Support contacts shown to visitors',
        response: okResponse(z.array(supportContactSchema)),
      },
    },
    async (request) => ok(request, await contacts.displayed()),
  );

  api.get(
    '/outApi/contactInfo',
    {
      config: { access: 'public' },
      schema: { summary: 'Group link and support contacts', response: okResponse(contactInfoSchema) },
    },
    async (request) => ok(request, await contacts.info()),
  );

  api.get(
    '/sys/supportContact/list',
    {
      config: perm('list'),
      schema: {
        summary: 'Support contacts',
        querystring: pageQuerySchema,
        response: okResponse(pageSchema(supportContactRecordSchema)),
      },
    },
    async (request) => ok(request, await contacts.list(request.query)),
  );

  api.post(
    '/sys/supportContact/add',
    {
      config: perm('add'),
      schema: {
        summary: 'Add a support contact',
        body: supportContactInputSchema,
        response: okResponse(supportContactRecordSchema),
      },
    },
    async (request) => ok(request, await contacts.add(request.body)),
  );

  api.put(
    '/sys/supportContact/edit',
    {
      config: perm('edit'),
      schema: {
        summary: 'Edit a support contact',
        body: supportContactEditSchema,
        response: okResponse(supportContactRecordSchema),
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok(request, await contacts.edit(id, input));
    },
  );

  api.delete(
    '/sys/supportContact/delete',
    {
      config: perm('delete'),
      schema: {
        summary: 'Delete a support contact',
        querystring: idQuerySchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      await contacts.remove(request.query.id);
      return ok(request, null);
    },
  );

  api.put(
    '/sys/supportContact/groupLink',
    {
      config: perm('edit'),
      schema: {
        summary: 'Set the support group link (empty removes it)',
        body: groupLinkSchema,
        response: okResponse(z.object({ groupLink: z.string().nullable() })),
      },
    },
    async (request) => ok(request, { groupLink: await contacts.setGroupLink(request.body.groupLink) }),
  );
}
