import type { Locator, Page } from '@playwright/test';
import { type Smsc, startSmsc } from '@switchboard/smsc-sim';
import { adminHeaders, expect, expectToast, fieldErrors, signIn, switchLanguage, test } from './support';

/**
 * The gateway screen, in both languages: an administrator adds a gateway pointing at an SMSC
 * simulator this spec runs on a free port, sees it bound, sees it go down when the simulator
 * stops and bound again when it comes back on the same port (states pushed over the websocket).
 */

const TEXTS = {
  'en-US': {
    add: 'Add gateway',
    save: /^Save$/,
    saved: 'Gateway saved',
    portTooLarge: 'Port must be at most 65535',
    bound: /^Bound/,
    down: 'Down',
  },
  'zh-CN': {
    add: '新增通道',
    save: /^保\s*存$/,
    saved: '通道已保存',
    portTooLarge: '端口不能大于65535',
    bound: /^已绑定/,
    down: '已断开',
  },
} as const;

const ACCOUNT = { systemId: 'e2egw', password: 'e2e123' };

function gatewayRow(page: Page, name: string): Locator {
  return page.locator('tr.ant-table-row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`${locale}: an administrator adds a gateway and watches it bind, go down and bind again`, async ({
    page,
    request,
  }) => {
    test.slow();
    const text = TEXTS[locale];
    const name = `e2e-gw-${locale}-${Date.now() % 1_000_000}`;
    let smsc: Smsc | undefined = await startSmsc({ accounts: [ACCOUNT] });
    const port = smsc.port;
    try {
      await page.goto('/user/login');
      await signIn(page, 'admin');
      if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
      await page.goto('/sms/gateway');
      await expect(page.getByTestId('gateway-table')).toBeVisible();

      await page.getByTestId('gateway-add').click();
      const form = page.getByRole('dialog').filter({ has: page.getByTestId('gateway-form') });
      await expect(form).toBeVisible();
      await form.getByTestId('gateway-name').fill(name);
      await form.getByTestId('gateway-host').fill('127.0.0.1');
      await form.getByTestId('gateway-systemId').fill(ACCOUNT.systemId);
      await form.getByTestId('gateway-password').fill(ACCOUNT.password);
      // Refused in the caller's language before anything is sent.
      await form.getByTestId('gateway-port').fill('70000');
      await form.getByRole('button', { name: text.save }).click();
      await expect(fieldErrors(form).filter({ hasText: text.portTooLarge })).toBeVisible();
      await form.getByTestId('gateway-port').fill(String(port));
      // Quick reconnects, so the restart is seen within moments.
      await form.getByTestId('gateway-reconnectSeconds').fill('1');
      await form.getByTestId('gateway-reconnectMaxSeconds').fill('1');
      await form.getByRole('button', { name: text.save }).click();
      await expect(form).toBeHidden();
      await expectToast(page, text.saved);

      const row = gatewayRow(page, name);
      await expect(row).toContainText(`127.0.0.1:${port}`);
      const state = row.getByTestId('gateway-state');
      await expect(state).toHaveAttribute('data-state', 'bound', { timeout: 60_000 });
      await expect(state).toHaveText(text.bound);
      await expect.poll(() => smsc!.bindList().filter((b) => b.systemId === ACCOUNT.systemId).length).toBe(1);

      // The simulator goes away: the state goes down (pushed, no reload), with the reason.
      await smsc.stop();
      smsc = undefined;
      await expect(state).toHaveAttribute('data-state', 'down', { timeout: 60_000 });
      await expect(state).toHaveText(text.down);
      await expect(row.getByTestId('gateway-last-error')).not.toBeEmpty();

      // Back on the same port: bound again.
      smsc = await startSmsc({ port, accounts: [ACCOUNT] });
      await expect(state).toHaveAttribute('data-state', 'bound', { timeout: 60_000 });
      await expect(state).toHaveText(text.bound);
    } finally {
      // The gateway goes (its binds with it), then the simulator.
      const headers = await adminHeaders(request);
      const found = await request.get('/api/sms/gateway/list', { headers, params: { name } });
      const records = ((await found.json()) as { result?: { records?: { id: string; name: string }[] } })
        .result?.records;
      for (const record of records?.filter((r) => r.name === name) ?? []) {
        await request.delete('/api/sms/gateway/delete', { headers, params: { id: record.id } });
      }
      await smsc?.stop();
    }
  });
}
