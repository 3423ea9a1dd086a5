import { type Page, type PermissionCode, pageSchema, uuid } from '@switchboard/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type AuthContext, requireAuth } from '../access';
import { ok, okResponse } from '../envelope';
import type { Api } from '../module';

type AnyObject = z.ZodObject;

/** What a number file read as a job's numbers answers: the numbers, and each row refused. */
export const numberListImportSchema = z.object({
  numbers: z.array(z.string()),
  problems: z.array(z.object({ row: z.number().int(), number: z.string(), reason: z.string() })),
});
export type NumberListImport = z.output<typeof numberListImportSchema>;

const idParamsSchema = z.object({ id: uuid });

/**
 * The routes every kind of bulk job has under its path, and the service calls behind them: its
 * jobs listed (`list`), one job (`details/:id`), a job's numbers (`numbers`), and a number file
 * read for a new job (`importNumbers`, nothing stored).
 */
export interface BulkJobReads<L extends AnyObject, N extends AnyObject> {
  /** `/groupCallTask`, `/voip/statusCheck`. */
  path: string;
  /** Reading's permission (list, details, numbers) and adding's (the number file). */
  permissions: { list: PermissionCode; add: PermissionCode };
  /** A job and one of its numbers, as the API answers them. */
  job: z.ZodType;
  item: z.ZodType;
  /** The OpenAPI summaries of the four routes. */
  summaries: { list: string; details: string; numbers: string; importNumbers: string };
  list: { query: L; run: (auth: AuthContext, query: z.output<L>) => Promise<Page<unknown>> };
  details: (auth: AuthContext, id: string) => Promise<unknown>;
  numbers: { query: N; run: (auth: AuthContext, query: z.output<N>) => Promise<Page<unknown>> };
  /** Reads the uploaded number file (at most the job's numbers). */
  readNumbers: (request: FastifyRequest) => Promise<NumberListImport>;
}

/** Registers a kind of bulk job's read routes (see BulkJobReads). */
export function bulkJobReadRoutes<L extends AnyObject, N extends AnyObject>(
  api: Api,
  reads: BulkJobReads<L, N>,
) {
  const { path, permissions, summaries } = reads;
  api.get(
    `${path}/list`,
    {
      config: { access: { permission: permissions.list } },
      schema: {
        summary: summaries.list,
        querystring: reads.list.query,
        response: okResponse(pageSchema(reads.job)),
      },
    },
    async (request) => ok(request, await reads.list.run(requireAuth(request), request.query as z.output<L>)),
  );

  api.get(
    `${path}/details/:id`,
    {
      config: { access: { permission: permissions.list } },
      schema: { summary: summaries.details, params: idParamsSchema, response: okResponse(reads.job) },
    },
    async (request) => ok(request, await reads.details(requireAuth(request), request.params.id)),
  );

  api.get(
    `${path}/numbers`,
    {
      config: { access: { permission: permissions.list } },
      schema: {
        summary: summaries.numbers,
        querystring: reads.numbers.query,
        response: okResponse(pageSchema(reads.item)),
      },
    },
    async (request) =>
      ok(request, await reads.numbers.run(requireAuth(request), request.query as z.output<N>)),
  );

  api.post(
    `${path}/importNumbers`,
    {
      config: { access: { permission: permissions.add }, openapi: { upload: true } },
      schema: {
        summary: summaries.importNumbers,
        description:
          'multipart/form-data with one `file`. Invalid and repeated numbers are answered as problems, by row.',
        response: okResponse(numberListImportSchema),
      },
    },
    async (request) => {
      requireAuth(request);
      return ok(request, await reads.readNumbers(request));
    },
  );
}
