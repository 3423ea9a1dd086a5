import { chooseFirstDepartment, DEMO_USERS, expect, logOut, SPEC_USERS, signIn, test } from './support';

test.describe('every demo user can sign in and sees who they are', () => {
  for (const user of DEMO_USERS) {
    test(user.username, async ({ page }) => {
      await page.goto('/user/login');
      await signIn(page, user.username);
      if (user.departments > 1) {
        // A department must be chosen: the dialog has no close button and stays on Escape and
        // on a click beside it.
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
        await page.keyboard.press('Escape');
        await page.mouse.click(5, 5);
        await expect(dialog).toBeVisible();
        await chooseFirstDepartment(page);
      }
      // Users whose department belongs to an agent land on the agent home.
      const home =
        user.username === 'agent' || user.username === 'distributor' ? /\/AgentHome$/ : /\/home\/Home$/;
      await expect(page).toHaveURL(home);
      await expect(page.getByTestId('current-user')).toHaveText(user.realname);
      await expect(page.getByTestId('current-username')).toHaveText(user.username);
      await expect(page.getByTestId('current-department')).not.toHaveText(/^None$/);
      await expect(page.getByTestId('current-admin')).toHaveText(user.username === 'admin' ? 'Yes' : 'No');
    });
  }

  test('the department choice sticks for the next sign-in', async ({ page }) => {
    const user = SPEC_USERS.sticky;
    await page.goto('/user/login');
    await signIn(page, user.username);
    await chooseFirstDepartment(page);
    await expect(page.getByTestId('current-user')).toHaveText(user.realname);
    const department = page.getByTestId('current-department');
    await expect(department).not.toHaveText(/^None$|…/);
    const chosen = await department.textContent();
    await logOut(page);
    await signIn(page, user.username);
    // Chosen at the first sign-in: no dialog this time.
    await expect(page.getByTestId('current-user')).toHaveText(user.realname);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(department).toHaveText(chosen ?? '');
  });
});
