import type { Locator, Page } from '@playwright/test';
import { createSipStack } from '@switchboard/voice';
import { expect, expectToast, fieldErrors, recordToasts, signIn, switchLanguage, test } from './support';

/**
 * The call centre's first slice (issue 26): a customer creates a seat (its job number checked,
 * digits only, before anything is sent) and a seat group of it, adds call results, imports a call
 * list from a file and reads its numbers with their own columns; in English at 1440 px, where a
 * SIP phone then registers as the seat and its state turns idle live, and in Chinese at 390 px.
 */

const REGISTRAR_PORT = Number(process.env.E2E_PORT ?? 8181) + 1003;

interface Texts {
  save: RegExp;
  saved: string;
  jobNumberInvalid: string;
  offline: string;
  idle: string;
  notCalled: string;
}
const EN: Texts = {
  save: /^Save$/,
  saved: 'Saved',
  jobNumberInvalid: 'A job number is digits only',
  offline: 'Offline',
  idle: 'Idle',
  notCalled: 'Not called',
};
const ZH: Texts = {
  save: /^保\s*存$/,
  saved: '已保存',
  jobNumberInvalid: '工号只能是数字',
  offline: '离线',
  idle: '空闲',
  notCalled: '未呼叫',
};

const dialog = (page: Page, testId: string) =>
  page.getByRole('dialog').filter({ has: page.getByTestId(testId) });

async function save(page: Page, form: Locator, texts: Texts) {
  await form.getByRole('button', { name: texts.save }).click();
  await expect(form).toBeHidden();
  await expectToast(page, texts.saved);
}

/** The journey in one language: answers the seat's SIP username. */
async function journey(page: Page, texts: Texts, tag: string) {
  const jobNumber = tag.slice(-6);
  const sipUsername = `e2e${tag}`;
  const seatName = `Seat ${tag}`;
  await page.goto('/callCentre/seat');
  const seats = page.getByTestId('seat-table');
  await expect(seats).toBeVisible();
  await page.getByTestId('seat-add').click();
  const seatForm = dialog(page, 'seat-form');
  await expect(seatForm).toBeVisible();
  await seatForm.getByTestId('seat-jobNumber').fill('12a');
  await seatForm.getByTestId('seat-name').fill(seatName);
  await seatForm.getByTestId('seat-sipUsername').fill(sipUsername);
  await seatForm.getByTestId('seat-sipPassword').fill('Seat-Pass-1');
  await seatForm.getByRole('button', { name: texts.save }).click();
  await expect(fieldErrors(seatForm).filter({ hasText: texts.jobNumberInvalid })).toBeVisible();
  await seatForm.getByTestId('seat-jobNumber').fill(jobNumber);
  await save(page, seatForm, texts);
  const seatRow = seats.locator('tr.ant-table-row').filter({ hasText: seatName });
  await expect(seatRow.getByTestId('seat-state')).toHaveText(texts.offline);

  await page.goto('/callCentre/seatGroup');
  const groups = page.getByTestId('seat-group-table');
  await expect(groups).toBeVisible();
  await page.getByTestId('seat-group-add').click();
  const groupForm = dialog(page, 'seat-group-form');
  await expect(groupForm).toBeVisible();
  await groupForm.getByTestId('seat-group-name').fill(`Group ${tag}`);
  await groupForm.getByTestId('seat-group-wrapUp').fill('20');
  await groupForm.getByTestId('seat-group-seats').click();
  await page.keyboard.type(jobNumber);
  await expect(page.locator('.ant-select-item-option').filter({ hasText: jobNumber })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await save(page, groupForm, texts);
  const groupRow = groups.locator('tr.ant-table-row').filter({ hasText: `Group ${tag}` });
  await expect(groupRow.getByTestId('seat-group-seats-cell')).toHaveText(`${jobNumber} ${seatName}`);

  await page.goto('/callCentre/callResultSetting');
  const results = page.getByTestId('call-result-table');
  await expect(results).toBeVisible();
  for (const [name, redial] of [
    [`Interested ${tag}`, false],
    [`Call back ${tag}`, true],
  ] as const) {
    await page.getByTestId('call-result-add').click();
    const form = dialog(page, 'call-result-form');
    await expect(form).toBeVisible();
    await form.getByTestId('call-result-name').fill(name);
    if (redial) await form.getByTestId('call-result-redial').click();
    await save(page, form, texts);
    await expect(results).toContainText(name);
  }

  await page.goto('/callCentre/callList');
  const lists = page.getByTestId('call-list-table');
  await expect(lists).toBeVisible();
  await page.getByTestId('call-list-add').click();
  const listForm = dialog(page, 'call-list-form');
  await expect(listForm).toBeVisible();
  await listForm.getByTestId('call-list-name').fill(`List ${tag}`);
  await listForm.locator('input[type=file]').setInputFiles({
    name: 'list.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `Name,Number,Notes,City\nLi Lei,+86138${tag.slice(-8)},VIP,Beijing\nHan Meimei,+86139${tag.slice(-8)},,Shanghai\nNobody,not a number,,\n`,
    ),
  });
  await expect(listForm.getByTestId('call-list-preview')).toContainText('2');
  await expect(listForm.getByTestId('call-list-problems')).toContainText('not a number');
  await save(page, listForm, texts);
  const listRow = lists.locator('tr.ant-table-row').filter({ hasText: `List ${tag}` });
  await expect(listRow).toBeVisible();
  await listRow.getByTestId('call-list-open').click();
  const drawer = page.getByTestId('call-list-drawer');
  await expect(drawer).toBeVisible();
  const numbers = drawer.getByTestId('call-list-numbers');
  await expect(numbers.locator('tr.ant-table-row')).toHaveCount(2);
  const first = numbers.locator('tr.ant-table-row').first();
  await expect(first).toContainText(`86138${tag.slice(-8)}`);
  await expect(first).toContainText('Li Lei');
  await expect(first.getByTestId('call-list-number-state')).toHaveText(texts.notCalled);
  return { sipUsername, seatName };
}

