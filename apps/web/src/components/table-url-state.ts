import { keysetQuerySchema } from '@switchboard/contracts';
import type { z } from 'zod';

/**
 * How a list pages, as its contract query schema says: by number with a total (`pageNo`,
 * `pageSize`), or by key for the large time-ordered tables (`cursor`, `pageSize`; see the
 * contracts' keysetQuerySchema).
 */
export type PagingMode = 'page' | 'keyset';

/**
 * A list screen's state as it lives in the URL query: the filters, the page size and where in
 * the list it is. A reload or a shared link restores it; back and forward step through it.
 */
export interface TableUrlState {
  /** Filters as query parameters (what `toQuery` made of the form), strings as the URL holds them. */
  query: Record<string, string>;
  /** Page mode: the page number (1 in keyset mode). */
  pageNo: number;
  pageSize: number;
  /**
   * Keyset mode: the `cursor` of every page from the second to the shown one (empty on the
   * newest page). The server only pages onwards, so the way back is kept here: Previous drops the
   * last one. In the URL as `cursors=812.655.430`.
   */
  cursors: string[];
}

/** The URL keys of paging, never filters. */
const PAGING_KEYS = new Set(['pageNo', 'pageSize', 'cursor', 'cursors']);
const CURSOR_SEPARATOR = '.';

/** A contract list-query schema: a zod object with the list's paging and filter parameters. */
export type ListQuerySchema = z.ZodObject;

export interface TableUrlCodec {
  mode: PagingMode;
  defaultPageSize: number;
  read: (search: string | URLSearchParams) => TableUrlState;
  /**
   * The URL query (`?…`, or '' when everything is at its default) of a state: filters in a stable
   * order, defaults left out so the plain path stays the plain path.
   */
  write: (state: TableUrlState) => string;
  /** What the list endpoint gets for a state: the filters and the paging parameters. */
  params: (state: TableUrlState) => Record<string, string | number>;
}

/** Whether `value` is a valid `key` for the schema (a field it does not have is not). */
function accepts(schema: ListQuerySchema, key: string, value: string): boolean {
  return schema.shape[key]?.safeParse(value).success === true;
}

/** A positive whole number the schema takes for `key`, else the fallback. */
function wholeNumber(schema: ListQuerySchema, key: string, raw: string | null, fallback: number): number {
  if (raw === null || !/^\d+$/.test(raw) || !accepts(schema, key, raw)) return fallback;
  return Number(raw);
}

function defaultOf(schema: ListQuerySchema, key: string, fallback: number): number {
  const parsed = schema.shape[key]?.safeParse(undefined);
  return parsed?.success && typeof parsed.data === 'number' ? parsed.data : fallback;
}

/**
 * Reads and writes a list's state in the URL, through the list's contract query schema: only the
 * list's own parameters are read; malformed paging falls back to the defaults (the page size's is
 * the schema's), while a filter's value goes to the server as it is, which says when it is invalid
 * (as it does for one typed into the form).
 */
export function tableUrlCodec(schema: ListQuerySchema): TableUrlCodec {
  const mode: PagingMode = 'cursor' in schema.shape ? 'keyset' : 'page';
  const defaultPageSize = defaultOf(schema, 'pageSize', 10);

  const read = (search: string | URLSearchParams): TableUrlState => {
    const params = typeof search === 'string' ? new URLSearchParams(search) : search;
    const query: Record<string, string> = {};
    for (const [key, value] of params) {
      if (!PAGING_KEYS.has(key) && value !== '' && key in schema.shape) query[key] = value;
    }
    const pageSize = wholeNumber(schema, 'pageSize', params.get('pageSize'), defaultPageSize);
    if (mode === 'keyset') {
      const cursors = (params.get('cursors') ?? '').split(CURSOR_SEPARATOR).filter((c) => c !== '');
      const valid = cursors.every((cursor) => keysetQuerySchema.shape.cursor.safeParse(cursor).success);
      return { query, pageNo: 1, pageSize, cursors: valid ? cursors : [] };
    }
    return { query, pageNo: wholeNumber(schema, 'pageNo', params.get('pageNo'), 1), pageSize, cursors: [] };
  };

  const write = (state: TableUrlState): string => {
    const search = new URLSearchParams();
    for (const key of Object.keys(state.query).sort()) {
      const value = state.query[key];
      if (!PAGING_KEYS.has(key) && value !== undefined && value !== '') search.set(key, value);
    }
    if (mode === 'page' && state.pageNo !== 1) search.set('pageNo', String(state.pageNo));
    if (mode === 'keyset' && state.cursors.length > 0)
      search.set('cursors', state.cursors.join(CURSOR_SEPARATOR));
    if (state.pageSize !== defaultPageSize) search.set('pageSize', String(state.pageSize));
    const text = search.toString();
    return text ? `?${text}` : '';
  };

  const params = (state: TableUrlState): Record<string, string | number> => {
    if (mode === 'page') return { ...state.query, pageNo: state.pageNo, pageSize: state.pageSize };
    const cursor = state.cursors.at(-1);
    return { ...state.query, pageSize: state.pageSize, ...(cursor ? { cursor } : {}) };
  };

  return { mode, defaultPageSize, read, write, params };
}

/**
 * History state of a navigation that only changes the current page's query (table state): with
 * multi-page tabs it moves the current tab instead of opening another (see MultiTabs).
 */
export const SAME_TAB_STATE = { sameTab: true } as const;

export function isSameTabState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { sameTab?: unknown }).sameTab === true;
}
