import {
  deleteBatchResultSchema,
  EXPORT_MAX_ROWS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportResult,
  idsQuerySchema,
  importQuerySchema,
  importResultSchema,
  type Locale,
  noResult,
  type Page,
  type PermissionCode,
  pageSchema,
  resourceIdQuerySchema,
  type SortQuery,
  XLSX_MIME,
} from '@switchboard/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AuthContext, requireAuth } from '../access';
import { recordChange } from '../audit';
import { AppError, ok, okResponse } from '../envelope';
import { requestLocale } from '../i18n';
import type { Api } from '../module';
import type { ResourceColumn } from './columns';
import { exportFilename, sendXlsx } from './export';
import { importFileType, readRows } from './files';
import { addRowProblems, checkImport, type RowProblem } from './import';
import { checkSortColumn } from './sort';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the OpenAPI document says beyond the zod schemas: a file upload, a file answer. */
    openapi?: { upload?: boolean; produces?: string };
  }
}

/** The routes of the conventions, by the name of their path's last segment. */
export type ResourceAction =
  | 'list'
  | 'queryById'
  | 'add'
  | 'edit'
  | 'delete'
  | 'deleteBatch'
  | 'exportXls'
  | 'importExcel';

/**
 * Each action's permission by the conventions: reading one row is listing's, deleting many is
 * deleting's; exporting is listing's and importing adding's unless they have codes of their own.
 */
export function resourcePermissions(codes: {
  list: PermissionCode;
  add: PermissionCode;
  edit: PermissionCode;
  delete: PermissionCode;
  export?: PermissionCode;
  import?: PermissionCode;
}): Record<ResourceAction, PermissionCode> {
  return {
    list: codes.list,
    queryById: codes.list,
    add: codes.add,
    edit: codes.edit,
    delete: codes.delete,
    deleteBatch: codes.delete,
    exportXls: codes.export ?? codes.list,
    importExcel: codes.import ?? codes.add,
  };
}

type AnyObject = z.ZodObject;

export interface ExportDefinition<Row, Q extends AnyObject> {
  /** The filters (usually the list's query schema; paging is ignored). */
  query: Q;
  /**
   * The sheet's columns; a function when they depend on what is exported (a voice rate group has
   * billing columns an SMS group has not). It also checks the caller may export that.
   */
  columns:
    | readonly ResourceColumn<Row>[]
    | ((query: z.output<Q>, auth: AuthContext) => Promise<readonly ResourceColumn<Row>[]>);
  /** At most `limit` rows matching the filters, in the caller's scope. */
  rows: (query: z.output<Q>, auth: AuthContext, limit: number) => Promise<Row[]>;
  /** File name without date and extension (`support-contacts`). */
  filename: string;
  sheet: Record<Locale, string>;
  /** Checks the filters first (a time-based group's window: `checkExportWindow`). */
  check?: (query: z.output<Q>) => void;
}

export interface ImportDefinition<Row, S extends z.ZodType> {
  /** The columns a file may have (by key or either language's header text). */
  columns: readonly ResourceColumn<Row>[];
  /** Each row, as read from the file into the columns' kinds. */
  row: S;
  /**
   * Rules across rows or against the database (duplicates, price floors); nothing written. `rows`
   * are the accepted rows, `rowNumbers` their rows in the sheet (to name one row from another).
   */
  check?: (rows: z.output<S>[], auth: AuthContext, rowNumbers: number[]) => Promise<RowProblem[]>;
  /** Writes every row in one transaction; answers how many were written. */
  write: (rows: z.output<S>[], auth: AuthContext) => Promise<number>;
}

/**
 * A resource group: its path, the permission of each action and the service calls behind the
 * routes it has. `resourceRoutes` registers the routes of the conventions for what is declared.
 */
export interface ResourceGroup<
  Row,
  L extends AnyObject = AnyObject,
  A extends z.ZodType = z.ZodType,
  E extends z.ZodType = z.ZodType,
  X extends AnyObject = AnyObject,
  I extends z.ZodType = z.ZodType,
> {
  /** `/sys/supportContact`. */
  path: string;
  /** What one row is, in English, for the OpenAPI summaries (`support contact`). */
  noun: string;
  permission: (action: ResourceAction) => PermissionCode;
  /** A row as the API answers it. */
  record: z.ZodType;
  list?: {
    query: L;
    /** Keys `column` may name. */
    sortable: readonly string[];
    run: (query: z.output<L>, auth: AuthContext) => Promise<Page<Row>>;
  };
  queryById?: (id: string, auth: AuthContext) => Promise<Row>;
  add?: { body: A; run: (input: z.output<A>, auth: AuthContext) => Promise<Row> };
  edit?: { body: E; run: (input: z.output<E>, auth: AuthContext) => Promise<Row> };
  /** Deletes every id in one transaction, or none (an id not found or out of scope: 404). */
  remove?: (ids: string[], auth: AuthContext) => Promise<number>;
  export?: ExportDefinition<Row, X>;
  import?: ImportDefinition<Row, I>;
}

