import { expect, fillLogin, PASSWORD, SPEC_USERS, submitLogin, test } from './support';

// Fails the logins of a user of its own, from an address of its own (see support.ts): the captcha
// it leaves behind is asked of no other spec.
test('three failures bring the captcha, and a wrong captcha is refused', async ({ page }) => {
  const { username } = SPEC_USERS.captcha;
  await page.goto('/user/login');
  await expect(page.getByTestId('captcha-input')).toHaveCount(0);

  for (let attempt = 1; attempt <= 3; attempt++) {
    await fillLogin(page, username, `Wrong-password-${attempt}`);
    await submitLogin(page);
    await expect(page.getByTestId('login-error')).toHaveText('Wrong username or password');
    if (attempt < 3) await expect(page.getByTestId('captcha-input')).toHaveCount(0);
  }

  await expect(page.getByTestId('captcha-input')).toBeVisible();
  const image = page.getByTestId('captcha-image');
  await expect(image).toBeVisible();
  const first = await image.getAttribute('src');
  expect(first).toMatch(/^data:image\/svg\+xml;base64,/);

  // Clicking the image gives a new one.
  await image.click();
  await expect(image).not.toHaveAttribute('src', first ?? '');

  const shown = await image.getAttribute('src');
  await fillLogin(page, username, PASSWORD);
  await page.getByTestId('captcha-input').fill('zzzz');
  await submitLogin(page);
  await expect(page.getByTestId('login-error')).toHaveText('Verification code invalid or incorrect');
  // A failed attempt refreshes the image.
  await expect(image).not.toHaveAttribute('src', shown ?? '');
});
