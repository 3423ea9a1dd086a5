import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, switchLanguage } from './support';

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/sys/login', { data: { username: 'admin', password: PASSWORD } });
  return { 'X-Access-Token': ((await login.json()) as { result: { token: string } }).result.token };
}

test('the login page shows the support contacts with copy, and the footer pages', async ({
  page,
  context,
  request,
}) => {
  const headers = await adminHeaders(request);
  await request.post('/api/sys/supportContact/add', {
    headers,
    data: { name: 'Support Amy', telegram: '@support_amy' },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/user/login');
  await page.getByTestId('contact-us').click();
  await page.getByTestId('support-contact').filter({ hasText: '@support_amy' }).click();
  await expect(page.getByText('Copied @support_amy')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('@support_amy');

  await page.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByTestId('legal-title')).toHaveText('Privacy policy');
  await switchLanguage(page, 'zh-CN');
  await expect(page.getByTestId('legal-title')).toHaveText('隐私政策');
  await switchLanguage(page, 'en-US');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page.getByTestId('login-submit')).toBeVisible();
});

test('a brand mapped to the visiting domain renames the console and can hide the language switch', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const added = await request.post('/api/sys/brand/add', {
    headers,
    data: { domain: '127.0.0.1', brandName: 'PartnerTel', hideLanguage: true },
  });
  const id = ((await added.json()) as { result: { id: string } }).result.id;
  try {
    await page.goto('/user/login');
    await expect(page.getByTestId('brand-name')).toHaveText('PartnerTel');
    await expect(page.getByTestId('language-switch')).toHaveCount(0);
    // Not the main brand: no Contact us.
    await expect(page.getByTestId('contact-us')).toHaveCount(0);
  } finally {
    await request.delete(`/api/sys/brand/delete?id=${id}`, { headers });
  }
  await page.reload();
  await expect(page.getByTestId('brand-name')).toHaveText('Switchboard');
});
