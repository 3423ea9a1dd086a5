import type { APIRequestContext } from '@playwright/test';
import {
  adminHeaders,
  chooseOption,
  expect,
  expectToast,
  PASSWORD,
  pickCountry,
  signIn,
  switchLanguage,
  test,
} from './support';

/**
 * SMS routing in the console, once in each language: an administrator creates a route with two
 * gateways in priority order and tests a number against it (route, gateways in order, price,
 * margin); a reseller chooses which of its granted gateways its customer uses. The gateways
 * e2e-gw-a and e2e-gw-b are inserted before the server starts (apps/server/test/e2e-seed.ts).
 */

const GATEWAYS = ['e2e-gw-a', 'e2e-gw-b'] as const;

async function api<T>(
  request: APIRequestContext,
  headers: Record<string, string>,
  method: string,
  url: string,
  data?: unknown,
) {
  const res = await request.fetch(`/api${url}`, { method, headers, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${url}: ${res.status()}`).toBe(true);
  return ((await res.json()) as { result: T }).result;
}

async function gatewayIds(request: APIRequestContext, headers: Record<string, string>) {
  const all = await api<{ id: string; name: string }[]>(request, headers, 'GET', '/sms/route/gateways');
  return Object.fromEntries(all.filter((g) => GATEWAYS.includes(g.name as never)).map((g) => [g.name, g.id]));
}

async function companyIdOf(request: APIRequestContext, headers: Record<string, string>, name: string) {
  const page = await api<{ records: { id: string; name: string }[] }>(
    request,
    headers,
    'GET',
    '/sys/company/list?pageSize=500',
  );
  const found = page.records.find((c) => c.name === name);
  if (!found) throw new Error(`no company ${name}`);
  return found.id;
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const zh = locale === 'zh-CN';

  test(`an administrator creates a route and tests a number against it (${locale})`, async ({
    page,
    request,
  }) => {
    test.slow();
    const headers = await adminHeaders(request);
    // A distinct prefix per language: each run's route is the one its number matches.
    const prefix = zh ? '447901' : '447900';
    const number = `+${prefix}900123`;
    const name = `E2E route ${locale} ${Date.now().toString(36)}`;
    // What e2e-gw-b costs for Great Britain, so that the tester can show the margin.
    await request.post('/api/gatewayOperatorPrice/add', {
      headers,
      data: { gateway: 'e2e-gw-b', kind: 'sms', countryCode: 'GB', cost: '0.011000' },
    });
    let routeId: string | undefined;
    try {
      await page.goto('/');
      if (zh) await switchLanguage(page, 'zh-CN');
      await signIn(page, 'admin');
      await page.goto('/sms/route');
      await expect(page.getByTestId('route-table')).toBeVisible();

      await page.getByTestId('route-add').click();
      const form = page.getByTestId('route-form');
      await form.getByTestId('route-name').fill(name);
      await pickCountry(page, form.getByTestId('route-country'), 'GB');
      await form.getByLabel(zh ? '号段' : 'Number prefix').fill(prefix);
      // Saving without a gateway says so in the form.
      await page
        .getByRole('dialog')
        .getByRole('button', { name: zh ? /保\s*存/ : 'Save' })
        .click();
      await expect(form.getByText(zh ? '通道不能为空' : 'Gateways is required')).toBeVisible();
      // e2e-gw-b first, then e2e-gw-a.
      await chooseOption(page, form.getByTestId('route-gateway-0'), 'e2e-gw-b');
      await form.getByTestId('route-gateway-add').click();
      await chooseOption(page, form.getByTestId('route-gateway-1'), 'e2e-gw-a');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: zh ? /保\s*存/ : 'Save' })
        .click();
      await expectToast(page, zh ? '已保存' : 'Saved');
      const row = page.getByTestId('route-table').getByRole('row', { name: new RegExp(name) });
      await expect(row).toContainText('1. e2e-gw-b');
      await expect(row).toContainText('2. e2e-gw-a');
      routeId = (
        await api<{ records: { id: string; name: string }[] }>(
          request,
          headers,
          'GET',
          `/sms/route/list?name=${encodeURIComponent(name)}`,
        )
      ).records[0]?.id;

      // The tester: the route, its gateways in order, the price and, for staff, the margin.
      await page.getByTestId('route-test-open').click();
      const tester = page.getByTestId('route-tester');
      await chooseOption(page, tester.getByTestId('route-tester-company'), 'Direct Retail Ltd');
      await tester.getByTestId('route-tester-number').fill(number);
      await tester.getByTestId('route-tester-run').click();
      const result = page.getByTestId('route-test-result');
      await expect(result.getByTestId('route-test-route')).toHaveText(name);
      await expect(result.getByTestId('route-test-gateways').locator('li')).toHaveText([
        /^e2e-gw-b/,
        /^e2e-gw-a/,
      ]);
      await expect(result.getByTestId('route-test-price')).toHaveText(/^\d+\.\d{2,6} USD$/);
      await expect(result.getByTestId('route-test-margin')).toHaveText(/^-?\d+\.\d{2,6} USD$/);
      await expect(page.getByTestId('route-recommend')).toContainText('e2e-gw-b');

      // A number that is none: the reason, in the page's language.
      await tester.getByTestId('route-tester-number').fill('12');
      await tester.getByTestId('route-tester-run').click();
      await expect(result.getByTestId('route-test-reason')).toContainText(
        zh ? '该电话号码不是有效的国际号码' : 'The phone number is not a valid international number',
      );
    } finally {
      if (routeId) await request.delete(`/api/sms/route/delete?id=${routeId}`, { headers });
    }
  });

  test(`a reseller chooses which granted gateway its customer uses (${locale})`, async ({
    page,
    request,
  }) => {
    test.slow();
    const headers = await adminHeaders(request);
    const ids = await gatewayIds(request, headers);
    const acme = await companyIdOf(request, headers, 'Acme Agency');
    const client = await companyIdOf(request, headers, 'Agency Client Co');
    await api(request, headers, 'POST', '/sms/gateway/grant/save', {
      companyId: acme,
      gatewayIds: [ids['e2e-gw-a'], ids['e2e-gw-b']],
    });
    const login = await request.post('/api/sys/login', { data: { username: 'agent', password: PASSWORD } });
    const agentHeaders = {
      'X-Access-Token': ((await login.json()) as { result: { token: string } }).result.token,
    };
    try {
      await page.goto('/');
      if (zh) await switchLanguage(page, 'zh-CN');
      await signIn(page, 'agent');
      await page.goto('/sms/agent/customer');
      const row = page.getByTestId('customer-table').getByRole('row', { name: /Agency Client Co/ });
      await row.getByTestId('customer-gateways-action').click();
      const dialog = page.getByTestId('customer-gateways');
      await expect(dialog.getByTestId('customer-gateways-summary')).toHaveText(
        zh ? '全部已分配通道' : 'All granted gateways',
      );
      await dialog.getByTestId('gateway-option-e2e-gw-b').click();
      await expect(dialog.getByTestId('customer-gateways-summary')).toHaveText(
        zh ? '已选择 1 个' : '1 chosen',
      );
      await page.getByTestId('customer-gateways-ok').click();
      await expectToast(page, zh ? '通道已保存' : 'Gateways saved');
      const saved = await api<{ gatewayIds: string[] }>(
        request,
        agentHeaders,
        'GET',
        `/sms/agent/customer/gateway?companyId=${client}`,
      );
      expect(saved.gatewayIds).toEqual([ids['e2e-gw-b']]);
    } finally {
      await request.post('/api/sms/agent/customer/gateway', {
        headers: agentHeaders,
        data: { companyId: client, gatewayIds: [] },
      });
      await request.post('/api/sms/gateway/grant/save', {
        headers,
        data: { companyId: acme, gatewayIds: [] },
      });
    }
  });
}
