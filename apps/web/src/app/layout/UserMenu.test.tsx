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
async function openMenu(orgCodes: string[], props: { withLanguage?: boolean } = {}) {
  fakeApi((call) =>
    call.path === '/sys/user/getCurrentUserDeparts'
      ? { result: { list: orgCodes.map(department), orgCode: orgCodes[0] ?? null } }
      : undefined,
  );
  startSession({ token: 'tok', userInfo: testUser(), needsDepartment: false });
  const user = userEvent.setup();
  const { queryClient } = renderWithProviders(<UserMenu tone="light" {...props} />);
  // The departments are known before the menu opens (one of them or several).
  await waitFor(() =>
    expect(queryClient.getQueryState(['account', 'departs', 'admin'])?.status).toBe('success'),
  );
  await user.click(screen.getByTestId('user-menu'));
  await screen.findByTestId('logout-button');
  return user;
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
    const user = await openMenu(['A01'], { withLanguage: true });
    expect(screen.getByText('Language')).toBeTruthy();
    expect(screen.getByTestId('user-menu-language-en-US').getAttribute('aria-current')).toBe('true');
    await user.click(screen.getByTestId('user-menu-language-zh-CN'));
    await waitFor(() => expect(currentLocale()).toBe('zh-CN'));
    expect(document.documentElement.lang).toBe('zh-CN');
    await user.click(screen.getByTestId('user-menu'));
    expect(await screen.findByText('语言')).toBeTruthy();
    expect(screen.getByTestId('user-menu-language-zh-CN').getAttribute('aria-current')).toBe('true');
  });
});
