import { describe, expect, it } from 'vitest';
import { isSameTabState, readTableState, writeTableState } from './table-url-state';

describe('table state in the URL', () => {
  it('reads page, size and filters, with defaults for what is missing', () => {
    expect(readTableState('?username=amy&pageNo=3&pageSize=20')).toEqual({
      query: { username: 'amy' },
      pageNo: 3,
      pageSize: 20,
    });
    expect(readTableState('')).toEqual({ query: {}, pageNo: 1, pageSize: 10 });
  });

  it('falls back to the defaults for malformed or out-of-range paging, drops empty filters', () => {
    expect(readTableState('?pageNo=0&pageSize=abc&status=')).toEqual({ query: {}, pageNo: 1, pageSize: 10 });
    expect(readTableState('?pageNo=-2&pageSize=501')).toMatchObject({ pageNo: 1, pageSize: 10 });
    expect(readTableState('?pageNo=2.5&pageSize=1e2')).toMatchObject({ pageNo: 1, pageSize: 10 });
  });

  it('writes a stable query that leaves defaults and empty values out', () => {
    expect(writeTableState({ query: {}, pageNo: 1, pageSize: 10 })).toBe('');
    expect(
      writeTableState({
        query: { status: 1, username: 'amy', realname: '', from: undefined, to: null },
        pageNo: 2,
        pageSize: 50,
      }),
    ).toBe('?status=1&username=amy&pageNo=2&pageSize=50');
    expect(writeTableState({ query: { b: 'x y&z', a: true }, pageNo: 1, pageSize: 10 })).toBe(
      '?a=true&b=x+y%26z',
    );
  });

  it('a written state reads back the same', () => {
    const state = { query: { username: 'a b', status: '2' }, pageNo: 4, pageSize: 20 };
    expect(readTableState(writeTableState(state))).toEqual(state);
  });

  it('filters cannot overwrite the paging parameters', () => {
    expect(writeTableState({ query: { pageNo: 9 }, pageSize: 10, pageNo: 1 })).toBe('');
  });

  it('recognises its own history state', () => {
    expect(isSameTabState({ sameTab: true })).toBe(true);
    expect(isSameTabState(null)).toBe(false);
    expect(isSameTabState({ sameTab: 'yes' })).toBe(false);
  });
});
