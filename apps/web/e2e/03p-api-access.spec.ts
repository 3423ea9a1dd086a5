import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMS_API_PREFIX, verifyCallbackSignature } from '@switchboard/contracts';
import { expect, expectToast, SCREENSHOTS, signIn, switchLanguage, test } from './support';

/**
 * API access, as a customer: generate a key and see its secret once (gone once the dialog is
 * closed; the secret shown signs requests), set the delivery-report callback URL and send a test
 * to a receiver started here, which gets a correctly signed sample.
 */

/** A local receiver of callbacks (the e2e server may post to 127.0.0.1: CALLBACK_ALLOW_PRIVATE). */
async function startReceiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms/dlr`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const TEXTS = {
  'en-US': {
    menu: 'API access',
    generateTitle: 'Generate an API key',
    secretTitle: 'Save your API secret now',
    warning: /only time the secret is shown/,
    active: 'Active',
    saved: 'Callback URL saved',
    delivered: /^Answered 200 in \d+ ms$/,
    ipTitle: 'API IP whitelist',
  },
  'zh-CN': {
    menu: 'API接入',
    generateTitle: '生成API密钥',
    secretTitle: '请立即保存您的API Secret',
    warning: /只在此处显示这一次/,
    active: '启用',
    saved: '回调地址已保存',
    delivered: /^响应 200，耗时 \d+ 毫秒$/,
    ipTitle: 'API IP白名单',
  },
} as const;

for (const [locale, user] of [
  ['en-US', 'customer'],
  ['zh-CN', 'customer2'],
] as const) {
  test(`a customer generates an API key, sees the secret once and tests a callback (${locale})`, async ({
    page,
    request,
  }) => {
    test.slow();
    const T = TEXTS[locale];
    const receiver = await startReceiver();
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/user/login');
      if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
      await signIn(page, user);
      await page.getByRole('menuitem', { name: T.menu }).click();
      await expect(page).toHaveURL(/\/apiAccess$/);
      await expect(page.getByTestId('ip-whitelist-card')).toContainText(T.ipTitle);

      // Generate: a label, then the key and its secret, once.
      const label = `e2e ${locale} ${Date.now() % 100_000}`;
      await page.getByTestId('generate-key').click();
      const generate = page.getByRole('dialog').filter({ has: page.getByTestId('generate-form') });
      await expect(generate.locator('.ant-modal-title')).toHaveText(T.generateTitle);
      await generate.getByRole('textbox').fill(label);
      await page.getByTestId('generate-confirm').click();
      const shown = page.getByRole('dialog').filter({ has: page.getByTestId('issued-api-secret') });
      await expect(shown.locator('.ant-modal-title')).toHaveText(T.secretTitle);
      await expect(shown.locator('.ant-alert')).toContainText(T.warning);
      const apiKey = (await page.getByTestId('issued-api-key').innerText()).trim();
      const apiSecret = (await page.getByTestId('issued-api-secret').innerText()).trim();
      expect(apiKey).toMatch(/^ak_[0-9a-f]{32}$/);
      expect(apiSecret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
      // Copy buttons beside both.
      await expect(shown.locator('.ant-typography-copy')).toHaveCount(2);
      await page.screenshot({ path: `${SCREENSHOTS}/api-access-secret-${locale}.png` });
      await page.getByTestId('secret-done').click();
      await expect(shown).toBeHidden();

      // Gone: not in the page any more, the list shows the key without it.
      await expect(page.getByTestId('issued-api-secret')).toHaveCount(0);
      expect(await page.content()).not.toContain(apiSecret.slice(3));
      const row = page.getByTestId('api-keys-table').locator('tr.ant-table-row').filter({ hasText: apiKey });
      await expect(row).toContainText(label);
      await expect(row).toContainText(T.active);

      // The key and the secret that was shown open the customer API (HTTP Basic).
      const authorization = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;
      const called = await request.get(`/api${SMS_API_PREFIX}/balance`, { headers: { authorization } });
      expect(called.status()).toBe(200);

      // The callback URL, saved, then a test sent to the receiver.
      await page.getByTestId('callback-url').fill(receiver.url);
      await page.getByTestId('callback-save').click();
      await expectToast(page, T.saved);
      await page.getByTestId('callback-test').click();
      await expect(page.getByTestId('callback-test-result').locator('.ant-alert-title')).toHaveText(
        T.delivered,
      );
      await expect(page.getByTestId('callback-test-result')).toContainText(receiver.url);
      expect(receiver.received).toHaveLength(1);
      const got = receiver.received[0]!;
      expect(JSON.parse(got.body)).toMatchObject({ event: 'delivery_report', test: true });

      // Its signature checks out with the signing secret the screen shows.
      await page.getByTestId('callback-secret-toggle').click();
      const signingSecret = (await page.getByTestId('callback-secret').innerText()).trim();
      expect(signingSecret).toMatch(/^whsec_/);
      expect(
        await verifyCallbackSignature({
          secret: signingSecret,
          timestamp: got.headers['x-switchboard-timestamp'] as string,
          signature: got.headers['x-switchboard-signature'] as string,
          body: got.body,
        }),
      ).toBeNull();
      await page.screenshot({ path: `${SCREENSHOTS}/api-access-${locale}.png`, fullPage: true });
    } finally {
      await receiver.close();
    }
  });
}