/** Declares a group with its types inferred from the schemas. */
export const defineResource = <
  Row,
  L extends AnyObject,
  A extends z.ZodType,
  E extends z.ZodType,
  X extends AnyObject,
  I extends z.ZodType,
>(
  group: ResourceGroup<Row, L, A, E, X, I>,
) => group;

const access = (
  group: { permission: (action: ResourceAction) => PermissionCode },
  action: ResourceAction,
) => ({
  access: { permission: group.permission(action) },
});

/** `GET {path}/exportXls`: the filtered rows as a streamed .xlsx in the caller's language. */
export function exportRoute<Row, X extends AnyObject>(
  api: Api,
  path: string,
  options: { summary: string; access: { permission: PermissionCode } | 'user' },
  definition: ExportDefinition<Row, X>,
) {
  api.get(
    path,
    {
      config: { access: options.access, openapi: { produces: XLSX_MIME } },
      schema: { summary: options.summary, querystring: definition.query },
    },
    async (request, reply) => {
      const query = request.query as z.output<X>;
      definition.check?.(query);
      const auth = requireAuth(request);
      const columns =
        typeof definition.columns === 'function' ? await definition.columns(query, auth) : definition.columns;
      const rows = await definition.rows(query, auth, EXPORT_MAX_ROWS + 1);
      if (rows.length > EXPORT_MAX_ROWS)
        throw new AppError('EXPORT_TOO_MANY_ROWS', 400, { max: EXPORT_MAX_ROWS });
      const locale = requestLocale(request);
      return sendXlsx(reply, {
        filename: exportFilename(definition.filename),
        columns,
        rows,
        locale,
        sheetName: definition.sheet[locale],
      });
    },
  );
}

/** Reads the one uploaded file of a multipart request, within the size limit. */
export async function uploadedFile(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError('IMPORT_FILE_REQUIRED', 400);
  try {
    const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4 } });
    if (!part) throw new AppError('IMPORT_FILE_REQUIRED', 400);
    try {
      importFileType(part.filename);
    } catch (error) {
      part.file.resume();
      throw error;
    }
    return { filename: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('IMPORT_FILE_TOO_LARGE', 413, { max: IMPORT_MAX_BYTES / 1024 / 1024 });
    }
    // A malformed multipart body is the caller's mistake.
    throw new AppError('BAD_REQUEST', 400);
  }
}

/** Reads, checks and (unless a dry run) writes an import; the answer of importExcel. */
export async function runImport<Row, I extends z.ZodType>(
  request: FastifyRequest,
  definition: ImportDefinition<Row, I>,
  dryRun: boolean,
): Promise<ImportResult> {
  const auth = requireAuth(request);
  const locale = requestLocale(request);
  const file = await uploadedFile(request);
  const table = await readRows(importFileType(file.filename), file.bytes, IMPORT_MAX_ROWS);
  const checked = checkImport(table, definition.columns, definition.row, locale);
  if (checked.errors.length === 0 && definition.check) {
    const values = checked.rows.map((row) => row.value);
    const rowNumbers = checked.rows.map((row) => row.row);
    addRowProblems(checked, await definition.check(values, auth, rowNumbers), definition.columns, locale);
  }
  const result: ImportResult = {
    dryRun,
    total: checked.total,
    imported: 0,
    errors: checked.errors,
    columns: checked.columns,
    preview: checked.preview,
  };
  if (checked.errors.length > 0) {
    if (dryRun) return result;
    throw new AppError('IMPORT_HAS_ERRORS', 400, { count: checked.errors.length }, result);
  }
  if (dryRun) return result;
  result.imported = await definition.write(
    checked.rows.map((row) => row.value),
    auth,
  );
  return result;
}

