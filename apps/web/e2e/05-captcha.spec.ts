import { expect, test } from '@playwright/test';
import { fillLogin, PASSWORD, submitLogin } from './support';

// Runs last: it leaves this address needing a captcha for every further login.
test('three failures bring the captcha, and a wrong captcha is refused', async ({ page }) => {
  await page.goto('/user/login');
  await expect(page.getByTestId('captcha-input')).toHaveCount(0);

  for (let attempt = 1; attempt <= 3; attempt++) {
    await fillLogin(page, 'customer2', `Wrong-password-${attempt}`);
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
  await fillLogin(page, 'customer2', PASSWORD);
  await page.getByTestId('captcha-input').fill('zzzz');
  await submitLogin(page);
  await expect(page.getByTestId('login-error')).toHaveText('Verification code invalid or incorrect');
  // A failed attempt refreshes the image.
  await expect(image).not.toHaveAttribute('src', shown ?? '');
});
