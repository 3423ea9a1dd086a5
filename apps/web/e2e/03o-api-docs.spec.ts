import { expect, signIn, storedToken, switchLanguage, test } from './support';

test('staff read the API documentation: by module, searchable, a call’s fields, in both languages', async ({
  page,
}) => {
  test.slow();
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.getByTestId('side-menu').getByTestId('menu-system').click();
  await page.getByTestId('side-menu').getByTestId('menu-systemApiDocs').click();
  const docs = page.getByTestId('api-docs');
  await expect(docs).toContainText('API documentation');
  // Every module of the server is a group; the sign-in call is public.
  await expect(page.getByTestId('api-docs-group-auth')).toBeVisible();
  await expect(page.getByTestId('api-docs-group-user')).toBeVisible();

  // antd's search field: the test id is on the input itself or on its wrapper.
  const search = page.locator('input[data-testid=api-docs-search], [data-testid=api-docs-search] input');
  await search.fill('/api/sys/login');
  const auth = page.getByTestId('api-docs-group-auth');
  const login = auth.locator('.ant-collapse-item').filter({ hasText: 'POST/api/sys/login' }).first();
  await expect(login).toContainText('Public');
  await expect(page.getByTestId('api-docs-group-user')).toHaveCount(0);
  await login.locator('.ant-collapse-header').click();
  await expect(login).toContainText('Request body');
  await expect(login).toContainText('username');
  await expect(login).toContainText('Result');

  await search.fill('nothing like this at all');
  await expect(docs).toContainText('No call matches');

  await switchLanguage(page, 'zh-CN');
  await expect(docs).toContainText('接口文档');
  await expect(docs).toContainText('没有匹配的接口');
  await search.fill('system:user:list');
  await expect(page.getByTestId('api-docs-group-user')).toContainText('权限 system:user:list');
  await switchLanguage(page, 'en-US');
});

test('the API documentation is for staff: a customer has no menu entry and the server refuses the document', async ({
  page,
  request,
}) => {
  await page.goto('/user/login');
  await signIn(page, 'customer');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await expect(page.getByTestId('side-menu').getByTestId('menu-systemApiDocs')).toHaveCount(0);
  const refused = await request.get('/api/openapi.json', {
    headers: { 'X-Access-Token': await storedToken(page) },
  });
  expect(refused.status()).toBe(403);
  const body = (await refused.json()) as { success: boolean; code: number };
  expect(body.success).toBe(false);
  // Anonymous callers are refused too.
  expect((await request.get('/api/openapi.json')).status()).toBe(401);
});
