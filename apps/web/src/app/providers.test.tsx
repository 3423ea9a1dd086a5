import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, resetApiClient } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { endSession, getSession, startSession } from '@/lib/session';
import { resetSettings, updateSettings } from '@/lib/settings';
import { fakeApi } from '@/test/fake-api';
import { testUser } from '@/test/users';
import { AntdProviders } from './AntdRoot';
import { AppProviders } from './providers';

const userInfo = testUser();

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  endSession();
  resetApiClient();
});

function renderProviders() {
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <AntdProviders>
        <p>console</p>
      </AntdProviders>
    </AppProviders>,
  );
  return queryClient;
}

describe('AppProviders (spec section 8)', () => {
  it('a 401 mid-session: the spec text once, signed out, one reload after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    fakeApi(() => ({
      status: 401,
      errorCode: 'TOKEN_INVALID',
      message: 'Token invalid, please log in again',
    }));
    startSession({ token: 'tok', userInfo, needsDepartment: false });
    renderProviders();
    await act(async () => {
      await Promise.allSettled([api.get('/sys/user/getCurrentUserDeparts'), api.get('/sys/user/profile')]);
    });
    expect(await screen.findByText('Unauthorized, please log in again')).toBeTruthy();
    expect(screen.queryByText(/Token invalid/)).toBeNull();
    expect(getSession()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_400));
    expect(reload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('several loads failing with "Token invalid" open one login-expired dialog', async () => {
    fakeApi(() => ({ status: 500, message: 'Token invalid' }));
    startSession({ token: 'tok', userInfo, needsDepartment: false });
    const queryClient = renderProviders();
    await act(async () => {
      await Promise.allSettled(
        (['/sys/user/getCurrentUserDeparts', '/sys/user/profile', '/home/totals'] as const).map((path) =>
          queryClient.fetchQuery({ queryKey: [path], queryFn: () => api.get(path) }),
        ),
      );
    });
    expect(await screen.findByRole('button', { name: 'Log in again' })).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog').textContent).toContain('Login expired, please log in again');
    expect(screen.getAllByRole('button', { name: 'Log in again' })).toHaveLength(1);
  });
});

describe('AntdProviders theme', () => {
  function Tokens() {
    const { token } = theme.useToken();
    return <p data-testid="tokens">{`${token.colorPrimary} ${token.colorLink}`}</p>;
  }

  it('gives links the theme colour, not antd’s default blue', () => {
    updateSettings({ primaryColor: '#722ed1' });
    render(
      <AntdProviders>
        <Tokens />
      </AntdProviders>,
    );
    const [primary, link] = (screen.getByTestId('tokens').textContent ?? '').split(' ');
    expect(link).toBe(primary);
    expect(primary).toBe('#722ed1');
    act(() => updateSettings({ primaryColor: '#24936E' }));
    expect(screen.getByTestId('tokens').textContent?.toLowerCase()).toBe('#24936e #24936e');
    resetSettings();
  });
});
