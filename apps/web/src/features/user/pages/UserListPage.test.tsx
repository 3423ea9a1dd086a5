import type { Page, UserListItem } from '@switchboard/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PermissionsContext } from '@/lib/permissions-context';
import { fakeApi, renderWithProviders, settled } from '@/test/fake-api';
import { USER_LIST_PATH } from '../api/list-users';
import UserListPage from './UserListPage';

const user = (id: string, username: string, status: number): UserListItem => ({
  id,
  username,
  realname: '',
  status,
  companyId: null,
  companyName: null,
  orgCode: null,
  googleAuthBound: false,
  ipWhitelist: [],
  hideHeaderItems: false,
  createdAt: '2026-03-01T08:00:00Z',
  roles: ['customer'],
  roleIds: [],
  phone: null,
  email: null,
  countryCode: null,
  departs: [],
  departIds: [],
});

const granted = ['system:user:frozen'].map((action) => ({
  action,
  describe: action,
  type: '1' as const,
  status: '1' as const,
}));

describe('UserListPage', () => {
  it('filters through the URL, and reloads the list after freezing a user', async () => {
    let frozen = false;
    const api = fakeApi(async (call) => {
      if (call.path === USER_LIST_PATH) {
        // The filtered list answers late, as a busy server does: its old rows wait under a spinner.
        if (call.query.get('username') && !frozen) await new Promise((resolve) => setTimeout(resolve, 300));
        const records = [user('11111111-1111-4111-8111-111111111111', 'casey', frozen ? 2 : 1)];
        const result: Page<UserListItem> = { records, total: 1, current: 1, size: 10, pages: 1 };
        return { result };
      }
      if (call.path === '/sys/user/frozenBatch') {
        frozen = true;
        return { result: { updated: 1 } };
      }
      if (call.path === '/sys/dict/getDictItems/user_status') {
        return {
          result: [
            { value: '1', text: 'Normal', label: 'Normal' },
            { value: '2', text: 'Frozen', label: 'Frozen' },
          ],
        };
      }
      return undefined;
    });
    const clicks = userEvent.setup();
    const { router } = renderWithProviders(
      <PermissionsContext.Provider value={{ menu: [], auth: granted, allAuth: granted }}>
        <UserListPage />
      </PermissionsContext.Provider>,
    );
    expect(await screen.findByText('casey')).toBeTruthy();
    await clicks.type(screen.getByTestId('filter-username'), 'cas');
    await clicks.click(screen.getByTestId('query-submit'));
    await waitFor(() => expect(router.state.location.search).toBe('?username=cas'));
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.path === USER_LIST_PATH)
          .at(-1)
          ?.query.get('username'),
      ).toBe('cas'),
    );

    // The filtered list answered (its row was shown before, under the refetch's spinner).
    await settled();
    const row = screen.getByText('casey').closest('tr') as HTMLElement;
    await clicks.click(within(row).getByTestId('user-freeze'));
    await clicks.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => {
      const freeze = api.calls.find((c) => c.path === '/sys/user/frozenBatch');
      expect(freeze?.body).toEqual({ ids: ['11111111-1111-4111-8111-111111111111'], status: 2 });
    });
    // The list reloads with the filters it showed.
    await waitFor(() => expect(within(row).getByTestId('user-status').textContent).toBe('Frozen'));
    expect(
      api.calls
        .filter((c) => c.path === USER_LIST_PATH)
        .at(-1)
        ?.query.get('username'),
    ).toBe('cas');
  });
});
