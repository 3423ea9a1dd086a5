import type { APIRequestContext } from '@playwright/test';
import { adminHeaders, expect, pickOption, recordToasts, signIn, switchLanguage, test } from './support';

/**
 * The voice tools (issue 23), in both languages at 1440 and 390 px, against the demo's carrier
 * simulator (trunk demo-sip): a customer checks the status of typed numbers (charged from its ND
 * rate group; the spec tops up exactly what the check costs) and reads the summary and each
 * number's status; the administrator places a CLI test call and reads the SIP exchange and what
 * the simulator received (the caller ID as presented, the keys it heard).
 */

const LANGUAGES = [
  {
    locale: 'en-US' as const,
    width: 1440,
    start: /^Start$/,
    done: 'Done',
    reachable: 'Reachable',
    busy: 'Busy',
    vacant: 'Vacant',
    answered: 'Answered',
    run: 'Place the test call',
  },
  {
    locale: 'zh-CN' as const,
    width: 390,
    start: /^开\s*始$/,
    done: '已完成',
    reachable: '可接通',
    busy: '忙线',
    vacant: '空号',
    answered: '已接听',
    run: '发起测试呼叫',
  },
];

const DIRECT = 'Direct Retail Ltd';
/** The Standard ND rate of China (the demo's rate plan), per number checked. */
const ND_PRICE_CN = 0.003;
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/** Credits the company what the check will cost, so the spec leaves its balance as it was. */
async function topUp(request: APIRequestContext, amount: number) {
  const headers = await adminHeaders(request);
  const companies = await request.get('/api/sys/company/list', { headers, params: { name: DIRECT } });
  const company = (
    (await companies.json()) as { result: { records: { id: string; name: string }[] } }
  ).result.records.find((c) => c.name === DIRECT);
  expect(company).toBeTruthy();
  const res = await request.post('/api/sys/balance/adjust', {
    headers,
    data: {
      companyId: company!.id,
      direction: 'credit',
      amount: amount.toFixed(6),
      reason: 'e2e status check',
      idempotencyKey: `e2e-nd-${unique()}`,
    },
  });
  expect(res.ok()).toBe(true);
}

for (const lang of LANGUAGES) {
  test(`[${lang.locale}, ${lang.width} px] a customer checks the status of numbers`, async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({
      viewport: { width: lang.width, height: 900 },
      locale: lang.locale,
    });
    const page = await context.newPage();
    await recordToasts(page);
    const name = `e2e-check-${unique()}`;
    // Last digits: 0 rings (reachable), 1 busy, 4 vacant (the simulator's table).
    const numbers = ['+8613800071000', '+8613800071001', '+8613800071004'];
    try {
      await topUp(page.request, numbers.length * ND_PRICE_CN);
      await page.goto('/user/login');
      if (lang.locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
      await signIn(page, 'customer');
      await expect(page.getByTestId('current-user')).toBeVisible();
      await page.goto('/voip/statusCheck');
      // The first screen a fresh server sends may take long on a shared machine.
      await expect(page.getByTestId('status-check-table')).toBeVisible({ timeout: 90_000 });
      await page.getByTestId('status-check-add').click();
      const form = page.getByRole('dialog').filter({ has: page.getByTestId('status-check-form') });
      await form.getByTestId('status-check-name').fill(name);
      await form.getByTestId('status-check-numbers').fill(numbers.join('\n'));
      await expect(form.getByTestId('status-check-number-preview')).toContainText('3');
      await form.getByRole('button', { name: lang.start }).click();
      await expect(form).toBeHidden();

      const row = page.getByTestId('status-check-table').getByRole('row').filter({ hasText: name });
      await row.getByTestId('status-check-open').click();
      const details = page.getByTestId('status-check-details');
      await expect(details.getByTestId('status-check-state')).toHaveText(lang.done, { timeout: 60_000 });
      const summary = details.getByTestId('status-check-summary');
      for (const [label, count] of [
        [lang.reachable, '1'],
        [lang.busy, '1'],
        [lang.vacant, '1'],
      ] as const) {
        await expect(summary.locator('.ant-statistic').filter({ hasText: label })).toContainText(count);
      }
      const table = details.getByTestId('status-check-numbers-table');
      await expect(table.getByRole('row').filter({ hasText: '8613800071001' })).toContainText(lang.busy);
      await expect(table.getByRole('row').filter({ hasText: '8613800071004' })).toContainText(lang.vacant);
      // The page fits the phone's width: nothing scrolls sideways but the tables themselves.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const download = page.waitForEvent('download');
      await details.getByTestId('status-check-export').click();
      expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    } finally {
      await context.close();
    }
  });

  test(`[${lang.locale}, ${lang.width} px] the administrator places a CLI test call`, async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({
      viewport: { width: lang.width, height: 900 },
      locale: lang.locale,
    });
    const page = await context.newPage();
    await recordToasts(page);
    try {
      await page.goto('/user/login');
      if (lang.locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
      await signIn(page, 'admin');
      await expect(page.getByTestId('current-user')).toBeVisible();
      await page.goto('/voip/cliTest');
      const card = page.getByTestId('cli-test');
      await expect(card).toBeVisible();
      await pickOption(page, page.getByTestId('cli-test-trunk'), 'demo-sip');
      await card.getByTestId('cli-test-caller').fill('+4420700000009');
      // Last digit 6: the simulator answers and presses 1.
      await card.getByTestId('cli-test-to').fill('+8613800072006');
      await card.getByTestId('cli-test-keys').fill('2#');
      await card.getByTestId('cli-test-hold').fill('2');
      await card.getByRole('button', { name: lang.run }).click();

      const result = page.getByTestId('cli-test-result');
      await expect(result.getByTestId('cli-test-state')).toHaveText(lang.answered, { timeout: 60_000 });
      const ladder = result.getByTestId('cli-test-ladder');
      await expect(ladder).toContainText('INVITE sip:+8613800072006');
      await expect(ladder).toContainText('180 Ringing');
      await expect(ladder).toContainText('BYE');
      // The whole message opens under its line.
      await ladder.getByRole('button').first().click();
      await expect(ladder).toContainText('Content-Type: application/sdp');
      const callee = result.getByTestId('cli-test-callee');
      await expect(callee.getByTestId('cli-test-presented')).toHaveText('+4420700000009');
      await expect(callee.getByTestId('cli-test-callee-keys')).toHaveText('2#');
      await expect(callee).toContainText('PCMU');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(page.getByTestId('cli-test-recent')).toContainText('+8613800072006');
    } finally {
      await context.close();
    }
  });
}
