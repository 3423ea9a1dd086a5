import type { APIRequestContext, Download, Page } from '@playwright/test';
import {
  chooseFile,
  downloadedSheet,
  expect,
  expectToast,
  importDialog,
  PASSWORD,
  SCREENSHOTS,
  signIn,
  switchLanguage,
  test,
} from './support';

/**
 * A rate import with bad rows shows them and imports nothing. The agent prices its customer with a
 * group of its own: a file with a price below the agent's own shows that row, with the agent's
 * price, and the list stays empty; the fixed file imports; the export has the headers of the
 * screen's language; batch delete empties the group again. Once in each language.
 * Acme Agency's own US marketing price (Northwind's group for its agents) is 0.008075.
 */

const CUSTOMER = 'Agency Client Co';
const DEMO_GROUP = 'Acme customers SMS';
const VIEWPORT = { width: 1280, height: 800 };

interface Envelope<T> {
  result: T;
}

async function agentApi(request: APIRequestContext) {
  const login = await request.post('/api/sys/login', { data: { username: 'agent', password: PASSWORD } });
  const headers = { 'X-Access-Token': ((await login.json()) as Envelope<{ token: string }>).result.token };
  const get = async <T>(path: string) =>
    ((await (await request.get(path, { headers })).json()) as Envelope<T>).result;
  const customer = (
    await get<{ records: { id: string; name: string }[] }>('/api/sys/company/list?pageSize=500')
  ).records.find((c) => c.name === CUSTOMER);
  if (!customer) throw new Error(`no company ${CUSTOMER}`);
  const assign = (groupId: string) =>
    request.put('/api/sys/feerateGroup/assign', {
      headers,
      data: { companyId: customer.id, kind: 'sms', groupId },
    });
  return { headers, get, assign };
}

/** A new SMS group of the agent's, priced for its customer (the rule applies to it). */
async function setUp(request: APIRequestContext, name: string): Promise<string> {
  const api = await agentApi(request);
  const added = await request.post('/api/sys/feerateGroup/add', {
    headers: api.headers,
    data: { name, kind: 'sms' },
  });
  expect(added.status()).toBe(200);
  const groupId = ((await added.json()) as Envelope<{ id: string }>).result.id;
  expect((await api.assign(groupId)).status()).toBe(200);
  return groupId;
}

/** The customer's demo group back; the spec's group removed. */
async function tearDown(request: APIRequestContext, groupId: string | undefined) {
  const api = await agentApi(request);
  const groups = await api.get<{ records: { id: string; name: string }[] }>(
    '/api/sys/feerateGroup/list?pageSize=500&kind=sms',
  );
  const demo = groups.records.find((g) => g.name === DEMO_GROUP);
  if (demo) await api.assign(demo.id);
  if (groupId) await request.delete(`/api/sys/feerateGroup/delete?id=${groupId}`, { headers: api.headers });
}

const sheetRows = async (download: Download) => (await downloadedSheet(download)).rows;

const rows = (page: Page) => page.getByTestId('rate-table').locator('tr.ant-table-row');

