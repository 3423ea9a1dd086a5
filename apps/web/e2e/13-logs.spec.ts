import { adminAdd, expect, signIn, switchLanguage, test } from './support';

/**
 * The logs (issue 13), in both languages: an administrator edits a support contact, opens the
 * operation log and sees that edit's fields before and after; the login log shows the sign-in
 * totals and the visits-per-day chart.
 */

const TEXTS = {
  'en-US': { before: 'Before', after: 'After', visits: 'Visits', today: 'Sign-ins today' },
  'zh-CN': { before: '修改前', after: '修改后', visits: '访问统计', today: '今日登录' },
} as const;

interface LogRow {
  id: number;
  route: string;
  after: Record<string, unknown> | null;
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`${locale}: the administrator sees an edit's before and after, and the visit chart`, async ({
    page,
    request,
  }) => {
    const text = TEXTS[locale];
    const stamp = `${locale === 'en-US' ? 'en' : 'zh'}${Date.now() % 1_000_000}`;
    const contact = await adminAdd(request, 'supportContact', {
      name: `Old ${stamp}`,
      telegram: `@old_${stamp}`,
      sort: 1,
      enabled: true,
    });
    const edited = await request.put('/api/sys/supportContact/edit', {
      headers: contact.headers,
      data: { id: contact.id, name: `New ${stamp}`, telegram: `@old_${stamp}`, sort: 1, enabled: true },
    });
    expect(edited.ok()).toBe(true);
    // The log row of that edit (written as the answer goes out).
    let row: LogRow | undefined;
    await expect
      .poll(async () => {
        const res = await request.get('/api/sys/log/operationLog?username=admin&pageSize=100', {
          headers: contact.headers,
        });
        const rows = ((await res.json()) as { result: { records: LogRow[] } }).result.records;
        row = rows.find(
          (r) => r.route === '/api/sys/supportContact/edit' && r.after?.name === `New ${stamp}`,
        );
        return row !== undefined;
      })
      .toBe(true);

    await page.goto('/user/login');
    await signIn(page, 'admin');
    if (locale === 'zh-CN') await switchLanguage(page, 'zh-CN');
    // The page of the log that starts at that row (the list pages by key, newer rows above).
    await page.goto(`/system/operationLog?username=admin&cursors=${row!.id + 1}`);
    const table = page.getByTestId('operation-log-table');
    await expect(table).toBeVisible();
    await table.getByTestId(`changes-${row!.id}`).click();
    const dialog = page.getByRole('dialog');
    const changes = dialog.getByTestId('changes-table');
    await expect(changes.getByRole('columnheader', { name: text.before })).toBeVisible();
    await expect(changes.getByRole('columnheader', { name: text.after })).toBeVisible();
    const nameRow = changes.getByRole('row').filter({ hasText: 'name' });
    await expect(nameRow).toContainText(`Old ${stamp}`);
    await expect(nameRow).toContainText(`New ${stamp}`);
    await expect(changes.getByRole('row')).toHaveCount(2);
    await dialog.getByRole('button', { name: /close|关闭/i }).click();

    await page.goto('/system/loginLog');
    const stats = page.getByTestId('visit-stats');
    await expect(stats).toContainText(text.visits);
    await expect(stats).toContainText(text.today);
    await expect(page.getByTestId('visits-todayVisitCount')).toContainText(/[1-9]/);
    const chart = page.getByTestId('visit-chart');
    await expect(chart.locator('svg')).toBeVisible();
    // Seven days on the axis, today's bar among them.
    const today = new Date().toISOString().slice(5, 10);
    await expect(chart).toContainText(today);
    await contact.remove();
  });
}
