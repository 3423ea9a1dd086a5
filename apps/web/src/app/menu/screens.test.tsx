import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadScreen, screenFor } from './screens';

vi.mock('@/features/diagnostics/pages/DiagnosticsPage', () => ({
  default: () => <p>diagnostics page</p>,
}));
vi.mock('@/features/contact/pages/ContactUsPage', () => ({
  default: () => <p>contact page</p>,
}));

describe('screens', () => {
  it('a preloaded screen renders at once, without the loading fallback', async () => {
    await preloadScreen('test/Home');
    const Screen = screenFor('test/Home');
    if (!Screen) throw new Error('no screen');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    // Synchronously there: no fallback frame (React would keep one for at least 300 ms).
    expect(screen.getByText('diagnostics page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('a screen not loaded yet suspends, then shows; an unknown key has no screen', async () => {
    const Screen = screenFor('contact/ContactUs');
    if (!Screen) throw new Error('no screen');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('contact page')).toBeTruthy();
    expect(screenFor('nope/Nothing')).toBeUndefined();
  });
});
