import type {
  DictItem,
  DictItemRecord,
  DictRecord,
  dictInputSchema,
  dictItemInputSchema,
  Locale,
  PageQuery,
  SortQuery,
} from '@switchboard/contracts';
import type { z } from 'zod';
import { TtlCache } from '../../platform/cache';
import type { CacheBus } from '../../platform/cache-bus';
import { afterCommit, type Db, isUniqueViolation, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { paginate } from '../../platform/paging';
import { stableId } from '../../platform/stable-id';
import { DICTIONARIES } from './dictionaries-seed';
import { DictRepo } from './repo';

/** The name of the dictionary caches on the cache bus. */
export const DICTS_CACHE = 'dicts';
/** Bounds another process's staleness should a cache-bus message be lost. */
const ITEMS_TTL_MS = 60_000;

type DictInput = z.output<typeof dictInputSchema>;
type ItemInput = z.output<typeof dictItemInputSchema>;
export type DictFilters = SortQuery & { keyword?: string | undefined };
export type ItemFilters = SortQuery & {
  dictId: string;
  keyword?: string | undefined;
  enabled?: boolean | undefined;
};

/** The seeded values the code relies on, by dictionary code. */
const BUILT_IN = new Map(DICTIONARIES.map((d) => [d.code, new Set(d.items.map(([value]) => value))]));

type DictRow = Omit<DictRecord, 'builtIn' | 'createdAt'> & { createdAt: Date };
type ItemRow = {
  id: string;
  dictId: string;
  itemValue: string;
  textEn: string;
  textZh: string;
  sortOrder: number;
  status: number;
};

const dictRecordOf = (row: DictRow) => ({ ...row, builtIn: BUILT_IN.has(row.dictCode) });
const itemRecordOf = (row: ItemRow, code: string): DictItemRecord => ({
  id: row.id,
  dictId: row.dictId,
  itemValue: row.itemValue,
  textEn: row.textEn,
  textZh: row.textZh,
  sortOrder: row.sortOrder,
  enabled: row.status === 1,
  builtIn: BUILT_IN.get(code)?.has(row.itemValue) ?? false,
});

/**
 * Dictionaries: coded values with their texts in both languages (selects, tags, server enums).
 * Seeded dictionaries and their seeded values are built in (the code names them): they can be
 * relabelled, re-sorted and disabled, never deleted or recoded. Deleting any other dictionary
 * deletes its items with it (they mean nothing without it and no table refers to them).
 */
export class DictService {
  private readonly repo: DictRepo;
  /** getDictItems' answers by code and language (read on every screen with a select). */
  private readonly cache = new TtlCache<DictItem[] | null>(ITEMS_TTL_MS, 2_000);

  constructor(
    private readonly db: Db,
    private readonly caches?: CacheBus,
  ) {
    this.repo = new DictRepo(db);
    caches?.register(DICTS_CACHE, () => this.cache.clear());
  }

  /** The enabled items of a dictionary in `locale`, by sort; 404 DICT_NOT_FOUND for an unknown code. */
  async items(code: string, locale: Locale): Promise<DictItem[]> {
    const items = await this.cache.getOrLoad(
      `${locale}|${code}`,
      async () => {
        const dict = await this.repo.findByCode(code);
        if (!dict) return null;
        const zh = locale === 'zh-CN';
        return (await this.repo.enabledItems(dict.id)).map((i) => {
          const text = zh ? i.textZh : i.textEn;
          return { value: i.itemValue, text, label: text };
        });
      },
      // Unknown codes are anyone's to ask for: not kept.
      (value) => value !== null,
    );
    if (!items) throw new AppError('DICT_NOT_FOUND', 404);
    return items;
  }

  isCodeTaken(code: string, excludeId?: string) {
    return this.repo.codeTaken(code, excludeId);
  }

  // ---- dictionaries

  list(query: PageQuery & DictFilters) {
    return paginate(
      query,
      () => this.repo.countDicts(query),
      async (limit, offset) => (await this.repo.listDicts(query, limit, offset)).map(dictRecordOf),
    );
  }

  async exportRows(filters: DictFilters, limit: number) {
    return (await this.repo.listDicts(filters, limit, 0)).map(dictRecordOf);
  }

  async byId(id: string) {
    const row = await this.repo.dictById(id);
    if (!row) throw new AppError('DICT_NOT_FOUND', 404);
    return dictRecordOf(row);
  }

  add(input: DictInput) {
    return this.write(async () => {
      if (await this.repo.codeTaken(input.dictCode))
        throw new AppError('DICT_CODE_TAKEN', 409, { code: input.dictCode });
      const id = await this.repo.insertDict({ ...input, description: input.description || null });
      return dictRecordOf((await this.repo.dictById(id))!);
    }, input.dictCode);
  }

  edit(id: string, input: DictInput) {
    return this.write(async () => {
      const current = await this.repo.dictById(id);
      if (!current) throw new AppError('DICT_NOT_FOUND', 404);
      if (current.dictCode !== input.dictCode && BUILT_IN.has(current.dictCode))
        throw new AppError('DICT_BUILT_IN_CODE', 409, { code: current.dictCode });
      if (await this.repo.codeTaken(input.dictCode, id))
        throw new AppError('DICT_CODE_TAKEN', 409, { code: input.dictCode });
      await this.repo.updateDict(id, { ...input, description: input.description || null });
      return dictRecordOf((await this.repo.dictById(id))!);
    }, input.dictCode);
  }

  /** Deletes every one of `ids` (with their items) or none: built-in ones are refused, naming the first. */
  removeAll(ids: string[]): Promise<number> {
    return this.write(async () => {
      const rows = await this.repo.dictsByIds(ids);
      if (rows.length !== ids.length) throw new AppError('DICT_NOT_FOUND', 404);
      const builtIn = rows.find((r) => BUILT_IN.has(r.dictCode));
      if (builtIn) throw new AppError('DICT_BUILT_IN', 409, { code: builtIn.dictCode });
      return this.repo.deleteDicts(ids);
    });
  }

  // ---- items

  async listItems(query: PageQuery & ItemFilters) {
    const dict = await this.byId(query.dictId);
    return paginate(
      query,
      () => this.repo.countItems(query),
      async (limit, offset) =>
        (await this.repo.listItems(query, limit, offset)).map((r) => itemRecordOf(r, dict.dictCode)),
    );
  }

  async exportItems(filters: ItemFilters, limit: number) {
    const dict = await this.byId(filters.dictId);
    return (await this.repo.listItems(filters, limit, 0)).map((r) => itemRecordOf(r, dict.dictCode));
  }

  async itemById(id: string): Promise<DictItemRecord> {
    const row = await this.repo.itemById(id);
    if (!row) throw new AppError('DICT_ITEM_NOT_FOUND', 404);
    const dict = await this.byId(row.dictId);
    return itemRecordOf(row, dict.dictCode);
  }

  addItem(input: ItemInput): Promise<DictItemRecord> {
    return this.write(async () => {
      const dict = await this.byId(input.dictId);
      const sortOrder = input.sortOrder ?? (await this.repo.nextSortOrder(dict.id));
      const row = await this.repo.insertItemReturning({
        dictId: dict.id,
        itemValue: input.itemValue,
        textEn: input.textEn,
        textZh: input.textZh,
        sortOrder,
        status: input.enabled ? 1 : 0,
      });
      return itemRecordOf(row, dict.dictCode);
    }, input.itemValue);
  }

  /** Edits an item of its own dictionary (items do not move between dictionaries). */
  editItem(id: string, input: ItemInput): Promise<DictItemRecord> {
    return this.write(async () => {
      const current = await this.repo.itemById(id);
      if (!current || current.dictId !== input.dictId) throw new AppError('DICT_ITEM_NOT_FOUND', 404);
      const dict = await this.byId(current.dictId);
      if (current.itemValue !== input.itemValue && BUILT_IN.get(dict.dictCode)?.has(current.itemValue))
        throw new AppError('DICT_ITEM_BUILT_IN', 409, { code: dict.dictCode, value: current.itemValue });
      const row = await this.repo.updateItem(id, {
        itemValue: input.itemValue,
        textEn: input.textEn,
        textZh: input.textZh,
        status: input.enabled ? 1 : 0,
        ...(input.sortOrder === undefined ? {} : { sortOrder: input.sortOrder }),
      });
      return itemRecordOf(row!, dict.dictCode);
    }, input.itemValue);
  }

  /** The drawer's inline switch and sort number. */
  patchItem(id: string, values: { enabled?: boolean; sortOrder?: number }): Promise<DictItemRecord> {
    return this.write(async () => {
      const row = await this.repo.updateItem(id, {
        ...(values.enabled === undefined ? {} : { status: values.enabled ? 1 : 0 }),
        ...(values.sortOrder === undefined ? {} : { sortOrder: values.sortOrder }),
      });
      if (!row) throw new AppError('DICT_ITEM_NOT_FOUND', 404);
      const dict = await this.byId(row.dictId);
      return itemRecordOf(row, dict.dictCode);
    });
  }

  /** Deletes every one of `ids` or none: built-in values are refused, naming the first. */
  removeItems(ids: string[]): Promise<number> {
    return this.write(async () => {
      const rows = await this.repo.itemsByIds(ids);
      if (rows.length !== ids.length) throw new AppError('DICT_ITEM_NOT_FOUND', 404);
      for (const row of rows) {
        const dict = await this.repo.dictById(row.dictId);
        if (dict && BUILT_IN.get(dict.dictCode)?.has(row.itemValue))
          throw new AppError('DICT_ITEM_BUILT_IN', 409, { code: dict.dictCode, value: row.itemValue });
      }
      return this.repo.deleteItems(ids);
    });
  }

  /** The seeded dictionaries; items an operator added or changed stay as they are. */
  async seed() {
    for (const dict of DICTIONARIES) {
      const dictId = stableId(`dict:${dict.code}`);
      await this.repo.insertDictionary({
        id: dictId,
        dictCode: dict.code,
        dictName: dict.name,
        dictNameZh: dict.nameZh,
      });
      let sortOrder = 0;
      for (const [value, textEn, textZh] of dict.items) {
        await this.repo.insertItem({ dictId, itemValue: value, textEn, textZh, sortOrder: sortOrder++ });
      }
    }
    this.cache.clear();
  }

  /** A change in a transaction; once committed, every process forgets the dictionaries it keeps. */
  private write<T>(fn: () => Promise<T>, taken = ''): Promise<T> {
    return withTransaction(this.db, async () => {
      try {
        const result = await fn();
        await afterCommit(() => (this.caches ? this.caches.changed(DICTS_CACHE) : this.cache.clear()));
        return result;
      } catch (error) {
        if (isUniqueViolation(error, 'dictionaries_code_uq'))
          throw new AppError('DICT_CODE_TAKEN', 409, { code: taken });
        if (isUniqueViolation(error, 'dictionary_items_uq'))
          throw new AppError('DICT_ITEM_VALUE_TAKEN', 409, { value: taken });
        throw error;
      }
    });
  }
}
