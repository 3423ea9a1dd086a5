import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { DictTag, useDict } from './dict';

/** A dictionary answer held back until `release()`. */
function slowDictionary(items: unknown[]) {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  const { calls } = fakeApi(async () => {
    await arrived;
    return { result: items };
  });
  return { release, calls };
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

describe('<DictTag>', () => {
  it('shows the text of a value, fetched without the _t cache buster', async () => {
    const { release, calls } = slowDictionary([{ value: '2', text: 'Frozen', label: 'Frozen' }]);
    release();
    render(<DictTag code="user_status" value={2} />, { wrapper });
    expect(await screen.findByText('Frozen')).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.path}?${call.query}`)).toEqual([
      'GET /sys/dict/getDictItems/user_status?',
    ]);
  });

  it('never shows the raw code while the dictionary is on its way', async () => {
    const { release } = slowDictionary([{ value: 'approved', text: 'Approved', label: 'Approved' }]);
    render(<DictTag code="approval_status" value="approved" />, { wrapper });
    expect(screen.getByTestId('dict-pending')).toBeTruthy();
    expect(screen.queryByText('approved')).toBeNull();
    release();
    expect(await screen.findByText('Approved')).toBeTruthy();
    expect(screen.queryByTestId('dict-pending')).toBeNull();
  });

  it('shows a value the dictionary does not know as itself, once it has loaded', async () => {
    const { release } = slowDictionary([{ value: 'approved', text: 'Approved', label: 'Approved' }]);
    release();
    render(<DictTag code="approval_status" value="archived" />, { wrapper });
    expect(await screen.findByText('archived')).toBeTruthy();
  });
});

describe('useDict().textOf', () => {
  it('is empty for a code until its label is known', async () => {
    const { release } = slowDictionary([{ value: 'two-way', text: 'Two-way', label: 'Two-way' }]);
    const { result, rerender } = renderHook(() => useDict('company_type'), { wrapper });
    expect(result.current.textOf('two-way')).toBe('');
    release();
    await vi.waitFor(() => {
      rerender();
      expect(result.current.textOf('two-way')).toBe('Two-way');
    });
  });
});
