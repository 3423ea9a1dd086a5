import { resourceKey } from '@/components/resource-key';

/** The brand administration list (`Page<BrandRecord>`). */
export const BRAND_LIST_PATH = '/sys/brand/list';

/** Invalidate after changing a brand: the list reloads. */
export const brandListKey = resourceKey(BRAND_LIST_PATH);
