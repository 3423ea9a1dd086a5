import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminHeaders,
  downloadedSheet,
  expect,
  PASSWORD,
  signIn,
  storedToken,
  switchLanguage,
  test,
} from './support';

/**
 * Sending SMS from the console (issue 12), in both languages, on the demo data: a customer types
 * numbers (one invalid, one repeated) and imports a file with a bad row, sees the file's columns as
 * variables, previews the cost (problems listed by row with their reason), sends, watches the
 * batch's progress to final statuses, finds the messages in the records (detail drawer), and sees
 * the charge in its balance and ledger. A scheduled send is cancelled and its charge refunded.
 */

const LANGUAGES = [
  {
    locale: 'en-US' as const,
    invalid: 'The phone number is not a valid international number',
    duplicate: 'The number is repeated',
    noNumbers: 'Please type numbers or import a file',
    covered: 'The balance covers it',
    scheduleInPast: 'The scheduled time must not be earlier than now',
    scheduled: 'Scheduled',
    cancelled: 'Cancelled',
    ok: /^OK$/,
    charge: 'Charge',
    undeliverable: 'Undeliverable',
  },
  {
    locale: 'zh-CN' as const,
    invalid: '该电话号码不是有效的国际号码',
    duplicate: '号码重复',
    noNumbers: '请输入号码或导入文件',
    covered: '余额充足',
    scheduleInPast: '定时发送时间不能早于当前时间',
    scheduled: '待发送',
    cancelled: '已取消',
    ok: /^确 ?定$/,
    charge: '扣费',
    undeliverable: '无法送达',
  },
];

/** Valid mobile numbers of demo-rated destinations (China and the UK), of this run only. */
const serial = () => String(Date.now()).slice(-7);
const cnNumber = (tail: string) => `86138${tail.padStart(8, '0').slice(-8)}`;
const gbNumber = (tail: string) => `447912${tail.padStart(6, '0').slice(-6)}`;

/** Micro-units of a money text ("12.345600" → 12345600n), exact. */
function micros(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
  return negative ? -value : value;
}

async function balanceOf(request: APIRequestContext, token: string): Promise<bigint> {
  const res = await request.get('/api/sys/balance', { headers: { 'X-Access-Token': token } });
  expect(res.ok(), await res.text()).toBe(true);
  return micros(((await res.json()) as { result: { balance: string } }).result.balance);
}

async function directRetailId(request: APIRequestContext, headers: Record<string, string>) {
  const list = await request.get('/api/sys/company/list?name=Direct%20Retail', { headers });
  return ((await list.json()) as { result: { records: { id: string }[] } }).result.records[0]!.id;
}

