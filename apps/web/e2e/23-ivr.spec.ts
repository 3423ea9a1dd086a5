import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, signIn, switchLanguage, test } from './support';

/**
 * IVR files (issue 23), in both languages, at 1440 and 390 px: a customer makes a file from
 * text (the counter follows the typing), finds it in the list with its duration, and hears it:
 * the `<audio>` element loads the WAV and knows how long it is.
 */

const LANGUAGES = [
  {
    locale: 'en-US' as const,
    width: 1440,
    save: /^Speak and save$/,
    text: 'Welcome. Press 1 for yes, or 2 for no.',
    nameRule: 'A file name has only letters, digits and underscore',
  },
  {
    locale: 'zh-CN' as const,
    width: 390,
    save: /^合成并保存$/,
    text: '欢迎致电。确认请按1，取消请按2。',
    nameRule: '文件名只能包含字母、数字和下划线',
  },
];

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

async function signInAs(page: Page, username: string, locale: 'en-US' | 'zh-CN') {
  await page.goto('/user/login');
  if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
  await signIn(page, username);
}

for (const lang of LANGUAGES) {
  test(`[${lang.locale}, ${lang.width} px] a customer makes a text-to-speech file and hears it`, async ({
    browser,
  }) => {
    test.slow();
    const context = await browser.newContext({
      viewport: { width: lang.width, height: 900 },
      locale: lang.locale,
    });
    const page = await context.newPage();
    try {
      await signInAs(page, 'customer', lang.locale);
      await page.goto('/voip/ivrFile');
      await page.getByTestId('ivr-tts-add').click();
      const form = page.getByTestId('ivr-tts-form');
      await form.getByTestId('ivr-tts-name').fill('bad name');
      await form.getByTestId('ivr-tts-text').fill(lang.text);
      // The counter shows what is typed against the limit of 800.
      await expect(form.getByText(`${lang.text.length} / 800`)).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: lang.save }).click();
      await expect(form.locator('.ant-form-item-explain-error')).toHaveText(lang.nameRule);
      const name = `e2e_${unique()}`;
      await form.getByTestId('ivr-tts-name').fill(name);
      await page.getByRole('dialog').getByRole('button', { name: lang.save }).click();
      await expect(page.getByRole('dialog')).toBeHidden();

      const list = page.getByTestId('ivr-file-table');
      // On a phone the query form folds behind a Filters button.
      if (!(await list.getByTestId('ivr-file-search').isVisible()))
        await list.getByTestId('query-toggle').click();
      await list.getByTestId('ivr-file-search').fill(name);
      await list.getByTestId('query-submit').click();
      const row = list.locator('tr', { hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('ivr-file-duration')).toHaveText(/^0:0[1-9]\.\d$|^0:[1-5]\d\.\d$/);

      await row.getByTestId('ivr-play').click();
      const audio = row.getByTestId('ivr-audio');
      await expect(audio).toBeVisible();
      // The browser decoded the WAV: its duration is known (seconds, not NaN or Infinity).
      await expect
        .poll(() => audio.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0)))
        .toBeGreaterThan(1);
      const box = await audio.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(lang.width);
      await page.screenshot({ path: `${SCREENSHOTS}/23-ivr-files-${lang.locale}-${lang.width}.png` });
    } finally {
      await context.close();
    }
  });
}
