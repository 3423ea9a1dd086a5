import { z } from 'zod';

/** Paged list queries use pageNo/pageSize; answers carry records and totals. */
export const pageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
}

export function pageOf<T>(records: T[], total: number, query: PageQuery): Page<T> {
  return {
    records,
    total,
    current: query.pageNo,
    size: query.pageSize,
    pages: Math.ceil(total / query.pageSize),
  };
}
