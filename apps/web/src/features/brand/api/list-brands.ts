import { listQuery } from '@/lib/list-query';

/** The brand administration list (no filters). */
export const BRAND_LIST_PATH = '/sys/brand/list';

/** Every page of the brand list: invalidate after changing a brand. */
export const brandListKey = ['brands', 'list'] as const;

export const listBrandsQuery = listQuery(BRAND_LIST_PATH, brandListKey);
