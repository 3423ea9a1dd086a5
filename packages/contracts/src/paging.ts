import { z } from 'zod';

/**
 * Paged list queries use pageNo/pageSize; answers carry records and totals. The numbers arrive as
 * query-string text; the console may send them as numbers (the wire type says both).
 */
export const pageQuerySchema = z.object({
  pageNo: z.coerce.number<number | string>().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number<number | string>().int().min(1).max(500).default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
/** What a console sends to a paged list without filters of its own (brands, support contacts). */
export type PageQueryInput = z.input<typeof pageQuerySchema>;

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
}

/** A page of `item`s (`Page<T>` on the wire). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    records: z.array(item),
    total: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  });

export function pageOf<T>(records: T[], total: number, query: PageQuery): Page<T> {
  return {
    records,
    total,
    current: query.pageNo,
    size: query.pageSize,
    pages: Math.ceil(total / query.pageSize),
  };
}

/**
 * Lists of large, time-ordered tables (the logs) page by key instead of counting: `cursor` is the
 * last row's key of the page before (absent for the newest page); the answer's `nextCursor` is
 * the key to ask for the page after, or null on the last page.
 */
export const keysetQuerySchema = z.object({
  pageSize: z.coerce.number<number | string>().int().min(1).max(500).default(20),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'FIELD_INVALID')
    .optional(),
});
export type KeysetQuery = z.infer<typeof keysetQuerySchema>;

export interface KeysetPage<T> {
  records: T[];
  size: number;
  nextCursor: string | null;
}

export const keysetPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    records: z.array(item),
    size: z.number().int(),
    nextCursor: z.string().nullable(),
  });
