import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withChunkTimeout } from '../chunk-timeout';
import { ScreenBoundary } from './ScreenBoundary';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ScreenBoundary', () => {
  it('offers a retry when a page chunk has not arrived after 120 s; the retry loads the page afresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const NeverArrives = lazy(withChunkTimeout(() => new Promise<never>(() => {})));
    render(
      <ScreenBoundary onRetry={() => {}}>
        <NeverArrives />
      </ScreenBoundary>,
    );
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(screen.queryByTestId('chunk-retry')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const retry = await screen.findByTestId('chunk-retry');
    expect(screen.getByText('This page could not be loaded')).toBeTruthy();
    expect(screen.getByText('The page took too long to load')).toBeTruthy();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(retry);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('remounts a page that failed to render, without reloading', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('render failed');
      return <p>page</p>;
    }
    const onRetry = vi.fn(() => {
      fail = false;
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ScreenBoundary onRetry={onRetry}>
        <Flaky />
      </ScreenBoundary>,
    );
    await userEvent.setup().click(await screen.findByTestId('chunk-retry'));
    expect(await screen.findByText('page')).toBeTruthy();
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });
});
