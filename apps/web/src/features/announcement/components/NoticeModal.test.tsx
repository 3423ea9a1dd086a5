import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/fake-api';
import { NoticeModal, type ShownNotice } from './NoticeModal';

const notice: ShownNotice = {
  id: 'n1',
  titile: 'Maintenance',
  title: 'Maintenance',
  msgContent: '<p>Tonight</p>',
  sender: 'Ada Admin',
  sendTime: null,
  priority: 'M',
  msgCategory: '1',
  openType: '0',
  // Already read: nothing to mark.
  readFlag: true,
};

afterEach(async () => {
  await act(() => changeLocale('en-US'));
});

describe('<NoticeModal>', () => {
  it('labels the sender with the colon of the language', async () => {
    renderWithProviders(<NoticeModal notice={notice} onClose={() => {}} />);
    expect((await screen.findByTestId('notice-meta')).textContent).toContain('Sender: Ada Admin');
    await act(() => changeLocale('zh-CN'));
    expect(screen.getByTestId('notice-meta').textContent).toContain('发布人：Ada Admin');
    expect(screen.getByTestId('notice-meta').textContent).not.toContain('发布人:');
  });
});
