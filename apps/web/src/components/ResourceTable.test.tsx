import {
  type KeysetPage,
  keysetQuerySchema,
  type Page,
  pageQuerySchema,
  sortQuerySchema,
} from '@switchboard/contracts';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import '@/lib/i18n';
import { fakeApi } from '@/test/fake-api';
import { type ListParams, ResourceTable } from './ResourceTable';

interface Row {
  id: string;
  name: string;
}

/**
 * The lists here are the test's own endpoints, not routes of the API's document, so they are
 * fetched plainly (the typed client takes the document's paths only); the answer is the envelope.
 */
async function getList<T>(path: string, params: object, signal: AbortSignal): Promise<T> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const response = await fetch(`/api${path}?${query}`, { signal });
  return ((await response.json()) as { result: T }).result;
}

// A list of each kind, as a feature's api/list-*.ts would declare them.
const thingsSchema = pageQuerySchema.extend({ name: z.string().optional() });
const listThingsQuery = (params: ListParams<typeof thingsSchema>) =>
  queryOptions({
    queryKey: ['things', params] as const,
    queryFn: ({ signal }) => getList<Page<Row>>('/things', params, signal),
  });
const eventsSchema = keysetQuerySchema.extend({ name: z.string().optional() });
const listEventsQuery = (params: ListParams<typeof eventsSchema>) =>
  queryOptions({
    queryKey: ['events', params] as const,
    queryFn: ({ signal }) => getList<KeysetPage<Row>>('/events', params, signal),
  });

const TOTAL = 45;

/**
 * Both endpoints over 45 rows, recording the query of every call: `/things` by page number with
 * a total, `/events` newest first by key (ids 45 down to 1; `cursor` is the last id seen).
 */
function fakeLists() {
  const calls: URLSearchParams[] = [];
  fakeApi((call) => {
    const params = call.query;
    calls.push(params);
    const pageSize = Number(params.get('pageSize'));
    const label = params.get('name') ?? 'row';
    let result: Page<Row> | KeysetPage<Row>;
    if (call.path.endsWith('/events')) {
      const below = Number(params.get('cursor') ?? TOTAL + 1);
      const ids = Array.from({ length: below - 1 }, (_, i) => below - 1 - i);
      const shown = ids.slice(0, pageSize);
      const last = shown.at(-1);
      result = {
        records: shown.map((id) => ({ id: String(id), name: `${label} #${id}` })),
        size: pageSize,
        nextCursor: ids.length > pageSize && last !== undefined ? String(last) : null,
      };
    } else {
      const pageNo = Number(params.get('pageNo'));
      const records = Array.from({ length: pageSize }, (_, i) => ({
        id: `${pageNo}-${i}`,
        name: `${label} ${(pageNo - 1) * pageSize + i + 1}`,
      }));
      result = { records, total: TOTAL, current: pageNo, size: pageSize, pages: Math.ceil(TOTAL / pageSize) };
    }
    return { result };
  });
  // The api client's cache buster `_t` is not table state.
  const last = () => Object.fromEntries([...(calls.at(-1) ?? [])].filter(([key]) => key !== '_t'));
  return { calls, last };
}

const nameFilter = (
  <Form.Item name="name" label="Name">
    <Input data-testid="filter-name" />
  </Form.Item>
);

function renderAt(url: string, table: ReactNode) {
  const router = createMemoryRouter([{ path: '/list', element: table }], { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return Object.assign(router, { queryClient: client });
}

const renderThings = (url: string) =>
  renderAt(
    url,
    <ResourceTable
      params={thingsSchema}
      query={listThingsQuery}
      rowKey="id"
      columns={[{ title: 'Name', dataIndex: 'name' }]}
      filters={nameFilter}
    />,
  );

const renderEvents = (url: string) =>
  renderAt(
    url,
    <ResourceTable
      params={eventsSchema}
      query={listEventsQuery}
      rowKey="id"
      columns={[{ title: 'Name', dataIndex: 'name' }]}
      filters={nameFilter}
    />,
  );

const nameInput = () => screen.getByTestId('filter-name') as HTMLInputElement;
const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
});
afterEach(() => vi.unstubAllGlobals());

