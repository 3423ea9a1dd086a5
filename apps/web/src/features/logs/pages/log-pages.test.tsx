import type { KeysetPage, LoginLogItem, OperationLogItem } from '@switchboard/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Call, fakeApi, renderWithProviders } from '@/test/fake-api';
import { LOGIN_LOG_PATH } from '../api/list-login-log';
import { OPERATION_LOG_PATH } from '../api/list-operation-log';
import LoginLogPage from './LoginLogPage';
import OperationLogPage from './OperationLogPage';

const attempt = (id: number): LoginLogItem => ({
  id,
  username: `user${id}`,
  userId: null,
  success: true,
  reason: null,
  method: 'password',
  ip: '192.0.2.1',
  userAgent: null,
  createdAt: '2026-03-01T08:00:00Z',
});

const change = (id: number): OperationLogItem => ({
  id,
  userId: null,
  username: `user${id}`,
  method: 'PUT',
  route: '/api/sys/user/frozenBatch',
  action: 'system:user:frozen',
  statusCode: 200,
  ip: '192.0.2.1',
  userAgent: null,
  durationMs: 12,
  before: null,
  after: null,
  createdAt: '2026-03-01T08:00:00Z',
});

/** A log of ids 30 down to 1, newest first, paged by key as the server does. */
function serveLog<T>(path: string, entry: (id: number) => T) {
  return fakeApi((call) => {
    if (call.path !== path) return undefined;
    const size = Number(call.query.get('pageSize'));
    const below = Number(call.query.get('cursor') ?? 31);
    const ids = Array.from({ length: below - 1 }, (_, i) => below - 1 - i);
    const shown = ids.slice(0, size);
    const result: KeysetPage<T> = {
      records: shown.map(entry),
      size,
      nextCursor: ids.length > size ? String(shown.at(-1)) : null,
    };
    return { result };
  });
}

const listCalls = (calls: Call[], path: string) => calls.filter((c) => c.path === path);

describe.each([
  ['login log', LoginLogPage, LOGIN_LOG_PATH, attempt],
  ['operation log', OperationLogPage, OPERATION_LOG_PATH, change],
] as const)('the %s', (_name, Page, path, entry) => {
  it('pages by key: the newest first, then older pages with the cursor the server named', async () => {
    const api = serveLog<LoginLogItem | OperationLogItem>(path, entry);
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Page />);
    expect(await screen.findByText('user30')).toBeTruthy();
    const first = listCalls(api.calls, path)[0];
    expect(first?.query.get('pageSize')).toBe('20');
    expect(first?.query.has('cursor')).toBe(false);
    expect(first?.query.has('pageNo')).toBe(false);
    expect(screen.getByTestId('keyset-page').textContent).toBe('Page 1');

    await user.click(screen.getByTestId('keyset-next'));
    expect(await screen.findByText('user10')).toBeTruthy();
    expect(listCalls(api.calls, path).at(-1)?.query.get('cursor')).toBe('11');
    expect(router.state.location.search).toBe('?cursors=11');
    await waitFor(() => expect((screen.getByTestId('keyset-next') as HTMLButtonElement).disabled).toBe(true));
  });

  it('sends the username filter, starting again at the newest page', async () => {
    const api = serveLog<LoginLogItem | OperationLogItem>(path, entry);
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Page />);
    expect(await screen.findByText('user30')).toBeTruthy();
    await user.click(screen.getByTestId('keyset-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?cursors=11'));
    await user.type(screen.getByTestId('filter-username'), 'amy');
    await user.click(screen.getByTestId('query-submit'));
    await waitFor(() => expect(router.state.location.search).toBe('?username=amy'));
    await waitFor(() => {
      const last = listCalls(api.calls, path).at(-1);
      expect(last?.query.get('username')).toBe('amy');
      expect(last?.query.has('cursor')).toBe(false);
    });
  });

  it('a link with a period shows it in the form and sends it', async () => {
    const api = serveLog<LoginLogItem | OperationLogItem>(path, entry);
    const { router } = renderWithProviders(<Page />);
    expect(await screen.findByText('user30')).toBeTruthy();
    const from = '2026-03-10T12:00:00.000Z';
    const to = '2026-03-12T12:00:00.000Z';
    await act(() => router.navigate(`/?from=${from}&to=${to}&pageSize=10`));
    await waitFor(() => {
      const last = listCalls(api.calls, path).at(-1);
      expect(last?.query.get('from')).toBe(from);
      expect(last?.query.get('to')).toBe(to);
      expect(last?.query.get('pageSize')).toBe('10');
    });
    // The range picker's two inputs, in local time (mid-month: the same month anywhere).
    const period = () =>
      [...screen.getByTestId('query-form').querySelectorAll<HTMLInputElement>('.ant-picker input')].map(
        (input) => input.value.slice(0, 7),
      );
    await waitFor(() => expect(period()).toEqual(['2026-03', '2026-03']));
  });
});

describe('the login log', () => {
  it('says the method and the failure reason in words, not codes', async () => {
    fakeApi((call) => {
      if (call.path !== LOGIN_LOG_PATH) return undefined;
      const records: LoginLogItem[] = [
        { ...attempt(2), method: 'passwordChange', success: false, reason: 'OLD_PASSWORD_WRONG' },
        { ...attempt(1), method: 'cas' },
      ];
      return { result: { records, size: 20, nextCursor: null } satisfies KeysetPage<LoginLogItem> };
    });
    renderWithProviders(<LoginLogPage />);
    expect(await screen.findByText('Password change')).toBeTruthy();
    expect(screen.getByText('Single sign-on (CAS)')).toBeTruthy();
    expect(screen.getByText('The old password is wrong')).toBeTruthy();
    expect(screen.queryByText('passwordChange')).toBeNull();
    expect(screen.queryByText('OLD_PASSWORD_WRONG')).toBeNull();
  });
});
