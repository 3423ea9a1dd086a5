import type { Locator, Page } from '@playwright/test';
import { expect, expectToast, fieldErrors, SCREENSHOTS, signIn, switchLanguage, test } from './support';

/**
 * System -> Scheduled jobs, in both languages: the administrator pauses a job, resumes it, runs
 * it once and sees that run in its history; a bad cron expression is refused on the field. Each
 * language works on a job of its own (both end as they began: active, default schedule).
 */

const TEXTS = {
  'en-US': {
    // The side menu's short form (the hover names it in full: Scheduled jobs).
    menu: 'Jobs',
    description: 'Forget Idempotency-Keys of the customer API older than 24 hours',
    paused: 'Paused',
    resumed: 'Resumed',
    active: 'Active',
    pausedNoNext: '— (paused)',
    ok: /^OK$/,
    finished: /^(Run finished: Succeeded|Run started)$/,
    manual: 'Manual',
    succeeded: 'Succeeded',
    save: /^Save$/,
    badCron: '"61 * * * *" is not a valid cron expression',
    historyTitle: (name: string) => `Runs of ${name}`,
  },
  'zh-CN': {
    menu: '定时任务',
    description: '清除 14 天前的 SMPP 提交及其回执',
    paused: '已暂停',
    resumed: '已恢复',
    active: '启用',
    pausedNoNext: '—（已暂停）',
    ok: /^确\s?定$/,
    finished: /^(执行结束：成功|已开始执行)$/,
    manual: '手动',
    succeeded: '成功',
    save: /^保\s?存$/,
    badCron: '“61 * * * *”不是有效的 cron 表达式',
    historyTitle: (name: string) => `${name} 的执行记录`,
  },
} as const;

function jobRow(page: Page, name: string): Locator {
  return page.getByTestId('job-table').locator('tr.ant-table-row').filter({ hasText: name });
}

/** Confirms the open Popconfirm. */
async function confirm(page: Page, ok: RegExp) {
  const popconfirm = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
  await popconfirm.getByRole('button', { name: ok }).click();
  await expect(popconfirm).toHaveCount(0);
}

for (const [locale, job] of [
  ['en-US', 'smsApi.purge'],
  ['zh-CN', 'smppServer.purge'],
] as const) {
  test(`${locale}: an administrator pauses a job, resumes it, runs it once and sees the run in its history`, async ({
    page,
  }) => {
    test.slow();
    const text = TEXTS[locale];
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/user/login');
    await signIn(page, 'admin');
    await expect(page.getByTestId('current-user')).toBeVisible();
    if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
    await page.getByTestId('side-menu').getByTestId('menu-system').click();
    await page.getByTestId('side-menu').getByRole('menuitem', { name: text.menu }).click();
    await expect(page).toHaveURL(/\/system\/quartzJob$/);

    const row = jobRow(page, job);
    await expect(row.getByTestId('job-description')).toHaveText(text.description);
    await expect(row.getByTestId('job-state')).toHaveText(text.active);

    // Pause, confirmed: the state says so and there is no next run.
    await row.getByTestId('job-pause').click();
    await confirm(page, text.ok);
    await expectToast(page, text.paused);
    await expect(row.getByTestId('job-state')).toHaveText(text.paused);
    await expect(row).toContainText(text.pausedNoNext);

    // Resume.
    await row.getByTestId('job-resume').click();
    await expectToast(page, text.resumed);
    await expect(row.getByTestId('job-state')).toHaveText(text.active);
    await expect(row).not.toContainText(text.pausedNoNext);

    // A bad cron expression is refused on the field in this language; the schedule stays.
    const schedule = await row.getByTestId('job-schedule').innerText();
    await row.getByTestId('job-edit').click();
    const form = page.getByRole('dialog').filter({ has: page.getByTestId('job-schedule-form') });
    await form.getByTestId('job-schedule-input').fill('61 * * * *');
    await form.getByRole('button', { name: text.save }).click();
    await expect(fieldErrors(form)).toContainText(text.badCron);
    await form.getByRole('button', { name: /^(Cancel|取\s?消)$/ }).click();
    await expect(form).toBeHidden();
    await expect(row.getByTestId('job-schedule')).toHaveText(schedule);

    // Run now, confirmed: the history opens and shows the manual run, succeeded.
    await row.getByTestId('job-run').click();
    await confirm(page, text.ok);
    await expectToast(page, text.finished);
    const drawer = page.getByRole('dialog', { name: text.historyTitle(job) });
    await expect(drawer).toBeVisible();
    const latest = drawer.getByTestId('job-history').locator('tr.ant-table-row').first();
    await expect(latest).toContainText(text.manual);
    await expect(latest.getByTestId('run-status')).toHaveText(text.succeeded);
    await page.screenshot({ path: `${SCREENSHOTS}/scheduled-jobs-history-${locale}.png` });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The list shows that last run.
    await expect(row.getByTestId('run-status')).toHaveText(text.succeeded);
    await page.screenshot({ path: `${SCREENSHOTS}/scheduled-jobs-${locale}.png` });
  });
}
