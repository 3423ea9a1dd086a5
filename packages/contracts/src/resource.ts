import { z } from 'zod';
import { pageQuerySchema } from './paging';
import { booleanQuery, uuid } from './wire';

/**
 * The conventions every resource group follows (Jeecg paths): `{group}/list` (pageNo, pageSize,
 * filters, `column`/`order` sort), `queryById`, `add`, `edit`, `delete`, `deleteBatch`, `exportXls`
 * and `importExcel`. The server helpers are in `apps/server/src/platform/resource`, the console's
 * in `apps/web/src/components` (ResourceTable, ExportButton, ImportDialog).
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * Sorting of a list: `column` is a key of the group's sortable columns (an unknown one is a 400
 * naming it), `order` asc or desc (default asc). Without `column` the group's own order applies.
 */
export const sortQuerySchema = z.object({
  column: z
    .string()
    .trim()
    .max(64, 'FIELD_TOO_LONG')
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'FIELD_INVALID')
    .optional(),
  order: z.enum(SORT_ORDERS).optional(),
});
export type SortQuery = z.infer<typeof sortQuerySchema>;

/** A paged, sortable list's query: paging, sort and the group's own filters (`filters`). */
export const resourceListQuerySchema = <F extends z.ZodRawShape>(filters: F) =>
  pageQuerySchema.extend(sortQuerySchema.shape).extend(filters);

/** `?id=` of queryById and delete. */
export const resourceIdQuerySchema = z.object({ id: uuid });

/** At most this many ids in one deleteBatch (200 UUIDs are 7.4 kB of URL, well within its limit). */
export const DELETE_BATCH_MAX = 200;

/**
 * `deleteBatch?ids=a,b,c`: comma-separated UUIDs (repeats count once), at least one and at most
 * DELETE_BATCH_MAX; any id that is no UUID makes the whole request a 400 naming `ids`.
 */
export const idsQuerySchema = z.object({
  ids: z
    .string()
    .max(DELETE_BATCH_MAX * 40, 'FIELD_TOO_LONG')
    .transform((text, ctx) => {
      const ids = [
        ...new Set(
          text
            .split(',')
            .map((id) => id.trim())
            .filter((id) => id !== ''),
        ),
      ];
      if (ids.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'FIELD_REQUIRED' });
        return z.NEVER;
      }
      if (ids.length > DELETE_BATCH_MAX) {
        ctx.addIssue({ code: 'custom', message: 'BATCH_TOO_LARGE', params: { max: DELETE_BATCH_MAX } });
        return z.NEVER;
      }
      if (!ids.every((id) => uuid.safeParse(id).success)) {
        ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID' });
        return z.NEVER;
      }
      return ids;
    }),
});

export const deleteBatchResultSchema = z.object({ deleted: z.number().int() });

/** File types importExcel reads (legacy .xls is refused with IMPORT_XLS_UNSUPPORTED). */
export const IMPORT_EXTENSIONS = ['.xlsx', '.csv', '.txt'] as const;
/** The largest import file, in bytes. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The most data rows one import takes. */
export const IMPORT_MAX_ROWS = 5_000;
/**
 * An .xlsx is a zip: the most bytes any part of it read by an import may unpack to (its sheet,
 * shared strings, styles), declared or actual. A 2 MB zip could otherwise unpack to gigabytes.
 */
export const IMPORT_UNPACKED_MAX_BYTES = 32 * 1024 * 1024;
/** The most columns an imported sheet or text file may fill. */
export const IMPORT_MAX_COLUMNS = 64;
/** The longest text of one imported cell, in characters. */
export const IMPORT_CELL_MAX_CHARS = 4_000;
/** The most rows one export writes (narrow the filters for more). */
export const EXPORT_MAX_ROWS = 50_000;
/** Time-based groups (ledger, logs) export at most this many days at once. */
export const EXPORT_WINDOW_DAYS = 7;

/** `POST {group}/importExcel?dryRun=true`: check and preview only, write nothing. */
export const importQuerySchema = z.object({ dryRun: booleanQuery.optional() });

/** One problem of one row of an import file: the sheet's row number (the header is row 1). */
export const importRowErrorSchema = z.object({
  row: z.number().int(),
  /** The column's key (`name`), or `file` for the file as a whole. */
  field: z.string(),
  /** The column's header in the caller's language. */
  column: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/**
 * The answer of importExcel: with `errors` nothing was written (all rows or none); `preview` is the
 * first rows as read (keys of the columns, cell texts) for the console's dialog.
 */
export const importResultSchema = z.object({
  dryRun: z.boolean(),
  /** Data rows in the file. */
  total: z.number().int(),
  /** Rows written (0 on a dry run or with errors). */
  imported: z.number().int(),
  errors: z.array(importRowErrorSchema),
  columns: z.array(z.object({ key: z.string(), title: z.string() })),
  preview: z.array(z.object({ row: z.number().int(), values: z.record(z.string(), z.string()) })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** How many rows of a file the import answer previews. */
export const IMPORT_PREVIEW_ROWS = 50;

/** MIME type of the .xlsx files exportXls answers. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
