import { adminHeaders, expect, PASSWORD, SCREENSHOTS, signIn, switchLanguage, test } from './support';

/**
 * System → Monitoring (issue 13), in both languages: the administrator opens it from the menu and
 * sees the answering process's figures, the shared ones and the demo gateways bound to the
 * demo SMSC simulators (the e2e server runs them); the charts gather samples as the screen
 * refreshes itself, and the switch pauses it. On a phone the screen fits the width.
 */

const TEXTS = {
  'en-US': {
    menu: 'Monitoring',
    scope: /server process that answered/,
    paused: 'Paused',
    every: 'Every 5 s',
    bound: /^Bound/,
    embedded: /Embedded \(PGlite\)/,
  },
  'zh-CN': {
    menu: '系统监控',
    scope: /本次应答的服务进程/,
    paused: '已暂停',
    every: '每 5 秒',
    bound: /^已绑定/,
    embedded: /内嵌数据库（PGlite）/,
  },
} as const;

interface Snapshot {
  process: { node: string };
  gateways: { name: string; state: string }[];
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`${locale}: the administrator watches the server, its queues and the demo gateways' binds`, async ({
    page,
    request,
  }) => {
    const text = TEXTS[locale];
    await page.goto('/user/login');
    await signIn(page, 'admin');
    if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('side-menu').getByTestId('menu-system').click();
    await page.getByTestId('side-menu').getByRole('menuitem', { name: text.menu }).click();
    await expect(page).toHaveURL(/\/system\/monitor$/);

    const screen = page.getByTestId('monitor-page');
    await expect(screen).toBeVisible();
    await expect(page.getByTestId('monitor-scope')).toContainText(text.scope);
    // The process that answered: the one the API names too (one server process in this suite).
    const snapshot = (await (
      await request.get('/api/sys/monitor/snapshot', { headers: await adminHeaders(request) })
    ).json()) as { result: Snapshot };
    await expect(screen).toHaveAttribute('data-node', snapshot.result.process.node);
    await expect(page.getByTestId('monitor-scope')).toContainText(snapshot.result.process.node);

    // Figures, formatted: a percentage, bytes, milliseconds, a size of the embedded database.
    await expect(page.getByTestId('monitor-cpu')).toContainText(/^[\s\S]*\d[\d,]*\.\d%/);
    await expect(page.getByTestId('monitor-memory')).toContainText(/\d[\d,]*\.\d (MB|GB)/);
    await expect(page.getByTestId('monitor-loop')).toContainText(/(\d[\d,]*\.\d\d ms|–)/);
    await expect(page.getByTestId('monitor-uptime')).toContainText(/\d/);
    await expect(page.getByTestId('monitor-websockets')).toContainText(/\d/);
    await expect(page.getByTestId('monitor-db-size')).toContainText(/\d[\d,]*\.\d (KB|MB|GB)/);
    await expect(page.getByTestId('monitor-db-size-detail')).toContainText(text.embedded);
    await expect(page.getByTestId('monitor-queue-accepted')).toContainText(/\d/);

    // The demo gateways, bound to the simulators (the gateway module's live state).
    const table = page.getByTestId('monitor-gateways');
    for (const name of ['demo-smsc', 'demo-smsc-cn']) {
      const row = table
        .locator('tr.ant-table-row')
        .filter({ has: page.getByRole('cell', { name, exact: true }) });
      const state = row.getByTestId('gateway-state');
      await expect(state).toHaveAttribute('data-state', 'bound', { timeout: 60_000 });
      await expect(state).toHaveText(text.bound);
      await expect(row).toContainText('2 / 2');
    }
    const apiNames = snapshot.result.gateways.map((g) => g.name);
    await expect(table.locator('tr.ant-table-row')).toHaveCount(apiNames.length);

    // The screen asks again by itself: the charts gather samples.
    await expect(page.getByTestId('monitor-chart-cpu').locator('svg')).toBeVisible();
    await expect
      .poll(async () => Number(await page.getByTestId('monitor-chart-cpu').getAttribute('data-samples')), {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('monitor-chart-memory')).toHaveAttribute('data-samples', /^[1-9]\d*$/);
    await expect(page.getByTestId('monitor-chart-queues')).toHaveAttribute('data-samples', /^[1-9]\d*$/);

    // Pause and resume.
    const autoRefresh = page.getByTestId('monitor-auto-refresh');
    await expect(page.getByText(text.every)).toBeVisible();
    await autoRefresh.click();
    await expect(autoRefresh).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText(text.paused, { exact: true })).toBeVisible();
    const pausedAt = Number(await page.getByTestId('monitor-chart-cpu').getAttribute('data-samples'));
    await autoRefresh.click();
    await expect(autoRefresh).toHaveAttribute('aria-checked', 'true');
    await expect
      .poll(async () => Number(await page.getByTestId('monitor-chart-cpu').getAttribute('data-samples')), {
        timeout: 30_000,
      })
      .toBeGreaterThan(pausedAt);
    await page.screenshot({ path: `${SCREENSHOTS}/13-monitor-${locale}.png`, fullPage: true });

    // A phone: every card and table fits the width (tables scroll inside their card).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(screen).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      )
      .toBeLessThanOrEqual(0);
    await expect(table.getByTestId('gateway-state').first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/13-monitor-${locale}-phone.png`, fullPage: true });
  });
}

test('a customer has no Monitoring screen and its snapshot is refused', async ({ page, request }) => {
  await page.goto('/user/login');
  await signIn(page, 'customer');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await expect(page.getByTestId('side-menu').getByTestId('menu-system')).toHaveCount(0);
  const login = await request.post('/api/sys/login', { data: { username: 'customer', password: PASSWORD } });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const res = await request.get('/api/sys/monitor/snapshot', { headers: { 'X-Access-Token': token } });
  expect(res.status()).toBe(403);
  await page.goto('/system/monitor');
  await expect(page.getByTestId('monitor-page')).toHaveCount(0);
});
