import {
  expect,
  expectToast,
  PASSWORD,
  pickCountry,
  pickOption,
  signIn,
  switchLanguage,
  test,
} from './support';

/**
 * An agent prices its customer: it makes a rate group, assigns it to its customer, then tries a
 * price below its own (refused, the row named) and one above it (saved). Once in each language.
 * Acme Agency's own US OTP price (from Northwind's group for its agents) is 0.006800.
 */

const CUSTOMER = 'Agency Client Co';

async function restoreAssignment(request: import('@playwright/test').APIRequestContext) {
  const login = await request.post('/api/sys/login', { data: { username: 'agent', password: PASSWORD } });
  const headers = { 'X-Access-Token': ((await login.json()) as { result: { token: string } }).result.token };
  const groups = await request.get('/api/sys/feerateGroup/list?pageSize=500&kind=sms', { headers });
  const records = ((await groups.json()) as { result: { records: { id: string; name: string }[] } }).result
    .records;
  const demo = records.find((g) => g.name === 'Acme customers SMS');
  const companies = await request.get('/api/sys/company/list?pageSize=500', { headers });
  const customer = (
    (await companies.json()) as { result: { records: { id: string; name: string }[] } }
  ).result.records.find((c) => c.name === CUSTOMER);
  if (demo && customer) {
    await request.put('/api/sys/feerateGroup/assign', {
      headers,
      data: { companyId: customer.id, kind: 'sms', groupId: demo.id },
    });
  }
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`an agent’s customer rate below its own is refused, above it saved (${locale})`, async ({
    page,
    request,
  }) => {
    test.slow();
    const zh = locale === 'zh-CN';
    const name = `E2E ${locale} ${Date.now().toString(36)}`;
    try {
      await page.goto('/');
      if (zh) await switchLanguage(page, 'zh-CN');
      await signIn(page, 'agent');
      await page.goto('/rates/groups');
      await expect(page.getByTestId('rate-group-table')).toBeVisible();

      // A new SMS group of the agent's.
      await page.getByTestId('rate-group-add').click();
      const groupForm = page.getByTestId('rate-group-form');
      await groupForm.getByTestId('rate-group-name').fill(name);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: zh ? /保\s*存/ : 'Save' })
        .click();
      await expectToast(page, zh ? '已保存' : 'Saved');

      // Assigned to its customer.
      const row = page.getByTestId('rate-group-table').getByRole('row', { name: new RegExp(name) });
      await row.getByTestId('rate-group-assign').click();
      await pickOption(page, page.getByTestId('rate-assign-company'), CUSTOMER);
      await page.getByTestId('rate-assign-ok').click();
      await expectToast(page, zh ? '分配已保存' : 'Assignment saved');

      // Its rates.
      await row.getByTestId('rate-group-link').click();
      await expect(page).toHaveURL(/\/rates\/list\?groupId=/);
      await page.getByTestId('rate-add').click();
      await pickCountry(page, page.getByTestId('rate-country'), 'US');
      await pickOption(page, page.getByTestId('rate-sms-kind'), zh ? '验证码' : 'OTP');
      await page.getByTestId('rate-price').fill('0.0050');
      const save = page.getByRole('dialog').getByRole('button', { name: zh ? /保\s*存/ : 'Save' });
      await save.click();
      // Refused: the offending row is named, in the console's language.
      await expectToast(
        page,
        zh
          ? /客户费率不能低于代理商自身费率：US otp 0\.005000 < 0\.006800/
          : /lower than the reseller’s own rate: US otp 0\.005000 < 0\.006800/,
      );
      await expect(page.getByRole('dialog')).toBeVisible();

      // At its own price or above: saved.
      await page.getByTestId('rate-price').fill('0.0072');
      await save.click();
      await expectToast(page, zh ? '已保存' : 'Saved');
      await expect(page.getByTestId('rate-table').getByTestId('rate-price-cell')).toHaveText(['0.0072 USD']);
    } finally {
      await restoreAssignment(request);
    }
  });
}
