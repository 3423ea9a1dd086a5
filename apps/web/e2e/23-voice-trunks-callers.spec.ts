import { expect, expectToast, fieldErrors, recordToasts, signIn, switchLanguage, test } from './support';

/**
 * Voice (issue 23): an administrator adds a trunk (the port checked in the caller's language
 * before anything is sent) and sees it listed with its live state; a customer on a 390 px phone
 * adds two caller IDs and a caller group of them, in Chinese.
 */

test('an administrator adds a voice trunk and sees it with its state', async ({ page }) => {
  test.slow();
  const name = `e2e-trunk-${Date.now() % 1_000_000}`;
  await page.goto('/user/login');
  await signIn(page, 'admin');
  await page.goto('/voice/trunk');
  const table = page.getByTestId('trunk-table');
  await expect(table).toBeVisible();
  // The demo trunk to the carrier simulator is there.
  await expect(table).toContainText('demo-sip');

  await page.getByTestId('trunk-add').click();
  const form = page.getByRole('dialog').filter({ has: page.getByTestId('trunk-form') });
  await expect(form).toBeVisible();
  await form.getByTestId('trunk-name').fill(name);
  await form.getByTestId('trunk-host').fill('sip.carrier.example');
  await form.getByTestId('trunk-port').fill('70000');
  await form.getByRole('button', { name: /^Save$/ }).click();
  await expect(fieldErrors(form).filter({ hasText: 'Port must be at most 65535' })).toBeVisible();
  await form.getByTestId('trunk-port').fill('5080');
  await form.getByTestId('trunk-maxCalls').fill('60');
  await form.getByRole('button', { name: /^Save$/ }).click();
  await expect(form).toBeHidden();
  await expectToast(page, 'Saved');

  const row = table.locator('tr.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText('udp:sip.carrier.example:5080');
  // The worker probes it (OPTIONS): a host that does not answer is unreachable, shown with calls
  // up of its limit; the demo trunk to this run's carrier simulator is reachable.
  const state = row.getByTestId('trunk-state');
  await expect(state).toHaveAttribute('data-state', 'unreachable', { timeout: 90_000 });
  await expect(state).toContainText('0/60');
  const demo = table.locator('tr.ant-table-row').filter({ hasText: 'demo-sip' }).getByTestId('trunk-state');
  await expect(demo).toHaveAttribute('data-state', 'reachable', { timeout: 90_000 });
});

test('zh-CN at 390 px: a customer adds caller IDs and a caller group of them', async ({ browser }) => {
  test.slow();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await recordToasts(page);
  const suffix = String(Date.now() % 10_000_000).padStart(7, '0');
  const numbers = [`4420${suffix}1`, `4420${suffix}2`];
  const groupName = `e2e-group-${suffix}`;
  try {
    await page.goto('/user/login');
    // On a phone the header has no language item: chosen on the sign-in page.
    await switchLanguage(page, 'zh-CN');
    await signIn(page, 'customer');
    await expect(page.getByTestId('current-user')).toBeVisible();

    await page.goto('/voice/caller');
    const callers = page.getByTestId('caller-table');
    await expect(callers).toBeVisible();
    for (const number of numbers) {
      await page.getByTestId('caller-add').click();
      const form = page.getByRole('dialog').filter({ has: page.getByTestId('caller-form') });
      await expect(form).toBeVisible();
      // Too short: refused in Chinese before anything is sent.
      await form.getByTestId('caller-number').fill('12');
      await form.getByRole('button', { name: /^保\s*存$/ }).click();
      await expect(fieldErrors(form).filter({ hasText: '主叫号码为3到20位数字' })).toBeVisible();
      await form.getByTestId('caller-number').fill(`+${number}`);
      await form.getByRole('button', { name: /^保\s*存$/ }).click();
      await expect(form).toBeHidden();
      await expectToast(page, '已保存');
      await expect(callers).toContainText(number);
    }

    await page.goto('/voice/callerGroup');
    const groups = page.getByTestId('caller-group-table');
    await expect(groups).toBeVisible();
    await page.getByTestId('caller-group-add').click();
    const form = page.getByRole('dialog').filter({ has: page.getByTestId('caller-group-form') });
    await expect(form).toBeVisible();
    await form.getByTestId('caller-group-name').fill(groupName);
    // A multiple select stays open: each number typed (filtering the options) and taken with Enter.
    await form.getByTestId('caller-group-members').click();
    for (const number of numbers) {
      await page.keyboard.type(number);
      await expect(page.locator('.ant-select-item-option').filter({ hasText: number })).toBeVisible();
      await page.keyboard.press('Enter');
    }
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(form).toBeHidden();
    await expectToast(page, '已保存');
    const row = groups.locator('tr.ant-table-row').filter({ hasText: groupName });
    await expect(row.getByTestId('caller-group-members-cell')).toHaveText(numbers.join(', '));
    // Usable at 390 px: the table fits the screen, no sideways page scroll.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  } finally {
    await context.close();
  }
});
