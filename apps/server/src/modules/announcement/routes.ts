import {
  ANNOUNCEMENT_CATEGORIES,
  announcementInputSchema,
  PRIORITIES,
  pageQuerySchema,
  SEARCH_TEXT_MAX_LENGTH,
} from '@switchboard/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth';
import { ok, parse } from '../../platform/envelope';
import type { Services } from '../../services';

const idQuery = z.object({ id: z.string().uuid('FIELD_INVALID') });
const anntIdBody = z.object({ anntId: z.string().uuid('FIELD_INVALID') });
const adminListQuery = pageQuerySchema.extend({
  title: z.string().max(200, 'FIELD_TOO_LONG').optional(),
  sendStatus: z.enum(['0', '1', '2']).optional(),
  msgCategory: z.enum(ANNOUNCEMENT_CATEGORIES).optional(),
  priority: z.enum(PRIORITIES).optional(),
});
const mineQuery = pageQuerySchema.extend({
  title: z.string().max(200, 'FIELD_TOO_LONG').optional(),
  msgCategory: z.enum(['1', '2']).optional(),
  readFlag: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
});
const recipientsQuery = z.object({
  keyword: z.string().max(SEARCH_TEXT_MAX_LENGTH, 'FIELD_TOO_LONG').optional(),
});
const editBody = z.object({ id: z.string().uuid('FIELD_INVALID') }).and(announcementInputSchema);

const perm = (action: string) => ({ access: { permission: `system:announcement:${action}` } });

export function announcementRoutes(app: FastifyInstance, { announcements }: Services) {
  // Administration
  app.get('/sys/annountCement/list', { config: perm('list') }, async (request) =>
    ok(
      request,
      await announcements.list(requireAuth(request), parse(request, adminListQuery, request.query)),
    ),
  );
  app.post('/sys/annountCement/add', { config: perm('add') }, async (request) =>
    ok(
      request,
      await announcements.add(parse(request, announcementInputSchema, request.body), requireAuth(request)),
    ),
  );
  app.put('/sys/annountCement/edit', { config: perm('edit') }, async (request) => {
    const { id, ...input } = parse(request, editBody, request.body);
    return ok(request, await announcements.edit(id, input, requireAuth(request)));
  });
  app.delete('/sys/annountCement/delete', { config: perm('delete') }, async (request) => {
    await announcements.remove(parse(request, idQuery, request.query).id, requireAuth(request));
    return ok(request, null);
  });
  const release = async (request: FastifyRequest) =>
    ok(request, await announcements.release(parse(request, idQuery, request.query).id, requireAuth(request)));
  const revoke = async (request: FastifyRequest) =>
    ok(request, await announcements.revoke(parse(request, idQuery, request.query).id, requireAuth(request)));
  app.post('/sys/annountCement/doReleaseData', { config: perm('release') }, release);
  app.post('/sys/annountCement/doReovkeData', { config: perm('revoke') }, revoke);
  // The editor's user picker: whoever may open the screen may look up whom to address (in scope),
  // without the user administration's permission.
  app.get('/sys/annountCement/recipients', { config: perm('list') }, async (request) =>
    ok(
      request,
      await announcements.searchRecipients(
        requireAuth(request),
        parse(request, recipientsQuery, request.query).keyword,
      ),
    ),
  );
  // The spec's resource list also names /sys/announcement release and revoke: same actions.
  app.post('/sys/announcement/release', { config: perm('release') }, release);
  app.post('/sys/announcement/revoke', { config: perm('revoke') }, revoke);

  // The signed-in user's notices
  app.get('/sys/annountCement/listByUser', { config: { access: 'user' } }, async (request) =>
    ok(request, await announcements.unreadFor(requireAuth(request))),
  );
  app.get('/sys/annountCement/queryById', { config: { access: 'user' } }, async (request) =>
    ok(request, await announcements.findFor(requireAuth(request), parse(request, idQuery, request.query).id)),
  );
  const markRead = async (request: FastifyRequest) => {
    await announcements.markRead(requireAuth(request), parse(request, anntIdBody, request.body).anntId);
    return ok(request, null);
  };
  app.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { config: { access: 'user' } }, markRead);
  app.post('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { config: { access: 'user' } }, markRead);
  app.put('/sys/sysAnnouncementSend/readAll', { config: { access: 'user' } }, async (request) =>
    ok(request, { marked: await announcements.markAllRead(requireAuth(request)) }),
  );
  app.get('/sys/sysAnnouncementSend/getMyAnnouncementSend', { config: { access: 'user' } }, async (request) =>
    ok(request, await announcements.mine(requireAuth(request), parse(request, mineQuery, request.query))),
  );
}