describe('<ResourceTable> keeps its state in the URL', () => {
  it('a link with page, size and filters shows those rows and fills the form', async () => {
    const api = fakeLists();
    renderThings('/list?name=amy&pageNo=2&pageSize=20');
    expect(await screen.findByText('amy 21')).toBeTruthy();
    expect(api.last()).toEqual({ name: 'amy', pageNo: '2', pageSize: '20' });
    expect(nameInput().value).toBe('amy');
  });

  it('sends only the parameters the list takes', async () => {
    const api = fakeLists();
    renderThings('/list?name=amy&colour=red');
    expect(await screen.findByText('amy 1')).toBeTruthy();
    expect(api.last()).toEqual({ name: 'amy', pageNo: '1', pageSize: '10' });
  });

  it('searching and paging write the URL; back and forward restore rows and form', async () => {
    const api = fakeLists();
    const router = renderThings('/list');
    expect(await screen.findByText('row 1')).toBeTruthy();
    expect(router.state.location.search).toBe('');

    await userEvent.type(nameInput(), 'bob');
    await userEvent.click(screen.getByTestId('query-submit'));
    await waitFor(() => expect(router.state.location.search).toBe('?name=bob'));
    expect(await screen.findByText('bob 1')).toBeTruthy();

    await userEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(router.state.location.search).toBe('?name=bob&pageNo=3'));
    expect(await screen.findByText('bob 21')).toBeTruthy();
    expect(api.last()).toEqual({ name: 'bob', pageNo: '3', pageSize: '10' });

    await act(() => router.navigate(-1));
    expect(await screen.findByText('bob 1')).toBeTruthy();
    await act(() => router.navigate(-1));
    expect(await screen.findByText('row 1')).toBeTruthy();
    await waitFor(() => expect(nameInput().value).toBe(''));
    await act(() => router.navigate(1));
    await waitFor(() => expect(nameInput().value).toBe('bob'));
    expect(await screen.findByText('bob 1')).toBeTruthy();
  });

  it('paging keeps text typed but not yet applied', async () => {
    const api = fakeLists();
    const router = renderThings('/list');
    expect(await screen.findByText('row 1')).toBeTruthy();
    await userEvent.type(nameInput(), 'half');
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(router.state.location.search).toBe('?pageNo=2'));
    expect(await screen.findByText('row 11')).toBeTruthy();
    expect(nameInput().value).toBe('half');
    expect(api.last()).toEqual({ pageNo: '2', pageSize: '10' });
  });

  it('reset clears the filters and the page from the URL', async () => {
    fakeLists();
    const router = renderThings('/list?name=amy&pageNo=2');
    expect(await screen.findByText('amy 11')).toBeTruthy();
    await userEvent.click(screen.getByTestId('query-reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(nameInput().value).toBe('');
    expect(await screen.findByText('row 1')).toBeTruthy();
  });

  it('reload asks the server again for the shown page, and marks the other pages seen out of date', async () => {
    const api = fakeLists();
    const router = renderThings('/list?pageNo=2');
    expect(await screen.findByText('row 11')).toBeTruthy();
    await userEvent.click(screen.getByTitle('1'));
    expect(await screen.findByText('row 1')).toBeTruthy();
    const before = api.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(api.calls.length).toBe(before + 1));
    expect(api.last()).toEqual({ pageNo: '1', pageSize: '10' });
    const pageTwo = router.queryClient.getQueryState(listThingsQuery({ pageNo: 2, pageSize: 10 }).queryKey);
    expect(pageTwo?.isInvalidated).toBe(true);
  });
});

