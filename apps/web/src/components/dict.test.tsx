import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DictTag } from './dict';

afterEach(() => vi.unstubAllGlobals());

describe('<DictTag>', () => {
  it('shows the text of a value, fetched without the _t cache buster', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      urls.push(String(input));
      const body = {
        success: true,
        code: 200,
        message: 'ok',
        result: [{ value: '2', text: 'Frozen', label: 'Frozen' }],
      };
      return new Response(JSON.stringify(body), { status: 200 });
    });
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <DictTag code="user_status" value={2} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Frozen')).toBeTruthy();
    expect(urls).toEqual(['/api/sys/dict/getDictItems/user_status']);
  });
});
