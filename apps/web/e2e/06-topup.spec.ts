import type { Page } from '@playwright/test';
import { expect, signIn, switchLanguage, test } from './support';

/** The balance the recharge page shows, in cents (its text is "1,234.56 USD"). */
async function balanceCents(page: Page): Promise<number> {
  const text = (
    await page.getByTestId('recharge-balance').locator('.ant-statistic-content-value').innerText()
  ).trim();
  expect(text).toMatch(/^-?[\d,]+\.\d{2} USD$/);
  return Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);
}

const LANGS = [
  {
    locale: 'en-US' as const,
    amount: '123.45',
    tooLow: 'Amount must be between 50 and 50000',
    tooFine: 'Amount may have at most 2 decimal places',
    cardTime: 'credited in about 5 minutes',
    cryptoTime: 'credited in about 10 to 20 minutes',
    simulator: 'Payment simulator',
    pay: 'Pay',
    finished: 'Finished',
    pending: 'Pending payment',
    note: 'Card top-up',
  },
  {
    locale: 'zh-CN' as const,
    amount: '76.50',
    tooLow: '金额必须在50到50000之间',
    tooFine: '金额最多2位小数',
    cardTime: '约 5 分钟内到账',
    cryptoTime: '约 10 至 20 分钟到账',
    simulator: '支付模拟器',
    pay: '支付',
    finished: '已完成',
    pending: '待支付',
    note: '银行卡充值',
  },
];

for (const lang of LANGS) {
  test(`a customer tops up by card in demo mode and sees the balance rise and the order finish (${lang.locale})`, async ({
    page,
  }) => {
    test.slow();
    await page.goto('/user/login');
    await signIn(page, 'customer2');
    if (lang.locale !== 'en-US') await switchLanguage(page, lang.locale);
    await page.goto('/SysCustomerPay');
    await expect(page.getByTestId('recharge-form')).toBeVisible();
    await expect(page.getByTestId('recharge-form')).toContainText(lang.cardTime);
    await expect(page.getByTestId('recharge-form')).toContainText(lang.cryptoTime);
    const before = await balanceCents(page);

    // The amount rule, in the page's language.
    const amount = page.getByTestId('recharge-amount');
    await amount.fill('10');
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByText(lang.tooLow)).toBeVisible();
    await amount.fill('60.123');
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByText(lang.tooFine)).toBeVisible();

    // Card, to the (simulated) provider's page, pay.
    await amount.fill(lang.amount);
    await page.getByTestId('method-card').check();
    await page.getByTestId('recharge-submit').click();
    await expect(page).toHaveURL(/\/api\/payments\/sim\/checkout\//);
    await expect(page.getByRole('heading', { name: lang.simulator })).toBeVisible();
    // The order's state in the reader's language, not its code (issue 28 item 5).
    await expect(page.locator('dd', { hasText: lang.pending })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('pending_payment');
    await page.getByRole('button', { name: lang.pay, exact: true }).click();
    // Back to the console by itself; the order finishes as the signed notification arrives.
    await expect(page).toHaveURL(/\/SysCustomerPay\?order=/, { timeout: 60_000 });
    const orders = page.getByTestId('recharge-orders');
    await expect(orders.locator('tbody tr.ant-table-row').first()).toContainText(lang.finished, {
      timeout: 60_000,
    });
    await expect(orders.locator('tbody tr.ant-table-row').first()).toContainText(lang.amount);
    await expect
      .poll(() => balanceCents(page), { timeout: 60_000 })
      .toBe(before + Math.round(Number(lang.amount) * 100));
    // The ledger says what the entry is in the reader's language (stored as a code, issue 28 item 5).
    await page.goto('/billing/ledger');
    const newest = page.getByTestId('ledger-table').locator('tbody tr.ant-table-row').first();
    await expect(newest).toContainText(lang.note);
    if (lang.locale !== 'en-US') await switchLanguage(page, 'en-US');
  });
}
