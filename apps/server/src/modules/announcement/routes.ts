import {
  announcementAdminItemSchema,
  announcementEditSchema,
  announcementIdQuerySchema,
  announcementInputSchema,
  announcementItemSchema,
  announcementListQuerySchema,
  announcementReadSchema,
  announcementRecipientSchema,
  announcementsByUserSchema,
  myAnnouncementsQuerySchema,
  noResult,
  pageSchema,
  recipientsQuerySchema,
  userAnnouncementItemSchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Services } from '../../platform/module';

const perm = (action: 'list' | 'add' | 'edit' | 'delete' | 'release' | 'revoke') => ({
  access: { permission: `system:announcement:${action}` as const },
});

export function announcementRoutes(api: Api, { announcements }: Pick<Services, 'announcements'>) {
  // Administration
  api.get(
    '/sys/annountCement/list',
    {
      config: perm('list'),
      schema: {
        summary: 'Announcements the caller manages',
        querystring: announcementListQuerySchema,
        response: okResponse(pageSchema(announcementAdminItemSchema)),
      },
    },
    async (request) =>
      ok(request, await announcements.list(requireAuth(request), request.query, requestLocale(request))),
  );

  api.post(
    '/sys/annountCement/add',
    {
      config: perm('add'),
      schema: {
        summary: 'Write a draft',
        body: announcementInputSchema,
        response: okResponse(announcementAdminItemSchema),
      },
    },
    async (request) => ok(request, await announcements.add(request.body, requireAuth(request))),
  );

  api.put(
    '/sys/annountCement/edit',
    {
      config: perm('edit'),
      schema: {
        summary: 'Edit a draft',
        body: announcementEditSchema,
        response: okResponse(announcementAdminItemSchema),
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok(request, await announcements.edit(id, input, requireAuth(request)));
    },
  );

  api.delete(
    '/sys/annountCement/delete',
    {
      config: perm('delete'),
      schema: {
        summary: 'Delete an announcement',
        querystring: announcementIdQuerySchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      await announcements.remove(request.query.id, requireAuth(request));
      return ok(request, null);
    },
  );

  const publishSchema = {
    summary: 'Publish a draft',
    querystring: announcementIdQuerySchema,
    response: okResponse(announcementAdminItemSchema),
  };
  const revokeSchema = { ...publishSchema, summary: 'Revoke a published announcement' };
  // The spec's resource list also names /sys/announcement release and revoke: same actions.
  for (const url of ['/sys/annountCement/doReleaseData', '/sys/announcement/release']) {
    api.post(url, { config: perm('release'), schema: publishSchema }, async (request) =>
      ok(
        request,
        await announcements.release(request.query.id, requireAuth(request), requestLocale(request)),
      ),
    );
  }
  for (const url of ['/sys/annountCement/doReovkeData', '/sys/announcement/revoke']) {
    api.post(url, { config: perm('revoke'), schema: revokeSchema }, async (request) =>
      ok(request, await announcements.revoke(request.query.id, requireAuth(request), requestLocale(request))),
    );
  }

  // The editor's user picker: whoever may open the screen may look up whom to address (in scope),
  // without the user administration's permission.
  api.get(
    '/sys/annountCement/recipients',
    {
      config: perm('list'),
      schema: {
        summary: 'Users the caller may address',
        querystring: recipientsQuerySchema,
        response: okResponse(z.array(announcementRecipientSchema)),
      },
    },
    async (request) =>
      ok(request, await announcements.searchRecipients(requireAuth(request), request.query.keyword)),
  );

  // The signed-in user's notices
  api.get(
    '/sys/annountCement/listByUser',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The caller’s unread notices and system messages',
        response: okResponse(announcementsByUserSchema),
      },
    },
    async (request) =>
      ok(request, await announcements.unreadFor(requireAuth(request), requestLocale(request))),
  );

  api.get(
    '/sys/annountCement/queryById',
    {
      config: { access: 'user' },
      schema: {
        summary: 'One announcement addressed to the caller',
        querystring: announcementIdQuerySchema,
        response: okResponse(announcementItemSchema),
      },
    },
    async (request) =>
      ok(
        request,
        await announcements.findFor(requireAuth(request), request.query.id, requestLocale(request)),
      ),
  );

  for (const method of ['PUT', 'POST'] as const) {
    api.route({
      method,
      url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
      config: { access: 'user', action: 'readAnnouncement' },
      schema: {
        summary: 'Mark an announcement read',
        body: announcementReadSchema,
        response: okResponse(noResult),
      },
      handler: async (request) => {
        await announcements.markRead(requireAuth(request), request.body.anntId);
        return ok(request, null);
      },
    });
  }

  api.put(
    '/sys/sysAnnouncementSend/readAll',
    {
      config: { access: 'user', action: 'readAllAnnouncements' },
      schema: {
        summary: 'Mark every announcement addressed to the caller read',
        response: okResponse(z.object({ marked: z.number().int() })),
      },
    },
    async (request) => ok(request, { marked: await announcements.markAllRead(requireAuth(request)) }),
  );

  api.get(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The caller’s announcements with read state',
        querystring: myAnnouncementsQuerySchema,
        response: okResponse(pageSchema(userAnnouncementItemSchema)),
      },
    },
    async (request) =>
      ok(request, await announcements.mine(requireAuth(request), request.query, requestLocale(request))),
  );
}
