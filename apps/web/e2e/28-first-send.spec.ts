import type { Page } from '@playwright/test';
import { expect, pickOption, registerCompany, signIn, switchLanguage, test } from './support';

/**
 * A new company's first send (issue 28, item 3), in both languages: a company signs up, an
 * administrator approves it and gives it an SMS rate group in the approval dialog (pre-filled with
 * the platform's default, another chosen), and the company's user previews a send priced by that
 * group: a cost, no "no price" warning, and a balance line that says what it knows. Approved with
 * no group, the preview tells the customer what to do and claims no cover.
 */

const LANGUAGES = [
  {
    locale: 'en-US' as const,
    defaultGroup: 'Standard SMS (Platform) · default',
    chosenGroup: 'Wholesale SMS (Platform)',
    none: 'None for now',
    approved: 'Approved: the company was told',
    notCovered: 'The balance is not enough',
    costUnknown: 'Not known: some numbers have no price',
    noPrice: 'No price for this country',
    askProvider:
      '1 number has no price for its country: ask your provider to assign a rate group that prices it.',
  },
  {
    locale: 'zh-CN' as const,
    defaultGroup: 'Standard SMS (平台) · 默认',
    chosenGroup: 'Wholesale SMS (平台)',
    none: '暂不分配',
    approved: '已审核通过，并已通知该公司',
    notCovered: '余额不足',
    costUnknown: '未知：部分号码没有价格',
    noPrice: '该国家或地区没有价格',
    askProvider: '1 个号码所在国家或地区没有价格：请联系您的供应商为您分配包含该价格的费率组。',
  },
];

/** A Chinese mobile number of this run (the demo prices and routes China). */
const cnNumber = () => `86139${String(Date.now()).slice(-8)}`;

async function startIn(page: Page, locale: 'en-US' | 'zh-CN') {
  await page.goto('/user/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/user/login');
  if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
}

type Lang = (typeof LANGUAGES)[number];

/** An administrator approves the company in the companies list, giving it `groupLabel` (the default left as it is). */
async function approve(page: Page, lang: Lang, companyName: string, groupLabel: string) {
  await startIn(page, lang.locale);
  await signIn(page, 'admin');
  await page.goto('/company/list');
  const table = page.getByTestId('company-table');
  await table.getByTestId('filter-name').fill(companyName);
  await table.getByTestId('query-submit').click();
  const row = table.locator('tr', { hasText: companyName });
  await expect(row).toHaveCount(1);
  await row.getByTestId('company-approve').click();
  // The dialog offers the platform's default first.
  const group = page.getByTestId('company-approve-group');
  await expect(group).toContainText(lang.defaultGroup);
  if (groupLabel !== lang.defaultGroup) await pickOption(page, group, groupLabel);
  await page.getByTestId('company-approve-ok').click();
  await expect(page.getByText(lang.approved)).toBeVisible();
  await expect(row.getByTestId('company-approve')).toHaveCount(0);
}

/** The company's user previews a send to one Chinese number; answers the preview. */
async function previewAs(page: Page, lang: Lang, username: string, password: string) {
  await page.context().clearCookies();
  await startIn(page, lang.locale);
  await signIn(page, username, password);
  await page.goto('/sms/marketing');
  const send = page.getByTestId('sms-send');
  await send.getByTestId('sms-numbers').fill(cnNumber());
  await send.getByTestId('sms-text').fill('Welcome aboard');
  await send.getByTestId('sms-preview').click();
  return page.getByTestId('sms-preview-result');
}

for (const lang of LANGUAGES) {
  test(`[${lang.locale}] an approval gives the company its rate group, and its first preview is priced`, async ({
    page,
    request,
  }) => {
    test.slow();
    const company = await registerCompany(request);
    await approve(page, lang, company.companyName, lang.chosenGroup);
    const preview = await previewAs(page, lang, company.username, company.password);
    await expect(preview.getByTestId('preview-valid')).toHaveText('1');
    await expect(preview.getByTestId('preview-problems')).toHaveText('0');
    await expect(preview.getByTestId('preview-no-price')).toHaveCount(0);
    const amount = Number(await preview.getByTestId('preview-amount').getAttribute('data-amount'));
    expect(amount).toBeGreaterThan(0);
    // Nothing topped up yet: the balance line says so, it does not claim cover.
    await expect(preview.getByTestId('preview-not-covered')).toHaveText(lang.notCovered);
    await expect(preview.getByTestId('preview-covered')).toHaveCount(0);
  });

  test(`[${lang.locale}] approved with no rate group, the preview says to ask the provider, not that the balance covers it`, async ({
    page,
    request,
  }) => {
    test.slow();
    const company = await registerCompany(request);
    await approve(page, lang, company.companyName, lang.none);
    const preview = await previewAs(page, lang, company.username, company.password);
    await expect(preview.getByTestId('preview-valid')).toHaveText('0');
    await expect(preview.getByTestId('preview-no-price')).toHaveText(lang.askProvider);
    await expect(preview.getByTestId('preview-problem-list')).toContainText(lang.noPrice);
    await expect(preview.getByTestId('preview-cost-unknown')).toHaveText(lang.costUnknown);
    await expect(preview.getByTestId('preview-covered')).toHaveCount(0);
    await expect(page.getByTestId('sms-send-confirm')).toBeDisabled();
  });
}
