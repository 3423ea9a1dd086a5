import type { DictItem } from '@switchboard/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dictionaries, dictionaryItems } from '../../db/schema';
import { AppError, ok, parse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Services } from '../../services';

const dictCodeSchema = z.object({
  code: z
    .string()
    .min(1)
    .max(64, 'FIELD_TOO_LONG')
    .regex(/^[A-Za-z0-9_-]+$/, 'FIELD_INVALID'),
});

export function dictRoutes(app: FastifyInstance, { db }: Services) {
  app.get('/sys/dict/getDictItems/:code', { config: { access: 'user' } }, async (request) => {
    const { code } = parse(request, dictCodeSchema, request.params);
    const [dict] = await db.select().from(dictionaries).where(eq(dictionaries.dictCode, code)).limit(1);
    if (!dict) throw new AppError('DICT_NOT_FOUND', 404);
    const zh = requestLocale(request) === 'zh-CN';
    const items = await db
      .select()
      .from(dictionaryItems)
      .where(and(eq(dictionaryItems.dictId, dict.id), eq(dictionaryItems.status, 1)))
      .orderBy(asc(dictionaryItems.sortOrder));
    return ok(
      request,
      items.map((i): DictItem => {
        const text = zh ? i.textZh : i.textEn;
        return { value: i.itemValue, text, label: text };
      }),
    );
  });
}
