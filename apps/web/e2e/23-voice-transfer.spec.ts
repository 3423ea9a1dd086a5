import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminHeaders,
  expect,
  expectToast,
  pickOption,
  recordToasts,
  SCREENSHOTS,
  signIn,
  storedToken,
  switchLanguage,
  test,
} from './support';

/**
 * Voice (issue 23): an IVR transfer to a number, and trunks over TLS, in English at 1440 px and in
 * Chinese at 390 px. A customer's task whose flow transfers the call runs against the demo's
 * carrier simulator (the second number answers and hangs up after 3 s); the call records show the
 * transfer under the call's result: the number, the second leg's result and how long it was
 * bridged. An administrator adds a TLS trunk: the port follows to 5061 and certificate
 * verification shows (on), turned off here, and the list names the trunk's transport.
 */

const LANGUAGES = [
  {
    locale: 'en-US' as const,
    width: 1440,
    transferred: 'Transferred to',
    answered: 'Answered',
    save: /^Save$/,
    saved: 'Saved',
    verify: 'Verify certificate',
  },
  {
    locale: 'zh-CN' as const,
    width: 390,
    transferred: '转接至',
    answered: '已接听',
    save: /^保\s*存$/,
    saved: '已保存',
    verify: '校验证书',
  },
];

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

async function creditCustomer(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const list = await request.get('/api/sys/company/list?name=Direct%20Retail', { headers });
  const companyId = ((await list.json()) as { result: { records: { id: string }[] } }).result.records[0]!.id;
  const credit = await request.post('/api/sys/balance/adjust', {
    headers,
    data: {
      companyId,
      direction: 'credit',
      amount: '5',
      reason: 'e2e transfer',
      idempotencyKey: `e2e-transfer-${unique()}`,
    },
  });
  expect(credit.ok(), await credit.text()).toBe(true);
}

/** The customer's task of one number whose flow transfers to `to`, run to its end through the API. */
async function runTransferTask(page: Page, number: string, to: string): Promise<string> {
  const headers = { 'X-Access-Token': await storedToken(page) };
  const flow = await page.request.post('/api/voip/ivrFlow/add', {
    headers,
    data: {
      name: `e2e_transfer_${unique()}`,
      nodes: [
        {
          id: 'menu',
          fileId: null,
          repeat: 1,
          timeoutS: 1,
          branches: [],
          noKey: { type: 'transfer', number: to },
        },
      ],
    },
  });
  expect(flow.ok(), await flow.text()).toBe(true);
  const flowId = ((await flow.json()) as { result: { id: string } }).result.id;
  const added = await page.request.post('/api/groupCallTask/add', {
    headers,
    data: {
      name: `e2e-transfer-${unique()}`,
      ivrFlowId: flowId,
      numbers: [`+${number}`],
      callRatio: 1,
      periods: [{ start: '00:00', end: '23:59' }],
      ttlS: 60,
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const taskId = ((await added.json()) as { result: { id: string } }).result.id;
  const submitted = await page.request.post('/api/groupCallTask/submit', { headers, data: { id: taskId } });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const d = await page.request.get(`/api/groupCallTask/details/${taskId}`, { headers });
        return ((await d.json()) as { result: { state: string } }).result.state;
      },
      { timeout: 120_000 },
    )
    .toBe('success');
  return taskId;
}

for (const lang of LANGUAGES) {
  test(`[${lang.locale}, ${lang.width} px] a transferred call's second leg in the call records`, async ({
    browser,
    request,
  }) => {
    test.slow();
    await creditCustomer(request);
    const context = await browser.newContext({
      viewport: { width: lang.width, height: 900 },
      locale: lang.locale,
    });
    const page = await context.newPage();
    // By the simulator's last digit: 8 answers and echoes; 5 answers and hangs up after 3 s.
    const stem = `86139${String(Date.now()).slice(-6)}`;
    const [first, second] = [`${stem}8`, `${stem}5`];
    try {
      await page.goto('/user/login');
      if (lang.locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
      await signIn(page, 'customer');
      await expect(page.getByTestId('current-user')).toBeVisible();
      const taskId = await runTransferTask(page, first, second);

      await page.goto(`/groupCallTask/records?taskId=${taskId}`);
      const list = page.getByTestId('call-record-table');
      await expect(list).toBeVisible({ timeout: 120_000 });
      const row = list.locator('tbody tr.ant-table-row').filter({ hasText: first });
      await expect(row).toHaveCount(1);
      const transfer = row.getByTestId('call-record-transfer');
      await expect(transfer).toContainText(`${lang.transferred} ${second}`);
      await expect(transfer.getByTestId('call-result')).toHaveText(lang.answered);
      // Bridged until the far side hung up, 3 s after it answered.
      await expect(transfer).toContainText(/0:0[2-9]/);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS}/23-call-transfer-${lang.locale}-${lang.width}.png` });
    } finally {
      await context.close();
    }
  });

  test(`[${lang.locale}, ${lang.width} px] an administrator adds a TLS trunk without certificate verification`, async ({
    browser,
  }) => {
    test.slow();
    const context = await browser.newContext({
      viewport: { width: lang.width, height: 900 },
      locale: lang.locale,
    });
    const page = await context.newPage();
    await recordToasts(page);
    const name = `e2e-tls-${unique()}`;
    try {
      await page.goto('/user/login');
      if (lang.locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
      await signIn(page, 'admin');
      await page.goto('/voice/trunk');
      const table = page.getByTestId('trunk-table');
      await expect(table).toBeVisible({ timeout: 120_000 });
      await page.getByTestId('trunk-add').click();
      const form = page.getByRole('dialog').filter({ has: page.getByTestId('trunk-form') });
      await expect(form).toBeVisible();
      await expect(form.getByTestId('trunk-tlsVerify')).toHaveCount(0);
      await form.getByTestId('trunk-name').fill(name);
      await form.getByTestId('trunk-host').fill('sip.carrier.example');
      await pickOption(page, form.getByTestId('trunk-transport'), 'TLS');
      await expect(form.getByTestId('trunk-port')).toHaveValue('5061');
      const verify = form.getByTestId('trunk-tlsVerify');
      await expect(verify).toHaveAttribute('aria-checked', 'true');
      await expect(form.getByText(lang.verify, { exact: true })).toBeVisible();
      await verify.click();
      await expect(verify).toHaveAttribute('aria-checked', 'false');
      await form.getByRole('button', { name: lang.save }).click();
      await expect(form).toBeHidden();
      await expectToast(page, lang.saved);
      const row = table.locator('tr.ant-table-row').filter({ hasText: name });
      if (lang.width >= 1440) await expect(row).toContainText('tls:sip.carrier.example:5061');
      else await expect(row).toBeVisible();
    } finally {
      await context.close();
    }
  });
}
