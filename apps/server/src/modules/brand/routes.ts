import {
  brandDomainQuerySchema,
  brandEditSchema,
  brandInputSchema,
  brandRecordSchema,
  brandSchema,
  idQuerySchema,
  noResult,
  pageQuerySchema,
  pageSchema,
} from '@switchboard/contracts';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';

const perm = (action: 'list' | 'add' | 'edit' | 'delete') => ({
  access: { permission: `system:brand:${action}` as const },
});

export function brandRoutes(api: Api, { brands }: Pick<Services, 'brands'>) {
  api.get(
    '/sys/customerBrand',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The brand of the visiting domain (or of customerDomain)',
        querystring: brandDomainQuerySchema,
        response: okResponse(brandSchema),
      },
    },
    async (request) => {
      const host = request.query.customerDomain || request.hostname.split(':')[0]?.toLowerCase() || '';
      return ok(request, await brands.forDomain(host));
    },
  );

  api.get(
    '/sys/brand/list',
    {
      config: perm('list'),
      schema: {
        summary: 'Brands',
        querystring: pageQuerySchema,
        response: okResponse(pageSchema(brandRecordSchema)),
      },
    },
    async (request) => ok(request, await brands.list(request.query)),
  );

  api.post(
    '/sys/brand/add',
    {
      config: perm('add'),
      schema: { summary: 'Add a brand', body: brandInputSchema, response: okResponse(brandRecordSchema) },
    },
    async (request) => ok(request, await brands.add(request.body)),
  );

  api.put(
    '/sys/brand/edit',
    {
      config: perm('edit'),
      schema: { summary: 'Edit a brand', body: brandEditSchema, response: okResponse(brandRecordSchema) },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok(request, await brands.edit(id, input));
    },
  );

  api.delete(
    '/sys/brand/delete',
    {
      config: perm('delete'),
      schema: { summary: 'Delete a brand', querystring: idQuerySchema, response: okResponse(noResult) },
    },
    async (request) => {
      await brands.remove(request.query.id);
      return ok(request, null);
    },
  );
}