const TEXT = {
  'en-US': {
    header: 'Country,SMS kind,Price',
    otp: 'OTP',
    marketing: 'Marketing',
    problems: '1 problem',
    below: 'A customer rate may not be lower than the reseller’s own rate: US marketing 0.000100 < 0.008075',
    ready: '2 rows checked',
    imported: '2 rates imported',
    deleted: '2 rows deleted',
    cancel: 'Cancel',
    reload: 'Reload',
    price: 'Price',
    sheet: ['Country', 'SMS kind', 'Prefix', 'MCC', 'MNC', 'Price', 'Remark', 'Updated at'],
  },
  'zh-CN': {
    header: '国家/地区,短信类型,单价',
    otp: '验证码',
    marketing: '营销',
    problems: '发现1处错误',
    below: '客户费率不能低于代理商自身费率：US marketing 0.000100 < 0.008075',
    ready: '已检查2行',
    imported: '已导入2条费率',
    deleted: '已删除2行',
    cancel: /取\s*消/,
    reload: '刷新',
    price: '单价',
    sheet: ['国家/地区', '短信类型', '号段', 'MCC', 'MNC', '单价', '备注', '更新时间'],
  },
} as const;

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`a rate import with bad rows shows them and imports nothing; the fixed file imports and exports (${locale})`, async ({
    page,
    request,
  }) => {
    test.slow();
    const text = TEXT[locale];
    const name = `E2E import ${locale} ${Date.now().toString(36)}`;
    let groupId: string | undefined;
    try {
      groupId = await setUp(request, name);
      await page.setViewportSize(VIEWPORT);
      await page.goto('/user/login');
      if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
      await signIn(page, 'agent');
      await expect(page.getByTestId('current-user')).toBeVisible();
      await page.goto(`/rates/list?groupId=${groupId}`);
      await expect(page.getByTestId('rate-table')).toBeVisible();
      await expect(page.getByTestId('rate-table')).toContainText(name);
      await expect(rows(page)).toHaveCount(0);

      // Row 3 is below the agent's own price: the check names it with that price; nothing imports.
      await page.getByTestId('import-button').click();
      let dialog = importDialog(page);
      await expect(dialog).toContainText(name);
      // The template is the group's export: the columns an import reads, in the screen's language.
      const template = page.waitForEvent('download');
      await dialog.getByTestId('import-template').click();
      expect((await sheetRows(await template))[0]).toEqual(text.sheet);
      await chooseFile(
        dialog,
        'rates.csv',
        `${text.header}\nUS,${text.otp},0.0072\nUS,${text.marketing},0.0001\n`,
      );
      await expect(dialog.getByTestId('import-error')).toContainText(text.problems);
      const errors = dialog.getByTestId('import-errors').locator('tbody tr');
      await expect(errors).toHaveCount(1);
      await expect(errors.first().locator('td').first()).toHaveText('3');
      await expect(errors.first()).toContainText(text.price);
      await expect(errors.first()).toContainText(text.below);
      await expect(dialog.getByTestId('import-preview').locator('tr.sb-import-bad-row')).toHaveCount(1);
      await expect(dialog.getByTestId('import-commit')).toBeDisabled();
      await page.screenshot({ path: `${SCREENSHOTS}/rates-import-errors-${locale}.png` });
      await dialog.getByRole('button', { name: text.cancel }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole('button', { name: text.reload }).click();
      await expect(rows(page)).toHaveCount(0);

      // The fixed file: checked, then imported.
      await page.getByTestId('import-button').click();
      dialog = importDialog(page);
      await chooseFile(
        dialog,
        'rates.csv',
        `${text.header}\nUS,${text.otp},0.0072\nUS,${text.marketing},0.0090\n`,
      );
      await expect(dialog.getByTestId('import-ready')).toContainText(text.ready);
      await dialog.getByTestId('import-commit').click();
      await expect(dialog).toBeHidden();
      await expectToast(page, text.imported);
      await expect(rows(page)).toHaveCount(2);

      // Sorted by price on the server, highest first: in the URL, and the rows follow.
      const priceHeader = page.getByTestId('rate-table').locator('th').filter({ hasText: text.price });
      await priceHeader.click();
      await expect(page).toHaveURL(/column=price/);
      await priceHeader.click();
      await expect(page).toHaveURL(/order=desc/);
      await expect(page.getByTestId('rate-price-cell')).toHaveText(['0.009 USD', '0.0072 USD']);

      // The export: what the list shows, in its order, headers in the screen's language.
      await page.mouse.move(0, 0);
      const downloading = page.waitForEvent('download');
      await page.getByTestId('export-button').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^rates-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const sheet = await sheetRows(download);
      expect(sheet[0]).toEqual(text.sheet);
      expect(sheet.slice(1).map((r) => [r[0], r[1], r[5]])).toEqual([
        ['US', text.marketing, 0.009],
        ['US', text.otp, 0.0072],
      ]);

      // Batch delete: both selected, confirmed, gone.
      await rows(page).nth(0).locator('.ant-checkbox-input').check();
      await rows(page).nth(1).locator('.ant-checkbox-input').check();
      await page.getByTestId('batch-delete').click();
      await page.getByTestId('batch-delete-ok').click();
      await expectToast(page, text.deleted);
      await expect(rows(page)).toHaveCount(0);
    } finally {
      await tearDown(request, groupId);
    }
  });
}
