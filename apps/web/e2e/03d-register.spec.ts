import { expect, fillLogin, submitLogin, test } from './support';

test('a company registers, sees what happens next, and cannot sign in before approval', async ({ page }) => {
  const suffix = Date.now().toString(36);
  await page.goto('/user/login');
  await page.getByTestId('register-link').click();
  await expect(page).toHaveURL(/\/user\/register$/);
  const form = page.getByTestId('register-form');

  await form.getByLabel('Company name').fill('Acme Agency');
  await form.getByLabel('Contact person').fill('Lin Wei');
  // A Chinese mobile number written without +86 is not valid for the browser's country (US) …
  await form.getByLabel('Phone').fill('138 0013 8001');
  const phoneInvalid = form.getByText('Please enter a valid phone number for the chosen country');
  await expect(phoneInvalid).toBeVisible();
  // … and is, once China is chosen; the server stores it as +8613800138001.
  await form.getByRole('combobox', { name: 'Country' }).fill('China');
  await page.locator('.ant-select-item-option').filter({ hasText: 'China +86' }).click();
  await expect(phoneInvalid).toBeHidden();
  await form.getByLabel('Email').fill(`lin.${suffix}@example.com`);
  await form.getByLabel('Username').fill(`lin_${suffix}`);
  await form.getByLabel('Password', { exact: true }).fill('weakpass');
  await expect(form.getByText('The password must be at least 8 characters')).toBeVisible();
  await form.getByLabel('Password', { exact: true }).fill('Harbour2026');
  await form.getByLabel('Confirm password').fill('Harbour2027');
  await expect(form.getByText('The two passwords are not the same')).toBeVisible();
  await form.getByLabel('Confirm password').fill('Harbour2026');

  // The server refuses the existing company name on that field.
  await page.getByTestId('register-submit').click();
  await expect(form.getByText('The company already exists')).toBeVisible();
  await form.getByLabel('Company name').fill(`Blue Harbour ${suffix}`);
  await page.getByTestId('register-submit').click();

  await expect(page.getByTestId('register-result-title')).toHaveText('Registration received');
  await expect(page.getByText(`lin.${suffix}@example.com`)).toBeVisible();
  await page.getByRole('button', { name: 'Back to sign in' }).click();

  await fillLogin(page, `lin_${suffix}`, 'Harbour2026');
  await submitLogin(page);
  await expect(page.getByTestId('login-error')).toContainText('Account is waiting for approval');
});
