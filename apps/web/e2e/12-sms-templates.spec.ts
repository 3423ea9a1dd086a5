import type { Page } from '@playwright/test';
import { adminHeaders, expect, registerCompany, signIn, storedToken, switchLanguage, test } from './support';

/**
 * SMS templates and sender ids (issue 12), in both languages: a customer submits a template and a
 * sender id (the sender rule checked in the form), an administrator rejects the template with a
 * reason (required) and passes the sender id, and the customer sees both outcomes.
 */

const LANGUAGES = [
  {
    locale: 'en-US' as const,
    save: /^Save$/,
    ok: /^OK$/,
    toReview: 'To be reviewed',
    passed: 'Passed',
    failed: 'Failed',
    senderInvalid: 'A sender id has only letters, digits and underscore: at most 11 characters, or 15 digits',
    reasonRequired: 'Please give the reason for the rejection',
    rejected: 'Rejected: the company has been told the reason',
    approved: 'Passed: the company has been told',
    reason: 'Please add your shop name',
    templateNotice: 'SMS template rejected',
    senderNotice: 'Sender id approved',
    policySaved: 'Template policy saved',
  },
  {
    locale: 'zh-CN' as const,
    save: /^保 ?存$/,
    ok: /^确 ?定$/,
    toReview: '待审核',
    passed: '审核通过',
    failed: '审核未通过',
    senderInvalid: '发送方ID只能包含字母、数字和下划线：最多11个字符，纯数字最多15位',
    reasonRequired: '请填写驳回原因',
    rejected: '已驳回，已将原因通知该公司',
    approved: '已通过，已通知该公司',
    reason: '请加上店铺名称',
    templateNotice: '短信模板审核未通过',
    senderNotice: '发送方ID审核通过',
    policySaved: '模板策略已保存',
  },
];

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/** Signs in afresh (another user) in the language of the test. */
async function signInAs(page: Page, username: string, locale: 'en-US' | 'zh-CN') {
  await page.context().clearCookies();
  await page.goto('/user/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/user/login');
  if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
  await signIn(page, username);
}

/** The list's row holding `text` after searching it. */
async function rowOf(page: Page, table: string, search: string, text: string) {
  const list = page.getByTestId(table);
  await list.getByTestId(search).fill(text);
  await list.getByTestId('query-submit').click();
  const row = list.locator('tr', { hasText: text });
  await expect(row).toHaveCount(1);
  return row;
}

