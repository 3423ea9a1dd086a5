import { logQuerySchema, userListQuerySchema } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { isSameTabState, tableUrlCodec } from './table-url-state';

const users = tableUrlCodec(userListQuerySchema);
const logs = tableUrlCodec(logQuerySchema);

describe('table state in the URL, paged by number', () => {
  it('knows its paging from the schema', () => {
    expect(users.mode).toBe('page');
    expect(users.defaultPageSize).toBe(10);
  });

  it('reads page, size and filters, with defaults for what is missing', () => {
    expect(users.read('?username=amy&pageNo=3&pageSize=20')).toEqual({
      query: { username: 'amy' },
      pageNo: 3,
      pageSize: 20,
      cursors: [],
    });
    expect(users.read('')).toEqual({ query: {}, pageNo: 1, pageSize: 10, cursors: [] });
  });

  it('falls back to the defaults for malformed or out-of-range paging, drops empty filters', () => {
    expect(users.read('?pageNo=0&pageSize=abc&status=')).toEqual({
      query: {},
      pageNo: 1,
      pageSize: 10,
      cursors: [],
    });
    expect(users.read('?pageNo=-2&pageSize=501')).toMatchObject({ pageNo: 1, pageSize: 10 });
    expect(users.read('?pageNo=2.5&pageSize=1e2')).toMatchObject({ pageNo: 1, pageSize: 10 });
  });

  it('reads only the parameters the list has; their values are the server’s to judge', () => {
    expect(users.read('?username=amy&colour=red&status=7&cursors=12').query).toEqual({
      username: 'amy',
      status: '7',
    });
  });

  it('writes a stable query that leaves defaults and empty values out', () => {
    expect(users.write({ query: {}, pageNo: 1, pageSize: 10, cursors: [] })).toBe('');
    expect(
      users.write({
        query: { username: 'amy', status: '1', realname: '' },
        pageNo: 2,
        pageSize: 50,
        cursors: [],
      }),
    ).toBe('?status=1&username=amy&pageNo=2&pageSize=50');
    expect(users.write({ query: { username: 'x y&z' }, pageNo: 1, pageSize: 10, cursors: [] })).toBe(
      '?username=x+y%26z',
    );
  });

  it('a written state reads back the same', () => {
    const state = { query: { username: 'a b', status: '2' }, pageNo: 4, pageSize: 20, cursors: [] };
    expect(users.read(users.write(state))).toEqual(state);
  });

  it('filters cannot overwrite the paging parameters', () => {
    expect(users.write({ query: { pageNo: '9', cursors: '5' }, pageSize: 10, pageNo: 1, cursors: [] })).toBe(
      '',
    );
  });

  it('gives the endpoint the filters, the page and its size', () => {
    expect(users.params(users.read('?username=amy&pageNo=2'))).toEqual({
      username: 'amy',
      pageNo: 2,
      pageSize: 10,
    });
  });
});

describe('table state in the URL, paged by key', () => {
  it('knows its paging and default size from the schema', () => {
    expect(logs.mode).toBe('keyset');
    expect(logs.defaultPageSize).toBe(20);
  });

  it('reads the way back (the cursors) and the size; no page number', () => {
    expect(logs.read('?username=amy&cursors=950.880&pageSize=50&pageNo=4')).toEqual({
      query: { username: 'amy' },
      pageNo: 1,
      pageSize: 50,
      cursors: ['950', '880'],
    });
  });

  it('starts at the newest page when a cursor is malformed', () => {
    expect(logs.read('?cursors=950.x1').cursors).toEqual([]);
    expect(logs.read(`?cursors=950.${'9'.repeat(19)}`).cursors).toEqual([]);
    expect(logs.read('?cursors=').cursors).toEqual([]);
  });

  it('writes the cursors after the filters, and leaves the default size out', () => {
    expect(logs.write({ query: {}, pageNo: 1, pageSize: 20, cursors: [] })).toBe('');
    expect(logs.write({ query: { username: 'amy' }, pageNo: 3, pageSize: 20, cursors: ['950', '880'] })).toBe(
      '?username=amy&cursors=950.880',
    );
    const state = { query: { from: '2026-01-01T00:00:00.000Z' }, pageNo: 1, pageSize: 10, cursors: ['7'] };
    expect(logs.read(logs.write(state))).toEqual(state);
  });

  it('gives the endpoint the shown page’s cursor (none for the newest) and the size', () => {
    expect(logs.params(logs.read('?username=amy'))).toEqual({ username: 'amy', pageSize: 20 });
    expect(logs.params(logs.read('?cursors=950.880&pageSize=10'))).toEqual({ pageSize: 10, cursor: '880' });
  });
});

describe('same-tab navigation', () => {
  it('recognises its own history state', () => {
    expect(isSameTabState({ sameTab: true })).toBe(true);
    expect(isSameTabState(null)).toBe(false);
    expect(isSameTabState({ sameTab: 'yes' })).toBe(false);
  });
});
