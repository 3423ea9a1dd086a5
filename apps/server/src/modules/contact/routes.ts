import {
  type ContactInfo,
  groupLinkSchema,
  pageOf,
  pageQuerySchema,
  type SupportContact,
  supportContactInputSchema,
} from '@switchboard/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { settings, supportContacts } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError, ok, parse } from '../../platform/envelope';
import type { Services } from '../../services';

const GROUP_LINK = 'contact.groupLink';
const idQuery = z.object({ id: z.string().uuid('FIELD_INVALID') });
const editBody = z.object({ id: z.string().uuid('FIELD_INVALID') }).and(supportContactInputSchema);
const perm = (action: string) => ({ access: { permission: `system:contact:${action}` } });

const toRow = (input: z.infer<typeof supportContactInputSchema>) => ({
  name: input.name,
  telegram: input.telegram,
  sortNo: input.sort,
  enabled: input.enabled,
});

async function displayed(db: Db): Promise<SupportContact[]> {
  return db
    .select({ name: supportContacts.name, telegram: supportContacts.telegram })
    .from(supportContacts)
    .where(eq(supportContacts.enabled, true))
    .orderBy(asc(supportContacts.sortNo), asc(supportContacts.name));
}

export function contactRoutes(app: FastifyInstance, { db }: Services) {
  app.get('/outApi/listDisplay', { config: { access: 'public' } }, async (request) =>
    ok(request, await displayed(db)),
  );

  app.get('/outApi/contactInfo', { config: { access: 'public' } }, async (request) => {
    const [link] = await db.select().from(settings).where(eq(settings.key, GROUP_LINK)).limit(1);
    const info: ContactInfo = { groupLink: link?.value || null, contacts: await displayed(db) };
    return ok(request, info);
  });

  app.get('/sys/supportContact/list', { config: perm('list') }, async (request) => {
    const q = parse(request, pageQuerySchema, request.query);
    const [{ total } = { total: 0 }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(supportContacts);
    const records = await db
      .select()
      .from(supportContacts)
      .orderBy(asc(supportContacts.sortNo), asc(supportContacts.name))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    return ok(request, pageOf(records, Number(total), q));
  });

  app.post('/sys/supportContact/add', { config: perm('add') }, async (request) => {
    const input = parse(request, supportContactInputSchema, request.body);
    const [row] = await db.insert(supportContacts).values(toRow(input)).returning();
    return ok(request, row);
  });

  app.put('/sys/supportContact/edit', { config: perm('edit') }, async (request) => {
    const { id, ...input } = parse(request, editBody, request.body);
    const [row] = await db
      .update(supportContacts)
      .set(toRow(input))
      .where(eq(supportContacts.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 404);
    return ok(request, row);
  });

  app.delete('/sys/supportContact/delete', { config: perm('delete') }, async (request) => {
    const { id } = parse(request, idQuery, request.query);
    const deleted = await db
      .delete(supportContacts)
      .where(eq(supportContacts.id, id))
      .returning({ id: supportContacts.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', 404);
    return ok(request, null);
  });

  app.put('/sys/supportContact/groupLink', { config: perm('edit') }, async (request) => {
    const { groupLink } = parse(request, groupLinkSchema, request.body);
    await db
      .insert(settings)
      .values({ key: GROUP_LINK, value: groupLink })
      .onConflictDoUpdate({ target: settings.key, set: { value: groupLink, updatedAt: new Date() } });
    return ok(request, { groupLink: groupLink || null });
  });
}
