import { DEFAULT_BRAND } from '@switchboard/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale, currentLocale } from '@/lib/i18n';
import { endSession, startSession } from '@/lib/session';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { testUser } from '@/test/users';
import { UserMenu } from './UserMenu';

const department = (orgCode: string) => ({
  id: `d-${orgCode}`,
  departName: `Department ${orgCode}`,
  departNameZh: null,
  orgCode,
  parentId: null,
  agentId: null,
});

/** Signed in with these departments; the user menu opened. */
async function openMenu(
  orgCodes: string[],
  props: { moved?: ReadonlySet<string>; brand?: { isMainBrand: boolean } } = {},
) {
  fakeApi((call) => {
    if (call.path === '/sys/user/getCurrentUserDeparts')
      return { result: { list: orgCodes.map(department), orgCode: orgCodes[0] ?? null } };
    if (call.path === '/sys/customerBrand') return { result: { ...DEFAULT_BRAND, ...props.brand } };
    if (call.path === '/sys/annountCement/listByUser')
      return { result: { anntMsgList: [], anntMsgTotal: 2, sysMsgList: [], sysMsgTotal: 1 } };
    return undefined;
  });
  startSession({ token: 'tok', userInfo: testUser(), needsDepartment: false });
  const user = userEvent.setup();
  const { queryClient, router } = renderWithProviders(<UserMenu tone="light" moved={props.moved} />, {
    routes: [{ path: '/SysCustomerPay', element: <p>Recharge page</p> }],
  });
  // The departments and the brand are known before the menu opens.
  await waitFor(() =>
    expect(queryClient.getQueryState(['account', 'departs', 'admin'])?.status).toBe('success'),
  );
  await waitFor(() => expect(queryClient.getQueryState(['brand', 'localhost'])?.status).toBe('success'));
  await user.click(screen.getByTestId('user-menu'));
  await screen.findByTestId('logout-button');
  return { user, router };
}

beforeEach(() => changeLocale('en-US'));
afterEach(async () => {
  endSession();
  await changeLocale('en-US');
});

describe('UserMenu', () => {
  it('offers "Switch department" only to a user with several departments', async () => {
    await openMenu(['A01']);
    expect(screen.getByTestId('menu-change-password')).toBeTruthy();
    expect(screen.queryByTestId('switch-department')).toBeNull();
  });

  it('offers "Switch department" with two departments', async () => {
    await openMenu(['A01', 'A02']);
    expect(await screen.findByTestId('switch-department')).toBeTruthy();
  });

  it('has no language entries while the header shows the language switch', async () => {
    await openMenu(['A01']);
    expect(screen.queryByTestId('user-menu-language-zh-CN')).toBeNull();
  });

  it('changes the language from the user menu where the header has no room for its switch', async () => {
    const { user } = await openMenu(['A01'], { moved: new Set(['language']) });
    expect(screen.getByText('Language')).toBeTruthy();
    expect(screen.getByTestId('user-menu-language-en-US').getAttribute('aria-current')).toBe('true');
    await user.click(screen.getByTestId('user-menu-language-zh-CN'));
    await waitFor(() => expect(currentLocale()).toBe('zh-CN'));
    expect(document.documentElement.lang).toBe('zh-CN');
    await user.click(screen.getByTestId('user-menu'));
    expect(await screen.findByText('语言')).toBeTruthy();
    expect(screen.getByTestId('user-menu-language-zh-CN').getAttribute('aria-current')).toBe('true');
  });

  it('has no Recharge, notifications or Contact us while the header shows them', async () => {
    await openMenu(['A01']);
    expect(screen.queryByTestId('user-menu-recharge')).toBeNull();
    expect(screen.queryByTestId('user-menu-notices')).toBeNull();
    expect(screen.queryByTestId('user-menu-contact')).toBeNull();
  });

  it('offers Recharge, the notifications with their unread count and Contact us where the header has no room', async () => {
    const { user, router } = await openMenu(['A01'], {
      moved: new Set(['recharge', 'bell', 'contact', 'language']),
    });
    expect(screen.getByTestId('user-menu-recharge').textContent).toBe('Recharge');
    expect(screen.getByTestId('user-menu-contact').textContent).toBe('Contact us');
    await waitFor(() =>
      expect(screen.getByTestId('user-menu-notices').textContent).toMatch(/^Notifications\s*3$/),
    );
    await user.click(screen.getByTestId('user-menu-recharge'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/SysCustomerPay'));
  });

  it('offers no Contact us on a partner brand (as the header)', async () => {
    await openMenu(['A01'], { moved: new Set(['contact']), brand: { isMainBrand: false } });
    expect(screen.queryByTestId('user-menu-contact')).toBeNull();
  });
});
