import { z } from 'zod';
import { resourceListQuerySchema } from './resource';
import { booleanQuery, dateTime, uuid } from './wire';

/**
 * Dictionaries (`/sys/dict`, `/sys/dictItem`) and countries (`/sys/country`): the administration of
 * coded values with their texts in both languages, and of the ISO country list every country picker
 * offers.
 */

/** A dictionary's code and an item's value: letters, digits, `_` and `-` (a path segment of getDictItems). */
const codeText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'FIELD_REQUIRED')
    .max(max, 'FIELD_TOO_LONG')
    .regex(/^[A-Za-z0-9_-]+$/, 'FIELD_INVALID');
const requiredText = (max: number) => z.string().trim().min(1, 'FIELD_REQUIRED').max(max, 'FIELD_TOO_LONG');

/** The largest sort number of a dictionary item. */
export const DICT_ITEM_SORT_MAX = 9_999;

/** Columns the dictionary list sorts by. */
export const DICT_SORTABLE = ['dictCode', 'dictName', 'itemCount', 'createdAt'] as const;

/** `GET /sys/dict/list` and `exportXls`: a code or name (either language) search. */
export const dictListQuerySchema = resourceListQuerySchema({
  keyword: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
});
export type DictListQuery = z.input<typeof dictListQuerySchema>;

export const dictInputSchema = z.object({
  dictCode: codeText(64),
  dictName: requiredText(128),
  dictNameZh: requiredText(128),
  description: z.string().trim().max(256, 'FIELD_TOO_LONG').optional().default(''),
});
export type DictInput = z.input<typeof dictInputSchema>;
export const dictEditSchema = z.object({ id: uuid }).and(dictInputSchema);

export const dictRecordSchema = z.object({
  id: z.string(),
  dictCode: z.string(),
  dictName: z.string(),
  dictNameZh: z.string(),
  description: z.string().nullable(),
  /** Seeded and relied on by the code: its code cannot change and it cannot be deleted. */
  builtIn: z.boolean(),
  itemCount: z.number().int(),
  createdAt: dateTime,
});
export type DictRecord = z.input<typeof dictRecordSchema>;

/** Columns the item list sorts by. */
export const DICT_ITEM_SORTABLE = ['sortOrder', 'itemValue', 'textEn', 'textZh', 'enabled'] as const;

/** `GET /sys/dictItem/list`: one dictionary's items (all of them, enabled or not). */
export const dictItemListQuerySchema = resourceListQuerySchema({
  dictId: uuid,
  keyword: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
  enabled: booleanQuery.optional(),
});
export type DictItemListQuery = z.input<typeof dictItemListQuerySchema>;

export const dictItemInputSchema = z.object({
  dictId: uuid,
  itemValue: codeText(64),
  textEn: requiredText(256),
  textZh: requiredText(256),
  /** Left out: after the last item. */
  sortOrder: z.number().int().min(0).max(DICT_ITEM_SORT_MAX).optional(),
  enabled: z.boolean().default(true),
});
export type DictItemInput = z.input<typeof dictItemInputSchema>;
export const dictItemEditSchema = z.object({ id: uuid }).and(dictItemInputSchema);

export const dictItemRecordSchema = z.object({
  id: z.string(),
  dictId: z.string(),
  itemValue: z.string(),
  textEn: z.string(),
  textZh: z.string(),
  sortOrder: z.number().int(),
  enabled: z.boolean(),
  /** A seeded value the code relies on: its value cannot change and it cannot be deleted. */
  builtIn: z.boolean(),
});
export type DictItemRecord = z.input<typeof dictItemRecordSchema>;

/** `PUT /sys/dictItem/setEnabled` and `/setSort`: the inline switches of the items drawer. */
export const dictItemEnabledSchema = z.object({ id: uuid, enabled: z.boolean() });
export const dictItemSortSchema = z.object({
  id: uuid,
  sortOrder: z.number().int().min(0).max(DICT_ITEM_SORT_MAX),
});

// ---- countries

/** ISO 3166-1 alpha-2, upper case. */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'FIELD_INVALID');

/** Columns the country list sorts by. */
export const COUNTRY_SORTABLE = ['code', 'dialCode', 'nameEn', 'nameZh', 'enabled'] as const;

/** `GET /sys/country/list` and `exportXls`: a code, dial code or name search; enabled. */
export const countryListQuerySchema = resourceListQuerySchema({
  keyword: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
  enabled: booleanQuery.optional(),
});
export type CountryListQuery = z.input<typeof countryListQuerySchema>;

export const countryInputSchema = z.object({
  code: countryCodeSchema,
  /** The calling code without `+`: 1 to 4 digits, no leading zero. */
  dialCode: z
    .string()
    .trim()
    .transform((v) => v.replace(/^\+/, ''))
    .pipe(z.string().regex(/^[1-9][0-9]{0,3}$/, 'FIELD_INVALID')),
  nameEn: requiredText(128),
  nameZh: requiredText(128),
  enabled: z.boolean().default(true),
});
export type CountryInput = z.input<typeof countryInputSchema>;

export const countryRecordSchema = z.object({
  code: z.string(),
  dialCode: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  enabled: z.boolean(),
});
export type CountryRecord = z.input<typeof countryRecordSchema>;

/** `?code=` of queryById and delete. */
export const countryCodeQuerySchema = z.object({ code: countryCodeSchema });

/** A picker's option: the enabled countries in the caller's language (`GET /sys/country/options`). */
export const countryOptionSchema = z.object({ code: z.string(), dialCode: z.string(), name: z.string() });
export type CountryOption = z.input<typeof countryOptionSchema>;

/** `PUT /sys/country/setEnabled`: the list's switch. */
export const countryEnabledSchema = z.object({ code: countryCodeSchema, enabled: z.boolean() });
