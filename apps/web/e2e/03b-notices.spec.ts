import { expect, markAllRead, publish, signIn, test } from './support';

test('a notice published by the administrator arrives in the bell without a reload', async ({
  page,
  request,
}) => {
  // Whatever other specs published to everyone before: the reader starts with nothing unread.
  await markAllRead(request, 'customer2');
  await page.goto('/user/login');
  await signIn(page, 'customer2');
  await expect(page.getByTestId('current-user')).toContainText('Casey Customer');
  const count = page.getByTestId('notice-count');
  await expect(count).not.toContainText(/\d/);

  const title = `Maintenance window ${Date.now()}`;
  await publish(request, { titile: title, msgContent: '<p>Tonight <b>22:00</b></p>' });
  await expect(count).toContainText('1');

  await page.getByTestId('notice-bell').click();
  await page.getByTestId('notice-list').getByText(title).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('notice-title')).toHaveText(title);
  await expect(modal.locator('.notice-content b')).toHaveText('22:00');
  await modal.getByRole('button', { name: 'Close' }).click();
  // Opening marked it read: the count goes back.
  await expect(count).not.toContainText(/\d/);

  // The popover closes with any navigation: Show more, and the browser's Back.
  const popover = page.locator('.ant-popover:not(.ant-popover-hidden)');
  await page.getByTestId('notice-bell').click();
  await page.getByTestId('notice-show-more').click();
  await expect(page).toHaveURL(/\/isps\/userAnnouncement$/);
  await expect(page.getByTestId('notice-show-more')).toBeHidden();
  await expect(popover).toHaveCount(0);
  await page.getByTestId('notice-bell').click();
  await expect(page.getByTestId('notice-show-more')).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/\/isps\/userAnnouncement$/);
  await expect(page.getByTestId('notice-show-more')).toBeHidden();
  await expect(popover).toHaveCount(0);
});

test('a system message of open type 1 pops up on arrival', async ({ page, request }) => {
  await page.goto('/user/login');
  await signIn(page, 'agentcustomer');
  await expect(page.getByTestId('current-user')).toBeVisible();
  const title = `Urgent: routes changed ${Date.now()}`;
  await publish(request, { titile: title, msgCategory: '2', openType: '1', priority: 'H' });
  await expect(page.getByRole('dialog').getByTestId('notice-title')).toHaveText(title);
});