describe('<ResourceTable> paged by key', () => {
  it('shows the newest page first, without a total, and steps to older pages and back', async () => {
    const api = fakeLists();
    const router = renderEvents('/list');
    expect(await screen.findByText('row #45')).toBeTruthy();
    // The schema's default size; no cursor for the newest page.
    expect(api.last()).toEqual({ pageSize: '20' });
    expect(screen.getByTestId('keyset-page').textContent).toBe('Page 1');
    expect(button('keyset-previous').disabled).toBe(true);
    expect(button('keyset-newest').disabled).toBe(true);
    expect(screen.queryByText(/in total/)).toBeNull();

    await userEvent.click(button('keyset-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?cursors=26'));
    expect(await screen.findByText('row #25')).toBeTruthy();
    expect(api.last()).toEqual({ pageSize: '20', cursor: '26' });
    expect(screen.getByTestId('keyset-page').textContent).toBe('Page 2');

    // The last page: the server names no page after it.
    await waitFor(() => expect(button('keyset-next').disabled).toBe(false));
    await userEvent.click(button('keyset-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?cursors=26.6'));
    expect(await screen.findByText('row #1')).toBeTruthy();
    await waitFor(() => expect(button('keyset-next').disabled).toBe(true));
    expect(screen.getByTestId('keyset-page').textContent).toBe('Page 3');

    await userEvent.click(button('keyset-previous'));
    await waitFor(() => expect(router.state.location.search).toBe('?cursors=26'));
    expect(await screen.findByText('row #25')).toBeTruthy();
    expect(api.last()).toEqual({ pageSize: '20', cursor: '26' });

    await userEvent.click(button('keyset-newest'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('row #45')).toBeTruthy();
  });

  it('a link to an older page shows it, and Previous finds the way back', async () => {
    const api = fakeLists();
    const router = renderEvents('/list?name=amy&cursors=36.26&pageSize=10');
    expect(await screen.findByText('amy #25')).toBeTruthy();
    expect(api.last()).toEqual({ name: 'amy', pageSize: '10', cursor: '26' });
    expect(nameInput().value).toBe('amy');
    expect(screen.getByTestId('keyset-page').textContent).toBe('Page 3');
    await userEvent.click(button('keyset-previous'));
    await waitFor(() => expect(router.state.location.search).toBe('?name=amy&cursors=36&pageSize=10'));
    expect(await screen.findByText('amy #35')).toBeTruthy();
  });

  it('a new search, reset or page size starts again at the newest page', async () => {
    const api = fakeLists();
    const router = renderEvents('/list?cursors=26');
    expect(await screen.findByText('row #25')).toBeTruthy();

    await userEvent.type(nameInput(), 'bob');
    await userEvent.click(screen.getByTestId('query-submit'));
    await waitFor(() => expect(router.state.location.search).toBe('?name=bob'));
    expect(await screen.findByText('bob #45')).toBeTruthy();

    await waitFor(() => expect(button('keyset-next').disabled).toBe(false));
    await userEvent.click(button('keyset-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?name=bob&cursors=26'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await userEvent.click(await screen.findByTitle('50 / page'));
    await waitFor(() => expect(router.state.location.search).toBe('?name=bob&pageSize=50'));
    expect(await screen.findByText('bob #45')).toBeTruthy();
    expect(api.last()).toEqual({ name: 'bob', pageSize: '50' });

    await userEvent.click(screen.getByTestId('query-reset'));
    await waitFor(() => expect(router.state.location.search).toBe('?pageSize=50'));
    expect(await screen.findByText('row #45')).toBeTruthy();
  });

  it('back and forward step through the pages seen', async () => {
    fakeLists();
    const router = renderEvents('/list');
    expect(await screen.findByText('row #45')).toBeTruthy();
    await userEvent.click(button('keyset-next'));
    expect(await screen.findByText('row #25')).toBeTruthy();
    await act(() => router.navigate(-1));
    expect(await screen.findByText('row #45')).toBeTruthy();
    expect(screen.getByTestId('keyset-page').textContent).toBe('Page 1');
    await act(() => router.navigate(1));
    expect(await screen.findByText('row #25')).toBeTruthy();
    expect(screen.getByTestId('keyset-page').textContent).toBe('Page 2');
  });

  it('shows no page number or size control of the numbered kind', async () => {
    fakeLists();
    renderEvents('/list');
    expect(await screen.findByText('row #45')).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });
});

describe('ResourceTable sorted on the server', () => {
  const sortedSchema = thingsSchema.extend(sortQuerySchema.shape);
  const listSorted = (params: ListParams<typeof sortedSchema>) =>
    queryOptions({
      queryKey: ['sorted', params] as const,
      queryFn: ({ signal }) => getList<Page<Row>>('/things', params, signal),
    });
  const renderSorted = (url: string) =>
    renderAt(
      url,
      <ResourceTable
        params={sortedSchema}
        query={listSorted}
        rowKey="id"
        columns={[{ title: 'Name', dataIndex: 'name', sorter: true }]}
        filters={nameFilter}
      />,
    );

  const sorterHeader = () => document.querySelector('th.ant-table-column-has-sorters') as HTMLElement;

  it('puts the sort in the URL and the request, keeps it across a search, shows it from a link', async () => {
    const api = fakeLists();
    const router = renderSorted('/list?name=ann');
    expect(await screen.findByText('ann 1')).toBeTruthy();
    await userEvent.click(sorterHeader());
    await waitFor(() => expect(router.state.location.search).toBe('?column=name&name=ann&order=asc'));
    await waitFor(() => expect(api.last()).toMatchObject({ column: 'name', order: 'asc', pageNo: '1' }));
    await userEvent.click(sorterHeader());
    await waitFor(() => expect(router.state.location.search).toBe('?column=name&name=ann&order=desc'));

    await userEvent.clear(nameInput());
    await userEvent.type(nameInput(), 'bob');
    await userEvent.click(screen.getByTestId('query-submit'));
    await waitFor(() => expect(router.state.location.search).toBe('?column=name&name=bob&order=desc'));
    expect(sorterHeader().getAttribute('aria-sort')).toBe('descending');
  });

  it('hands the toolbar the applied filters and sort', async () => {
    fakeLists();
    const seen: Record<string, string>[] = [];
    renderAt(
      '/list?name=ann&column=name&order=asc&pageNo=2',
      <ResourceTable
        params={sortedSchema}
        query={listSorted}
        rowKey="id"
        columns={[{ title: 'Name', dataIndex: 'name', sorter: true }]}
        toolbar={({ params }) => {
          seen.push(params);
          return null;
        }}
      />,
    );
    expect(await screen.findByText('ann 11')).toBeTruthy();
    expect(seen.at(-1)).toEqual({ name: 'ann', column: 'name', order: 'asc' });
  });
});
