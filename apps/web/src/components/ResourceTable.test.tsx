import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceTable } from './ResourceTable';

interface Row {
  id: string;
  name: string;
}

/** A list endpoint with 45 rows; it records the query of every call. */
function fakeList() {
  const calls: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const params = new URL(String(input), 'http://test').searchParams;
    calls.push(params);
    const pageNo = Number(params.get('pageNo'));
    const pageSize = Number(params.get('pageSize'));
    const records = Array.from({ length: pageSize }, (_, i) => ({
      id: `${pageNo}-${i}`,
      name: `${params.get('name') ?? 'row'} ${(pageNo - 1) * pageSize + i + 1}`,
    }));
    const result = { records, total: 45, current: pageNo, size: pageSize, pages: Math.ceil(45 / pageSize) };
    return new Response(JSON.stringify({ success: true, code: 200, message: '', result, timestamp: 1 }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  // The api client's cache buster `_t` is not table state.
  const last = () => Object.fromEntries([...(calls.at(-1) ?? [])].filter(([key]) => key !== '_t'));
  return { calls, last };
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/list',
        element: (
          <ResourceTable<Row>
            path="/things"
            rowKey="id"
            columns={[{ title: 'Name', dataIndex: 'name' }]}
            filters={
              <Form.Item name="name" label="Name">
                <Input data-testid="filter-name" />
              </Form.Item>
            }
          />
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const nameInput = () => screen.getByTestId('filter-name') as HTMLInputElement;

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
});
afterEach(() => vi.unstubAllGlobals());

// antd's table and pagination render a lot per step; a busy machine needs more than 5 s.
describe('<ResourceTable> keeps its state in the URL', () => {
  it('a link with page, size and filters shows those rows and fills the form', async () => {
    const api = fakeList();
    renderAt('/list?name=amy&pageNo=2&pageSize=20');
    expect(await screen.findByText('amy 21')).toBeTruthy();
    expect(api.last()).toEqual({ name: 'amy', pageNo: '2', pageSize: '20' });
    expect(nameInput().value).toBe('amy');
  });

  it('searching and paging write the URL; back and forward restore rows and form', async () => {
    const api = fakeList();
    const router = renderAt('/list');
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
    const api = fakeList();
    const router = renderAt('/list');
    expect(await screen.findByText('row 1')).toBeTruthy();
    await userEvent.type(nameInput(), 'half');
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(router.state.location.search).toBe('?pageNo=2'));
    expect(await screen.findByText('row 11')).toBeTruthy();
    expect(nameInput().value).toBe('half');
    expect(api.last()).toEqual({ pageNo: '2', pageSize: '10' });
  });

  it('reset clears the filters and the page from the URL', async () => {
    fakeList();
    const router = renderAt('/list?name=amy&pageNo=2');
    expect(await screen.findByText('amy 11')).toBeTruthy();
    await userEvent.click(screen.getByTestId('query-reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(nameInput().value).toBe('');
    expect(await screen.findByText('row 1')).toBeTruthy();
  });
});