for (const lang of LANGUAGES) {
  test(`[${lang.locale}] a decision reaches the open screen: the sender list shows it and the notice is in the reader's language, without a pop-up`, async ({
    page,
    request,
  }) => {
    const sender = `N${unique()}`.slice(0, 11);
    await signInAs(page, 'customer', lang.locale);
    const headers = { 'X-Access-Token': await storedToken(page) };
    const added = await request.post('/api/sms/sender/add', { headers, data: { senderId: sender } });
    expect(added.ok(), await added.text()).toBe(true);
    const { id } = ((await added.json()) as { result: { id: string } }).result;
    await page.goto('/sms/sender');
    const row = await rowOf(page, 'sender-table', 'sender-search', sender);
    await expect(row.getByTestId('review-status')).toHaveText(lang.toReview);

    // The administrator passes it elsewhere; the customer's open list shows it without a reload.
    const approved = await request.put('/api/sms/sender/approve', {
      headers: await adminHeaders(request),
      data: { id },
    });
    expect(approved.ok(), await approved.text()).toBe(true);
    await expect(row.getByTestId('review-status')).toHaveText(lang.passed);
    // A routine decision is a notice in the bell, not an urgent dialog.
    await expect(page.getByTestId('notice-count')).toContainText(/\d/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByTestId('notice-bell').click();
    await page.getByTestId('system-tab-count').click();
    const list = page.getByTestId('system-message-list');
    await expect(list).toContainText(lang.senderNotice);
    const other = LANGUAGES.find((l) => l.locale !== lang.locale)!;
    await expect(list).not.toContainText(other.senderNotice);
  });
}

for (const lang of LANGUAGES) {
  test(`[${lang.locale}] a customer submits a template and a sender id; the admin rejects one and passes the other`, async ({
    page,
  }) => {
    test.slow();
    const templateName = `E2E tpl ${unique()}`;
    const sender = `E2E${unique()}`.slice(0, 11);

    // --- the customer submits both ---
    await signInAs(page, 'customer', lang.locale);
    await page.goto('/sms/template');
    await page.getByTestId('template-add').click();
    const templateForm = page.getByTestId('template-form');
    await templateForm.getByTestId('template-name').fill(templateName);
    await templateForm.getByTestId('template-text').fill('Hi {name}, 20% off this week');
    // The preview uses the shared rules: the variable is found and the text rendered with a sample.
    await expect(templateForm.getByTestId('template-variable')).toHaveText(['name']);
    await templateForm.getByPlaceholder(/name/).fill('Ann');
    await expect(templateForm.getByTestId('template-preview-text')).toContainText(
      'Hi Ann, 20% off this week',
    );
    await page.getByRole('dialog').getByRole('button', { name: lang.save }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    const templateRow = await rowOf(page, 'template-table', 'template-search', templateName);
    await expect(templateRow.getByTestId('review-status')).toHaveText(lang.toReview);

    await page.goto('/sms/sender');
    await page.getByTestId('sender-add').click();
    const senderForm = page.getByTestId('sender-form');
    await senderForm.getByTestId('sender-id').fill('Bad-Sender');
    await page.getByRole('dialog').getByRole('button', { name: lang.save }).click();
    await expect(senderForm.locator('.ant-form-item-explain-error')).toHaveText(lang.senderInvalid);
    await senderForm.getByTestId('sender-id').fill(sender);
    await page.getByRole('dialog').getByRole('button', { name: lang.save }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    const senderRow = await rowOf(page, 'sender-table', 'sender-search', sender);
    await expect(senderRow.getByTestId('review-status')).toHaveText(lang.toReview);

    // --- the administrator decides ---
    await signInAs(page, 'admin', lang.locale);
    await page.goto('/sms/template?status=to_review');
    const toDecide = await rowOf(page, 'template-table', 'template-search', templateName);
    await toDecide.getByTestId('template-reject').click();
    const reject = page.getByTestId('review-reject-form');
    await page.getByTestId('review-reject-ok').click();
    await expect(reject.locator('.ant-form-item-explain-error')).toHaveText(lang.reasonRequired);
    await page.getByTestId('review-reject-reason').fill(lang.reason);
    await page.getByTestId('review-reject-ok').click();
    await expect(page.getByText(lang.rejected)).toBeVisible();
    // The list shows what is to be reviewed: the decided template leaves it.
    await expect(toDecide).toHaveCount(0);

    await page.goto('/sms/sender');
    const senderToDecide = await rowOf(page, 'sender-table', 'sender-search', sender);
    await senderToDecide.getByTestId('sender-approve').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: lang.ok }).click();
    await expect(page.getByText(lang.approved)).toBeVisible();
    await expect(senderToDecide.getByTestId('review-status')).toHaveText(lang.passed);

    // --- the customer sees the outcome ---
    await signInAs(page, 'customer', lang.locale);
    await page.goto('/sms/template');
    const outcome = await rowOf(page, 'template-table', 'template-search', templateName);
    await expect(outcome.getByTestId('review-status')).toHaveText(lang.failed);
    await expect(outcome.getByTestId('review-reason')).toHaveText(lang.reason);
    // Customers have no review buttons.
    await expect(outcome.getByTestId('template-reject')).toHaveCount(0);
    await page.goto('/sms/sender');
    const passed = await rowOf(page, 'sender-table', 'sender-search', sender);
    await expect(passed.getByTestId('review-status')).toHaveText(lang.passed);
    // The status filter shows each among its own (the API tests check what it leaves out).
    await page.goto('/sms/sender?status=passed');
    await expect(page.getByTestId('sender-table').locator('tr', { hasText: sender })).toHaveCount(1);
    await page.goto('/sms/template?status=failed');
    await expect(page.getByTestId('template-table').locator('tr', { hasText: templateName })).toHaveCount(1);
  });

  test(`[${lang.locale}] an administrator requires approved templates of a company`, async ({
    page,
    request,
  }) => {
    const company = await registerCompany(request);
    await signInAs(page, 'admin', lang.locale);
    await page.goto('/company/list');
    const table = page.getByTestId('company-table');
    await table.getByTestId('filter-name').fill(company.companyName);
    await table.getByTestId('query-submit').click();
    const row = table.locator('tr', { hasText: company.companyName });
    await expect(row).toHaveCount(1);
    await row.getByTestId('company-template-policy').click();
    const toggle = page.getByTestId('template-policy-switch');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(page.getByText(lang.policySaved)).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    // The server holds it.
    const headers = await adminHeaders(request);
    const list = await request.get(`/api/sys/company/list?name=${encodeURIComponent(company.companyName)}`, {
      headers,
    });
    const id = ((await list.json()) as { result: { records: { id: string }[] } }).result.records[0]!.id;
    const policy = await request.get(`/api/sms/template/policy?companyId=${id}`, { headers });
    expect(((await policy.json()) as { result: { requireApprovedTemplates: boolean } }).result).toMatchObject(
      {
        requireApprovedTemplates: true,
      },
    );
  });
}