/** `POST {path}/importExcel`: a multipart file; all rows or none, with a per-row report. */
export function importRoute<Row, I extends z.ZodType>(
  api: Api,
  path: string,
  options: { summary: string; access: { permission: PermissionCode } },
  definition: ImportDefinition<Row, I>,
) {
  api.post(
    path,
    {
      config: { access: options.access, openapi: { upload: true } },
      schema: {
        summary: options.summary,
        description:
          'multipart/form-data with one `file` (.xlsx, .csv or .txt; at most 2 MB). The header row ' +
          'names the columns by key or by either language’s header text. With errors nothing is ' +
          'written: 400 IMPORT_HAS_ERRORS whose `result` lists each row’s problems; `dryRun=true` ' +
          'checks and previews only.',
        querystring: importQuerySchema,
        response: okResponse(importResultSchema),
      },
    },
    async (request) => ok(request, await runImport(request, definition, request.query.dryRun === true)),
  );
}

/**
 * Registers the routes of the conventions for a group: `list` (sortable by the whitelist),
 * `queryById`, `add`, `edit`, `delete`, `deleteBatch`, `exportXls`, `importExcel`, each with the
 * group's permission of that action. A group declares only what it has.
 */
export function resourceRoutes<
  Row,
  L extends AnyObject,
  A extends z.ZodType,
  E extends z.ZodType,
  X extends AnyObject,
  I extends z.ZodType,
>(api: Api, group: ResourceGroup<Row, L, A, E, X, I>) {
  const { path, noun, record } = group;
  const list = group.list;
  if (list) {
    api.get(
      `${path}/list`,
      {
        config: access(group, 'list'),
        schema: {
          summary: `List ${noun}s (sortable by ${list.sortable.join(', ')})`,
          querystring: list.query,
          response: okResponse(pageSchema(record)),
        },
      },
      async (request) => {
        const query = request.query as z.output<L>;
        checkSortColumn(query as SortQuery, list.sortable);
        return ok(request, await list.run(query, requireAuth(request)));
      },
    );
  }
  const byId = group.queryById;
  if (byId) {
    api.get(
      `${path}/queryById`,
      {
        config: access(group, 'queryById'),
        schema: { summary: `One ${noun}`, querystring: resourceIdQuerySchema, response: okResponse(record) },
      },
      async (request) => ok(request, await byId(request.query.id, requireAuth(request))),
    );
  }
  const add = group.add;
  if (add) {
    api.post(
      `${path}/add`,
      {
        config: access(group, 'add'),
        schema: { summary: `Add ${article(noun)} ${noun}`, body: add.body, response: okResponse(record) },
      },
      async (request) => ok(request, await add.run(request.body as z.output<A>, requireAuth(request))),
    );
  }
  const edit = group.edit;
  if (edit) {
    api.put(
      `${path}/edit`,
      {
        config: access(group, 'edit'),
        schema: { summary: `Edit ${article(noun)} ${noun}`, body: edit.body, response: okResponse(record) },
      },
      async (request) => {
        const auth = requireAuth(request);
        const input = request.body as z.output<E>;
        // The record as it was, for the operation log's before and after (when the group reads one).
        const id = (input as { id?: unknown }).id;
        const before =
          byId && typeof id === 'string' ? await byId(id, auth).catch(() => undefined) : undefined;
        const after = await edit.run(input, auth);
        if (before !== undefined) recordChange(request, before, after);
        return ok(request, after);
      },
    );
  }
  const remove = group.remove;
  if (remove) {
    api.delete(
      `${path}/delete`,
      {
        config: access(group, 'delete'),
        schema: {
          summary: `Delete ${article(noun)} ${noun}`,
          querystring: resourceIdQuerySchema,
          response: okResponse(noResult),
        },
      },
      async (request) => {
        await remove([request.query.id], requireAuth(request));
        return ok(request, null);
      },
    );
    api.delete(
      `${path}/deleteBatch`,
      {
        config: access(group, 'deleteBatch'),
        schema: {
          summary: `Delete several ${noun}s (ids=a,b,c; all or none)`,
          querystring: idsQuerySchema,
          response: okResponse(deleteBatchResultSchema),
        },
      },
      async (request) => ok(request, { deleted: await remove(request.query.ids, requireAuth(request)) }),
    );
  }
  if (group.export) {
    exportRoute(
      api,
      `${path}/exportXls`,
      { summary: `Export ${noun}s as .xlsx (the list's filters)`, access: access(group, 'exportXls').access },
      group.export,
    );
  }
  if (group.import) {
    importRoute(
      api,
      `${path}/importExcel`,
      { summary: `Import ${noun}s from .xlsx, .csv or .txt`, access: access(group, 'importExcel').access },
      group.import,
    );
  }
}

/** "a" or "an" before a noun of a summary (an outbound task, an IVR file, a rate). */
function article(noun: string): 'a' | 'an' {
  return /^(?:[aeio]|IVR|SMS|SMPP)/.test(noun) ? 'an' : 'a';
}
