import { captchaDone, expect, fillLogin, submitLogin, switchLanguage, test } from './support';

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
  // Sign-up asks for the captcha: the browser works its proof out by itself.
  await captchaDone(page);

  // The existing company name is refused on that field, checked before anything is sent: the
  // proof was not used, so it stays.
  await page.getByTestId('register-submit').click();
  await expect(form.getByText('The company already exists')).toBeVisible();
  await expect(page.getByTestId('captcha-check')).toHaveAttribute('data-state', 'done');
  await form.getByLabel('Company name').fill(`Blue Harbour ${suffix}`);
  await page.getByTestId('register-submit').click();

  await expect(page.getByTestId('register-result-title')).toHaveText('Registration received');
  // The address carries no email; the page knows the sign-up it confirms.
  await expect(page).toHaveURL(/\/user\/register-result$/);
  await expect(page.getByText(`lin.${suffix}@example.com`)).toBeVisible();
  await page.getByRole('button', { name: 'Back to sign in' }).click();

  await fillLogin(page, `lin_${suffix}`, 'Harbour2026');
  await submitLogin(page);
  await expect(page.getByTestId('login-error')).toContainText('Account is waiting for approval');
});

test('an empty sign-up says which fields are required, in both languages', async ({ page }) => {
  // The built console's messages: an empty field is required, not "of the wrong type".
  for (const [locale, required, wrongType] of [
    ['en-US', 'Contact person is required', 'has the wrong type'],
    ['zh-CN', '联系人不能为空', '类型错误'],
  ] as const) {
    await page.goto('/user/register');
    if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
    await captchaDone(page);
    await page.getByTestId('register-submit').click();
    const form = page.getByTestId('register-form');
    await expect(form.getByText(required)).toBeVisible();
    await expect(form.getByText(wrongType)).toHaveCount(0);
  }
});

test('the register result page opened directly confirms nothing and leads to sign-up or sign-in', async ({
  page,
}) => {
  await page.goto('/user/register-result');
  await expect(page.getByTestId('register-result-none')).toHaveText('No sign-up to show');
  await expect(page.getByText('Registration received')).toHaveCount(0);
  await page.getByRole('button', { name: 'Register a company' }).click();
  await expect(page).toHaveURL(/\/user\/register$/);
  await page.goto('/user/register-result');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
});

// A proof the server refuses (here: altered on its way) is said under the check, and a new one
// is worked out for the next attempt.
test('a refused sign-up captcha is said under the check and brings a new one', async ({ page }) => {
  await page.goto('/user/register');
  const form = page.getByTestId('register-form');
  const suffix = Date.now().toString(36);
  await form.getByLabel('Company name').fill(`Wrong Captcha ${suffix}`);
  await form.getByLabel('Contact person').fill('Lin Wei');
  await form.getByLabel('Phone').fill('+8613800138999');
  await form.getByLabel('Email').fill(`wrong.${suffix}@example.com`);
  await form.getByLabel('Username').fill(`wrong_${suffix}`);
  await form.getByLabel('Password', { exact: true }).fill('Harbour2026');
  await form.getByLabel('Confirm password').fill('Harbour2026');
  await captchaDone(page);
  const challenges: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/sys/randomImage/')) challenges.push(request.url());
  });
  await page.route('**/api/sys/user/register', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, captcha: 'x' }) });
  });
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('captcha-problem')).toHaveText('Verification code invalid or incorrect');
  await captchaDone(page);
  expect(challenges).toHaveLength(1);
});