test('a customer creates a seat and a group, call results and a call list; the seat registers live', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  const tag = String(Date.now()).slice(-9);
  await page.goto('/user/login');
  await signIn(page, 'customer');
  const { sipUsername, seatName } = await journey(page, EN, tag);
  // Extra columns are shown at this width.
  const drawer = page.getByTestId('call-list-drawer');
  await expect(drawer.getByTestId('call-list-numbers')).toContainText('Beijing');

  // A SIP phone registers as the seat: its state turns idle on the open page, pushed over the socket.
  await page.goto('/callCentre/seat');
  const state = page
    .getByTestId('seat-table')
    .locator('tr.ant-table-row')
    .filter({ hasText: seatName })
    .getByTestId('seat-state');
  await expect(state).toHaveText(EN.offline);
  const phone = await createSipStack({
    host: '127.0.0.1',
    port: 0,
    transports: ['udp'],
    userAgent: 'e2e-phone',
  });
  try {
    const registration = phone.register({
      target: { host: '127.0.0.1', port: REGISTRAR_PORT, transport: 'udp' },
      auth: { username: sipUsername, password: 'Seat-Pass-1' },
      expiresS: 60,
    });
    expect(await registration.settled()).toBe('registered');
    await expect(state).toHaveAttribute('data-state', 'idle');
    await expect(state).toHaveText(EN.idle);
    await registration.unregister();
    await expect(state).toHaveAttribute('data-state', 'offline');
  } finally {
    await phone.close();
  }
});

test('zh-CN at 390 px: a customer creates a seat and a group, call results and a call list', async ({
  browser,
}) => {
  test.slow();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await recordToasts(page);
  try {
    await page.goto('/user/login');
    await switchLanguage(page, 'zh-CN');
    await signIn(page, 'customer2');
    await expect(page.getByTestId('current-user')).toBeVisible();
    await journey(page, ZH, String(Date.now() + 7).slice(-9));
    await page.getByTestId('call-list-drawer').locator('.ant-drawer-close').click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  } finally {
    await context.close();
  }
});
