import type { Page } from '@playwright/test';
import {
  expect,
  expectToast,
  fieldErrors,
  recordToasts,
  signIn,
  storedToken,
  switchLanguage,
  test,
} from './support';

/**
 * Group call tasks (issue 23), in both languages: a customer writes a task from typed numbers,
 * choosing its IVR flow from the company's flows (a select, not an id to type), and finds it
 * listed waiting to be submitted. Nothing is dialled: the task is not submitted.
 */

const LANGUAGES = [
  {
    locale: 'en-US' as const,
    width: 1440,
    save: /^Save$/,
    saved: 'Task saved',
    ivrRequired: 'IVR flow is required',
    state: 'Waiting to submit',
  },
  {
    locale: 'zh-CN' as const,
    width: 390,
    save: /^保\s*存$/,
    saved: '任务已保存',
    ivrRequired: 'IVR流程不能为空',
    state: '待提交',
  },
];

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/** An IVR flow of the signed-in customer's company, added through the API beside the page. */
async function addFlow(page: Page, name: string) {
  const token = await storedToken(page);
  const added = await page.request.post('/api/voip/ivrFlow/add', {
    headers: { 'X-Access-Token': token },
    data: {
      name,
      nodes: [{ id: 'menu', fileId: null, repeat: 1, timeoutS: 5, branches: [], noKey: { type: 'end' } }],
    },
  });
  expect(added.ok()).toBe(true);
}

for (const lang of LANGUAGES) {
  test(`[${lang.locale}, ${lang.width} px] a customer writes a group call task from typed numbers`, async ({
    browser,
  }) => {
    test.slow();
    const context = await browser.newContext({
      viewport: { width: lang.width, height: 900 },
      locale: lang.locale,
    });
    const page = await context.newPage();
    await recordToasts(page);
    const flowName = `e2e_flow_${unique()}`;
    const taskName = `e2e-task-${unique()}`;
    try {
      await page.goto('/user/login');
      if (lang.locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
      await signIn(page, 'customer');
      await expect(page.getByTestId('current-user')).toBeVisible();
      await addFlow(page, flowName);

      await page.goto('/groupCallTask/list');
      const table = page.getByTestId('call-task-table');
      await expect(table).toBeVisible();
      await page.getByTestId('call-task-add').click();
      const form = page.getByRole('dialog').filter({ has: page.getByTestId('call-task-form') });
      await expect(form).toBeVisible();
      await form.getByTestId('call-task-name').fill(taskName);
      await form.getByTestId('call-task-numbers').fill('+8613800000001\n+8613800000002\n+8613800000001');
      await expect(form.getByTestId('call-task-number-preview')).toContainText('3');
      // Without a flow the task is refused before anything is sent, in the page's language.
      await form.getByRole('button', { name: lang.save }).click();
      await expect(fieldErrors(form).filter({ hasText: lang.ivrRequired })).toBeVisible();
      // No trunk for a customer: its company's voice routes choose.
      await expect(form.getByTestId('call-task-trunk')).toHaveCount(0);
      await form.getByTestId('call-task-ivr').click();
      await page.keyboard.type(flowName);
      await page.locator('.ant-select-item-option').filter({ hasText: flowName }).click();
      await form.getByRole('button', { name: lang.save }).click();
      await expect(form).toBeHidden();
      await expectToast(page, lang.saved);

      const row = table.locator('tr.ant-table-row').filter({ hasText: taskName });
      await expect(row.getByTestId('task-state')).toHaveAttribute('data-state', 'waiting_submit');
      await expect(row.getByTestId('task-state')).toHaveText(lang.state);
    } finally {
      await context.close();
    }
  });
}
