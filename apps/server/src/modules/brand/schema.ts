import { boolean, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/columns';

/** Branding per visiting domain. */
export const brands = pgTable(
  'brands',
  {
    id: id(),
    domain: varchar('domain', { length: 253 }).notNull(),
    brandName: varchar('brand_name', { length: 64 }).notNull(),
    /** A data: URL (PNG or JPEG, at most 200 kB), or null for the default mark. */
    logo: text('logo'),
    isMainBrand: boolean('is_main_brand').notNull().default(false),
    hideRecharge: boolean('hide_recharge').notNull().default(false),
    hideLanguage: boolean('hide_language').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('brands_domain_uq').on(t.domain)],
);
