import { pageQuerySchema } from '@switchboard/contracts';

type QueryValue = string | number | boolean | null | undefined;

/**
 * A list screen's state as it lives in the URL query: page number, page size and the filters
 * (the query parameters the list endpoint gets). A reload or a shared link restores it; back
 * and forward step through it.
 */
export interface TableUrlState {
  /** Filters as query parameters (what `toQuery` made of the form), strings as the URL holds them. */
  query: Record<string, string>;
  pageNo: number;
  pageSize: number;
}

export const DEFAULT_PAGE_NO = 1;
export const DEFAULT_PAGE_SIZE = 10;
const PAGING_KEYS = new Set(['pageNo', 'pageSize']);

/** A positive whole number within the server's bounds, else the fallback. */
function pagingNumber(raw: string | null, key: 'pageNo' | 'pageSize', fallback: number): number {
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const parsed = pageQuerySchema.shape[key].safeParse(raw);
  return parsed.success ? parsed.data : fallback;
}

/** Reads the table state from a URL query; anything malformed falls back to the defaults. */
export function readTableState(search: string | URLSearchParams): TableUrlState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const query: Record<string, string> = {};
  for (const [key, value] of params) {
    if (!PAGING_KEYS.has(key) && value !== '') query[key] = value;
  }
  return {
    query,
    pageNo: pagingNumber(params.get('pageNo'), 'pageNo', DEFAULT_PAGE_NO),
    pageSize: pagingNumber(params.get('pageSize'), 'pageSize', DEFAULT_PAGE_SIZE),
  };
}

/**
 * The URL query (`?…`, or '' when everything is at its default) for a table state: filters in
 * a stable order, defaults left out so the plain path stays the plain path.
 */
export function writeTableState(state: {
  query: Record<string, QueryValue>;
  pageNo: number;
  pageSize: number;
}): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(state.query).sort()) {
    const value = state.query[key];
    if (PAGING_KEYS.has(key) || value === null || value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  if (state.pageNo !== DEFAULT_PAGE_NO) params.set('pageNo', String(state.pageNo));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * History state of a navigation that only changes the current page's query (table state): with
 * multi-page tabs it moves the current tab instead of opening another (see MultiTabs).
 */
export const SAME_TAB_STATE = { sameTab: true } as const;

export function isSameTabState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { sameTab?: unknown }).sameTab === true;
}
