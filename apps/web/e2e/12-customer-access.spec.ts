import { adminHeaders, expect, expectToast, signIn, storedToken, switchLanguage, test } from './support';

/**
 * Customer access (issue 12): staff manage SMPP accounts; a customer reads the HTTP API's own
 * documentation and calls it with an API key over HTTP Basic.
 */

test('an administrator adds, edits and deletes an SMPP account; the password is never shown; both languages', async ({
  page,
  request,
}) => {
  test.slow();
  const systemId = `e2e${Date.now() % 1_000_000}`;
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.getByTestId('side-menu').getByTestId('menu-system').click();
  await page.getByTestId('side-menu').getByTestId('menu-systemSmppAccount').click();
  const table = page.getByTestId('smpp-account-table');
  await expect(table).toContainText('SMPP accounts');

  await page.getByTestId('smpp-account-add').click();
  const form = page.getByRole('dialog').filter({ has: page.getByTestId('smpp-account-form') });
  await expect(form.locator('.ant-modal-title')).toHaveText('Add SMPP account');
  // Nothing filled: the shared schema's messages.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toContainText('System ID is required');
  await form.getByTestId('smpp-account-system-id').fill(systemId);
  await form.getByTestId('smpp-account-password').fill('s3cret-pass');
  await form.getByTestId('smpp-account-company').click();
  await page.keyboard.type('Direct Retail');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Direct Retail Ltd' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expectToast(page, 'Saved');
  const row = table.locator('tr.ant-table-row').filter({ hasText: systemId });
  await expect(row).toContainText('Direct Retail Ltd');
  await expect(row).toContainText('0 / 2');
  await expect(table).not.toContainText('s3cret');

  // The same system id again: refused on its field.
  await page.getByTestId('smpp-account-add').click();
  await form.getByTestId('smpp-account-system-id').fill(systemId);
  await form.getByTestId('smpp-account-password').fill('other-pass');
  await form.getByTestId('smpp-account-company').click();
  await page.keyboard.type('Direct Retail');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Direct Retail Ltd' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toContainText(`The system id ${systemId} is already taken`);
  await form.getByRole('button', { name: 'Cancel' }).click();

  await switchLanguage(page, 'zh-CN');
  await expect(table).toContainText('SMPP 账号');
  await row.getByText('编辑').click();
  await expect(form.locator('.ant-modal-title')).toHaveText('编辑 SMPP 账号');
  await expect(form).toContainText('留空则保留当前密码');
  await expect(form.getByTestId('smpp-account-password')).toHaveValue('');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form).toBeHidden();
  await switchLanguage(page, 'en-US');

  // Gone again (through the API: the screen's delete is the resource's own).
  const headers = await adminHeaders(request);
  const list = await request.get(`/api/sys/smppAccount/list?systemId=${systemId}`, { headers });
  const id = ((await list.json()) as { result: { records: { id: string }[] } }).result.records[0]!.id;
  expect((await request.delete(`/api/sys/smppAccount/delete?id=${id}`, { headers })).ok()).toBe(true);
});

test('a customer reads the HTTP API documentation and calls the API with its key over HTTP Basic', async ({
  page,
  request,
}) => {
  test.slow();
  await page.goto('/user/login');
  await signIn(page, 'customer');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.getByTestId('side-menu').getByTestId('menu-apiDocsCustomer').click();
  const docs = page.getByTestId('customer-api-docs');
  await expect(docs).toContainText('SMS HTTP API');
  await expect(page.getByTestId('customer-api-start')).toContainText('/api/openapi/v1');
  const send = docs.locator('.ant-collapse-item').filter({ hasText: 'POST/api/openapi/v1/sms' }).first();
  await expect(send).toContainText('API key (HTTP Basic)');
  await send.locator('.ant-collapse-header').click();
  await expect(send).toContainText('clientRef');
  await switchLanguage(page, 'zh-CN');
  await expect(docs).toContainText('短信 HTTP 接口');
  await expect(page.getByTestId('customer-api-start')).toContainText('HTTP Basic 认证');
  await switchLanguage(page, 'en-US');

  // A key of its own, then the API with it.
  const token = await storedToken(page);
  const issued = await request.post('/api/sys/apiSecret/generate', {
    headers: { 'X-Access-Token': token },
    data: { label: 'e2e customer access' },
  });
  const { apiKey, apiSecret } = ((await issued.json()) as { result: { apiKey: string; apiSecret: string } })
    .result;
  const basic = { authorization: `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}` };
  const balance = await request.get('/api/openapi/v1/balance', { headers: basic });
  expect(balance.status()).toBe(200);
  expect(((await balance.json()) as { result: { currency: string } }).result.currency).toMatch(/^[A-Z]{3}$/);
  const sent = await request.post('/api/openapi/v1/sms', {
    headers: basic,
    data: { kind: 'notification', to: ['not-a-number'], text: 'Hello' },
  });
  expect(sent.status()).toBe(200);
  const result = ((await sent.json()) as { result: { messages: { status: string; errorCode: string }[] } })
    .result;
  expect(result.messages[0]).toMatchObject({ status: 'invalid_number', errorCode: 'NUMBER_INVALID' });
  expect((await request.get('/api/openapi/v1/balance')).status()).toBe(401);
  await request.post('/api/sys/apiSecret/revoke', { headers: { 'X-Access-Token': token }, data: { apiKey } });
});
