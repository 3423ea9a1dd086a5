import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearNotices, notify, openLoginExpired, registerLoginExpiredDialog } from './notify';

afterEach(() => {
  vi.useRealTimers();
  clearNotices();
});

describe('notify', () => {
  it('shows a notice for its duration; errors are alerts, confirmations statuses', () => {
    vi.useFakeTimers();
    notify.error('Access denied', 4);
    notify.success('Copied @amy');
    const [error, success] = document.querySelectorAll<HTMLElement>('[data-testid="notice"]');
    expect(error?.textContent).toBe('Access denied');
    expect(error?.getAttribute('role')).toBe('alert');
    expect(success?.getAttribute('role')).toBe('status');
    vi.advanceTimersByTime(3_000);
    expect(document.querySelectorAll('[data-testid="notice"]')).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(document.querySelectorAll('[data-testid="notice"]')).toHaveLength(0);
  });

  it('outlives the screen that raised it (a 401 leaves the console, the notice stays)', () => {
    function Screen() {
      useEffect(() => notify.error('Unauthorized, please log in again'), []);
      return <p>console</p>;
    }
    const view = render(<Screen />);
    view.unmount();
    expect(screen.getByRole('alert').textContent).toBe('Unauthorized, please log in again');
  });
});

describe('login-expired dialog', () => {
  it('uses the dialog the console registered, and relogs at once without one', () => {
    const relogin = vi.fn();
    openLoginExpired('Login expired', relogin);
    expect(relogin).toHaveBeenCalledTimes(1);

    const dialog = vi.fn();
    const unregister = registerLoginExpiredDialog(dialog);
    openLoginExpired('Login expired', relogin);
    expect(dialog).toHaveBeenCalledWith('Login expired', relogin);
    expect(relogin).toHaveBeenCalledTimes(1);

    unregister();
    openLoginExpired('Login expired', relogin);
    expect(relogin).toHaveBeenCalledTimes(2);
  });
});