/** Money enough for the sends (the administrator credits the demo customer's company). */
async function creditCustomer(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const credit = await request.post('/api/sys/balance/adjust', {
    headers,
    data: {
      companyId: await directRetailId(request, headers),
      direction: 'credit',
      amount: '20',
      reason: 'e2e sms',
      idempotencyKey: `e2e-sms-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  });
  expect(credit.ok(), await credit.text()).toBe(true);
}

/** A notification template and a sender id the customer submits and the administrator passes. */
async function passedTemplateAndSender(request: APIRequestContext, token: string, tail: string) {
  const headers = { 'X-Access-Token': token };
  const template = { name: `E2E notice ${tail}`, text: `Reminder ${tail}: your order ships today` };
  const added = await request.post('/api/sms/template/add', {
    headers,
    data: { ...template, kinds: ['notification'] },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const sender = `Shop${tail}`.slice(0, 11);
  const senderAdded = await request.post('/api/sms/sender/add', { headers, data: { senderId: sender } });
  expect(senderAdded.ok(), await senderAdded.text()).toBe(true);
  const admin = await adminHeaders(request);
  for (const [path, res] of [
    ['/api/sms/template/approve', added],
    ['/api/sms/sender/approve', senderAdded],
  ] as const) {
    const id = ((await res.json()) as { result: { id: string } }).result.id;
    const passed = await request.put(path, { headers: admin, data: { id } });
    expect(passed.ok(), await passed.text()).toBe(true);
  }
  return { template, sender };
}

async function startAsCustomer(page: Page, locale: 'en-US' | 'zh-CN') {
  await page.goto('/user/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/user/login');
  if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
  await signIn(page, 'customer');
}

for (const lang of LANGUAGES) {
  test(`[${lang.locale}] a customer imports numbers with bad rows, previews the cost, sends, watches the statuses and sees the charge`, async ({
    page,
    request,
  }) => {
    test.slow();
    await creditCustomer(request);
    await startAsCustomer(page, lang.locale);
    const token = await storedToken(page);
    const tail = serial();
    const typed = [cnNumber(`${tail}1`), gbNumber(`${tail}2`)];
    // The demo simulators answer a number ending 0000 as undeliverable; the rest mostly delivered.
    const fromFile = [cnNumber(`${tail}3`), cnNumber(`${tail.slice(-4)}0000`)];

    await page.goto('/sms/marketing');
    const send = page.getByTestId('sms-send');
    // Typed: two good numbers, a bad one and a repeat, with the separators people use.
    await send.getByTestId('sms-numbers').fill(`${typed[0]}, ${typed[1]}\n12345\n${typed[0]}`);
    await expect(send.getByTestId('sms-typed-count')).toContainText('4');
    // Numbers pasted at once are numbers: no "type numbers" error under them.
    await expect(send.getByText(lang.noNumbers)).toHaveCount(0);

    // A file: a number column and a variable column, one row unreadable.
    await send.locator('input[type=file]').setInputFiles({
      name: 'numbers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`number,name\n${fromFile[0]},Ann\nnot-a-number,Bob\n${fromFile[1]},Cy\n`),
    });
    const imported = send.getByTestId('sms-imported');
    await expect(imported).toContainText('numbers.csv');
    await expect(imported.getByTestId('sms-import-problems')).toContainText('not-a-number');
    await expect(imported.getByTestId('sms-import-problems')).toContainText(lang.invalid);

    // The file's column is a variable to insert; the first recipient (typed) has no value for it.
    const text = send.getByTestId('sms-text');
    await text.fill('Hi ');
    await imported.getByTestId('sms-variable').filter({ hasText: '{name}' }).click();
    await expect(text).toHaveValue('Hi {name}');
    await expect(send.getByTestId('sms-first-preview')).toContainText(typed[0]!);
    await expect(send.getByTestId('sms-first-preview')).toContainText('{name}');

    // Live length, encoding and parts: GSM-7, then UCS-2 with Chinese, then two parts.
    await text.fill(`Sale ${tail}: 10% off today`);
    await expect(send.getByTestId('sms-encoding')).toHaveText('GSM-7');
    await expect(send.getByTestId('sms-parts')).toContainText('1');
    await text.fill(`促销 ${tail}`);
    await expect(send.getByTestId('sms-encoding')).toHaveText('UCS-2');
    await text.fill(`Sale ${tail}: ${'x'.repeat(170)}`);
    await expect(send.getByTestId('sms-parts')).toContainText('2');
    await text.fill(`Sale ${tail}: 10% off today`);

    // Preview: six recipients, two not sent (invalid, repeated) listed by row and reason.
    await send.getByTestId('sms-preview').click();
    const preview = page.getByTestId('sms-preview-result');
    await expect(preview.getByTestId('preview-total')).toHaveText('6');
    await expect(preview.getByTestId('preview-valid')).toHaveText('4');
    await expect(preview.getByTestId('preview-problems')).toHaveText('2');
    const problems = preview.getByTestId('preview-problem-list');
    await expect(problems.locator('tr', { hasText: '12345' })).toContainText(lang.invalid);
    await expect(problems.locator('tr', { hasText: lang.duplicate })).toContainText('4');
    await expect(preview.getByTestId('preview-parts')).toContainText('4');
    await expect(preview.getByTestId('preview-covered')).toHaveText(lang.covered);
    const amount = micros((await preview.getByTestId('preview-amount').getAttribute('data-amount'))!);
    expect(amount).toBeGreaterThan(0n);

    const before = await balanceOf(request, token);
    await page.getByTestId('sms-send-confirm').click();

    // Progress: the batch's messages counted by status while they are submitted and their
    // receipts arrive (a simulated receipt may never come: such a message stays sent).
    const progress = page.getByTestId('batch-progress');
    await expect(progress).toBeVisible();
    const batchId = (await progress.getAttribute('data-batch-id'))!;
    const bar = progress.getByTestId('batch-progress-bar');
    // Five messages: the four to send and the invalid number (final at once, never charged); the
    // repeated number is not a message.
    await expect(bar).toHaveAttribute('data-total', '5');
    await expect(progress.getByTestId('batch-counts').locator('[data-status=invalid_number]')).toContainText(
      '1',
    );
    await expect
      .poll(async () => Number(await bar.getAttribute('data-final')), { timeout: 120_000 })
      .toBeGreaterThanOrEqual(3);
    await expect(progress.getByTestId('batch-counts').locator('[data-status=delivered]')).toBeVisible();

    // The charge: the balance went down by the previewed cost at acceptance, and the ledger has
    // one charge for the batch: its messages' prices added up.
    const headers = { 'X-Access-Token': token };
    const listed = await request.get(`/api/sms/marketing/list?batchId=${batchId}&pageSize=50`, { headers });
    const messages = (
      (await listed.json()) as { result: { records: { id: string; status: string }[] } }
    ).result.records.filter((m) => m.status !== 'invalid_number');
    expect(messages).toHaveLength(4);
    const ledger = await request.get('/api/sys/ledger/list?kind=charge&pageSize=100', { headers });
    const entries = (
      (await ledger.json()) as {
        result: { records: { reference: string; amount: string; noteCode: string; noteParams: unknown }[] };
      }
    ).result.records;
    const ours = entries.filter((e) => e.reference === `sms-batch:${batchId}`);
    expect(ours.map((e) => [micros(e.amount), e.noteCode, e.noteParams])).toEqual([
      [-amount, 'sms_batch', { kind: 'marketing', count: 4 }],
    ]);
    // Charged (a refund of a message failed before a gateway never gives back more than it cost).
    expect(await balanceOf(request, token)).toBeLessThan(before);

    // The batch in the outbox, then its records: each submitted, the 0000 one undeliverable, and
    // the others delivered or (a receipt not come yet) sent.
    const outbox = page.getByTestId('outbox-table');
    const batchRow = outbox.locator('tr', { hasText: `Sale ${tail}` });
    await expect(batchRow).toHaveCount(1);
    await expect(batchRow.getByTestId('batch-total')).toHaveText('6');
    await progress.getByTestId('batch-progress-records').click();
    const records = page.getByTestId('record-table');
    await expect(records.getByTestId('record-to')).toHaveCount(5);
    const statusOf = (number: string) =>
      records
        .locator('tr', { has: page.getByTestId('record-to').getByText(number, { exact: true }) })
        .getByTestId('sms-status');
    await expect(statusOf(fromFile[1]!)).toHaveAttribute('data-status', 'undeliverable');
    await expect(statusOf(fromFile[1]!)).toHaveText(lang.undeliverable);
    await expect(statusOf('12345')).toHaveAttribute('data-status', 'invalid_number');
    for (const number of [...typed, fromFile[0]!]) {
      await expect(statusOf(number)).toHaveAttribute(
        'data-status',
        /^(sent|delivered|undeliverable|rejected|expired)$/,
      );
    }
    // Customers see no gateway.
    await expect(records.getByTestId('record-gateway')).toHaveCount(0);
    // The detail of one message.
    await records
      .locator('tr', { has: page.getByTestId('record-to').getByText(typed[1]!, { exact: true }) })
      .getByTestId('record-detail')
      .click();
    const detail = page.getByTestId('message-detail');
    await expect(detail.getByTestId('detail-to')).toHaveText(typed[1]!);
    await expect(detail.getByTestId('detail-text')).toHaveText(`Sale ${tail}: 10% off today`);
    await expect(detail.getByTestId('detail-parts')).toHaveText('1');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // Export: the records shown (this batch), as a sheet.
    const download = page.waitForEvent('download');
    await records.getByTestId('record-export').click();
    const sheet = await downloadedSheet(await download);
    expect(sheet.rows).toHaveLength(6);
    expect(sheet.rows.flat().map(String)).toEqual(expect.arrayContaining([...typed, ...fromFile]));

    // A period before the past week cannot be exported (the server refuses it too).
    const period = records.locator('.ant-picker-range input');
    const longAgo = new Date(Date.now() - 30 * 86_400_000);
    const day = `${longAgo.getFullYear()}-${String(longAgo.getMonth() + 1).padStart(2, '0')}-${String(longAgo.getDate()).padStart(2, '0')}`;
    await period.first().click();
    await period.first().fill(day);
    await period.first().press('Enter');
    await period.last().fill(day);
    await period.last().press('Enter');
    await records.getByTestId('query-submit').click();
    await expect(records.getByTestId('record-export-outside')).toBeVisible();
    await expect(records.getByTestId('record-export')).toHaveCount(0);

    // The balance and ledger screen: the balance as the API says, the batch's charge listed.
    await page.goto('/billing/ledger');
    const balance = await balanceOf(request, token);
    // As the console formats money (formatMoney: two decimals, grouped).
    const shown = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(Number(balance) / 1e6);
    await expect(page.getByTestId('balance-value')).toContainText(shown);
    await expect(page.getByText(`sms-batch:${batchId}`)).toBeVisible();
    await expect(
      page.locator('tr', { hasText: `sms-batch:${batchId}` }).getByText(lang.charge),
    ).toBeVisible();
  });

  test(`[${lang.locale}] a scheduled send is refused in the past, scheduled, and cancelled with its charge refunded`, async ({
    page,
    request,
  }) => {
    test.slow();
    await creditCustomer(request);
    await startAsCustomer(page, lang.locale);
    const token = await storedToken(page);
    const tail = serial();

    const { template, sender } = await passedTemplateAndSender(request, token, tail);

    await page.goto('/sms/notify');
    await page.getByTestId('tab-timing').click();
    const send = page.getByTestId('sms-send');
    await send.getByTestId('sms-numbers').fill(cnNumber(`${tail}5`));
    // The company's passed sender id and template (of this kind): the template fills the text.
    await send.getByTestId('sms-sender').click();
    await page.locator('.ant-select-item-option').filter({ hasText: sender }).click();
    await send.getByTestId('sms-template').click();
    await page.locator('.ant-select-item-option').filter({ hasText: template.name }).click();
    await expect(send.getByTestId('sms-text')).toHaveValue(template.text);

    const at = send.getByTestId('sms-scheduled-at');
    const pick = async (when: Date) => {
      const pad = (n: number) => String(n).padStart(2, '0');
      const text = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())} ${pad(when.getHours())}:${pad(when.getMinutes())}:${pad(when.getSeconds())}`;
      await at.click();
      await at.fill(text);
      await at.press('Enter');
    };
    // A minute ago: refused in the form.
    await pick(new Date(Date.now() - 60_000));
    await send.getByTestId('sms-preview').click();
    await expect(send.getByText(lang.scheduleInPast)).toBeVisible();

    // In an hour: previewed and scheduled.
    await pick(new Date(Date.now() + 3_600_000));
    await send.getByTestId('sms-preview').click();
    const preview = page.getByTestId('sms-preview-result');
    await expect(preview.getByTestId('preview-valid')).toHaveText('1');
    const amount = micros((await preview.getByTestId('preview-amount').getAttribute('data-amount'))!);
    const before = await balanceOf(request, token);
    await page.getByTestId('sms-send-confirm').click();
    await expect(page.getByTestId('batch-progress').getByTestId('batch-state')).toHaveText(lang.scheduled);
    expect(await balanceOf(request, token)).toBe(before - amount);

    const timing = page.getByTestId('timing-table');
    const row = timing.locator('tr', { hasText: `Reminder ${tail}` });
    await expect(row).toContainText(sender);
    await expect(row.getByTestId('batch-state')).toHaveText(lang.scheduled);
    await row.getByTestId('batch-cancel').click();
    await page.getByRole('button', { name: lang.ok }).click();
    // Cancelled: gone from the waiting sends, shown under the cancelled ones, refunded.
    await expect(row).toHaveCount(0);
    await timing.getByTestId('batch-state-filter').click();
    await page.locator('.ant-select-item-option').filter({ hasText: lang.cancelled }).click();
    await timing.getByTestId('query-submit').click();
    await expect(timing.locator('tr', { hasText: `Reminder ${tail}` }).getByTestId('batch-state')).toHaveText(
      lang.cancelled,
    );
    await expect.poll(() => balanceOf(request, token)).toBe(before);
  });
}

