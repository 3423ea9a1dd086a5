import type { UserAnnouncementItem } from '@switchboard/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dictReply } from '@/test/dicts';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import UserAnnouncementPage from './UserAnnouncementPage';

const record = (id: string, readFlag: boolean): UserAnnouncementItem => ({
  id,
  titile: `Notice ${id}`,
  title: `Notice ${id}`,
  msgContent: '<p>x</p>',
  sender: 'admin',
  sendTime: '2026-03-01T00:00:00Z',
  priority: 'L',
  msgCategory: '1',
  openType: '0',
  readFlag,
  readTime: readFlag ? '2026-03-02T00:00:00Z' : null,
});

describe('UserAnnouncementPage', () => {
  it('lists read and unread announcements, searches by title and marks all read', async () => {
    const api = fakeApi((call) => {
      if (call.path === '/sys/sysAnnouncementSend/getMyAnnouncementSend') {
        return {
          result: {
            records: [record('r1', true), record('u1', false)],
            total: 2,
            current: 1,
            size: 10,
            pages: 1,
          },
        };
      }
      if (call.path === '/sys/sysAnnouncementSend/readAll') return { result: { marked: 1 } };
      if (call.path === '/sys/sysAnnouncementSend/editByAnntIdAndUserId') return { result: null };
      return dictReply(call);
    });
    const user = userEvent.setup();
    renderWithProviders(<UserAnnouncementPage />);
    const unreadRow = (await screen.findByText('Notice u1')).closest('tr') as HTMLElement;
    expect(within(unreadRow).getByText('Unread')).toBeTruthy();
    const readRow = screen.getByText('Notice r1').closest('tr') as HTMLElement;
    expect(within(readRow).getByText('Read')).toBeTruthy();
    // Category and priority in the words of the server's dictionaries.
    expect(await within(readRow).findByText('Notice')).toBeTruthy();
    expect(await within(readRow).findByText('General')).toBeTruthy();

    // The categories to filter by are the dictionary's.
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByTitle('System message'));

    await user.type(screen.getByPlaceholderText('Search by title'), 'maint{Enter}');
    await waitFor(() => {
      const last = api.calls
        .filter((c) => c.path === '/sys/sysAnnouncementSend/getMyAnnouncementSend')
        .at(-1);
      expect(last?.query.get('title')).toBe('maint');
      expect(last?.query.get('msgCategory')).toBe('2');
      expect(last?.query.get('pageNo')).toBe('1');
    });

    // Opening a read one does not mark it again.
    await user.click(within(readRow).getByText('Open').closest('button') as HTMLElement);
    await screen.findByTestId('notice-content');
    expect(api.calls.some((c) => c.path === '/sys/sysAnnouncementSend/editByAnntIdAndUserId')).toBe(false);

    await user.click(screen.getByTestId('notices-read-all'));
    const confirm = (
      await screen.findByText('Every unread notice and system message will be marked as read.')
    ).closest('.ant-modal') as HTMLElement;
    await user.click(within(confirm).getByText('Mark all read').closest('button') as HTMLElement);
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/sys/sysAnnouncementSend/readAll')?.method).toBe('PUT'),
    );
    expect(await screen.findByText('1 marked as read')).toBeTruthy();
  });
});