test('staff see a message’s gateway, route and cost and filter records by gateway; the delivery log opens', async ({
  page,
  request,
}) => {
  test.slow();
  await creditCustomer(request);
  // The customer sends one message (the console's send route, beside the page).
  const login = await request.post('/api/sys/login', {
    data: { username: 'customer', password: PASSWORD },
  });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const number = cnNumber(`${serial()}7`);
  const sent = await request.post('/api/sms/marketing/send', {
    headers: { 'X-Access-Token': token },
    data: { recipients: [{ number }], text: `Staff view ${number}` },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  await page.goto('/user/login');
  await signIn(page, 'admin');
  await page.goto(`/sms/marketing?number=${number}`);
  // A link with a records filter opens the records.
  const records = page.getByTestId('record-table');
  await expect(records.getByTestId('record-number')).toHaveValue(number);
  for (const header of ['Gateway', 'Route', 'Cost']) {
    await expect(records.locator('th', { hasText: new RegExp(`^${header}$`) })).toHaveCount(1);
  }
  // Once submitted, the message names its gateway (one of the demo's two).
  const gateway = records.getByTestId('record-gateway');
  await expect
    .poll(
      async () => {
        await records.getByTestId('query-submit').click();
        return (await gateway.allInnerTexts()).join(',');
      },
      { timeout: 60_000 },
    )
    .toMatch(/^demo-smsc(-cn)?$/);
  const name = await gateway.innerText();
  // The demo's seeded routes: China's.
  await expect(records.locator('tr', { hasText: number })).toContainText('Demo: China');

  // The gateway filter: the message under its gateway, not under the other.
  const other = name === 'demo-smsc' ? 'demo-smsc-cn' : 'demo-smsc';
  const pickGateway = async (gatewayName: string) => {
    await records.getByTestId('record-gateway-filter').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${gatewayName}$`) })
      .click();
    await records.getByTestId('query-submit').click();
  };
  await pickGateway(name);
  await expect(records.getByTestId('record-to')).toHaveText([number]);
  await pickGateway(other);
  await expect(records.getByTestId('record-to')).toHaveCount(0);

  await page.goto('/sms/callback');
  await expect(page.getByTestId('callback-table')).toBeVisible();
});
