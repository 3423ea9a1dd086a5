import type { AnnouncementItem, AnnouncementsByUser, SocketMessage } from '@switchboard/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { NoticeBell } from './NoticeBell';

const socket = vi.hoisted(() => ({ handler: null as ((m: SocketMessage) => void) | null }));
vi.mock('@/lib/websocket', () => ({
  useNoticeSocket: (onMessage: (m: SocketMessage) => void) => {
    socket.handler = onMessage;
    return 'open';
  },
}));

const item = (id: string, extra: Partial<AnnouncementItem> = {}): AnnouncementItem => ({
  id,
  titile: `Title ${id}`,
  title: `Title ${id}`,
  msgContent: `<p>Body ${id}</p>`,
  sender: 'admin',
  sendTime: '2026-03-01T08:09:10Z',
  priority: 'L',
  msgCategory: '1',
  openType: '0',
  ...extra,
});

function server(initial: AnnouncementsByUser) {
  let unread = initial;
  const api = fakeApi((call) => {
    if (call.path === '/sys/annountCement/listByUser') return { result: unread };
    if (call.path === '/sys/sysAnnouncementSend/editByAnntIdAndUserId' && call.method === 'PUT') {
      const id = (call.body as { anntId: string }).anntId;
      const drop = (list: AnnouncementItem[]) => list.filter((n) => n.id !== id);
      unread = {
        anntMsgList: drop(unread.anntMsgList),
        anntMsgTotal: drop(unread.anntMsgList).length,
        sysMsgList: drop(unread.sysMsgList),
        sysMsgTotal: drop(unread.sysMsgList).length,
      };
      return { result: null };
    }
    return undefined;
  });
  return {
    ...api,
    set: (next: AnnouncementsByUser) => {
      unread = next;
    },
  };
}

beforeEach(() => {
  socket.handler = null;
});
describe('NoticeBell', () => {
  it('shows the unread total and each tab’s count', async () => {
    server({
      anntMsgList: [item('a1'), item('a2')],
      anntMsgTotal: 2,
      sysMsgList: [item('s1', { msgCategory: '2' })],
      sysMsgTotal: 1,
    });
    renderWithProviders(<NoticeBell />);
    await waitFor(() => expect(screen.getByTestId('notice-count').textContent).toContain('3'));
    await userEvent.click(screen.getByTestId('notice-bell'));
    expect(await screen.findByText('Notices (2)')).toBeTruthy();
    expect(screen.getByText('System messages (1)')).toBeTruthy();
    expect(within(screen.getByTestId('notice-list')).getByText('Title a1')).toBeTruthy();
    expect(screen.getByTestId('notice-show-more').getAttribute('href')).toBe('/isps/userAnnouncement');
  });

  it('opening a notice shows it cleaned, marks it read and reloads the counts', async () => {
    const api = server({
      anntMsgList: [
        item('a1', {
          msgContent: '<p>Hello <b>all</b><img src=x onerror="alert(1)"><script>alert(2)</script></p>',
        }),
      ],
      anntMsgTotal: 1,
      sysMsgList: [],
      sysMsgTotal: 0,
    });
    renderWithProviders(<NoticeBell />);
    await waitFor(() => expect(screen.getByTestId('notice-count').textContent).toContain('1'));
    await userEvent.click(screen.getByTestId('notice-bell'));
    await userEvent.click(await screen.findByText('Title a1'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('notice-title').textContent).toContain('Title a1');
    expect(within(dialog).getByTestId('notice-meta').textContent).toContain('2026-03-01');
    const content = within(dialog).getByTestId('notice-content');
    expect(content.querySelector('b')?.textContent).toContain('all');
    expect(content.innerHTML).not.toContain('onerror');
    expect(content.innerHTML).not.toContain('script');

    await waitFor(() =>
      expect(api.calls).toContainEqual(
        expect.objectContaining({
          method: 'PUT',
          path: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
          body: { anntId: 'a1' },
        }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('notice-count').textContent).not.toMatch(/\d/));
    expect(api.calls.filter((c) => c.path === '/sys/annountCement/listByUser').length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('reloads on a socket message and pops up a type 1 announcement once', async () => {
    const api = server({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 });
    renderWithProviders(<NoticeBell />);
    await waitFor(() => expect(socket.handler).not.toBeNull());
    await waitFor(() => expect(api.calls.some((c) => c.path === '/sys/annountCement/listByUser')).toBe(true));

    const urgent = item('n1', { msgCategory: '2', openType: '1', priority: 'H' });
    api.set({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [urgent], sysMsgTotal: 1 });
    await act(async () => socket.handler?.({ cmd: 'user', msgId: 'n1', msgTxt: '' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('notice-title').textContent).toContain('Title n1');
    expect(within(dialog).getByText('Urgent')).toBeTruthy();
    const markReads = () =>
      api.calls.filter((c) => c.path === '/sys/sysAnnouncementSend/editByAnntIdAndUserId').length;
    await waitFor(() => expect(markReads()).toBe(1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    // The same announcement again (e.g. a second topic frame): no second pop-up, so no second read.
    api.set({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [urgent], sysMsgTotal: 1 });
    await act(async () => socket.handler?.({ cmd: 'topic', msgId: 'n1', msgTxt: '' }));
    await waitFor(() => expect(screen.getByTestId('notice-count').textContent).toContain('1'));
    expect(markReads()).toBe(1);
  });

  it('does not pop up announcements of open type 0', async () => {
    const api = server({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 });
    renderWithProviders(<NoticeBell />);
    await waitFor(() => expect(socket.handler).not.toBeNull());
    api.set({ anntMsgList: [item('q1')], anntMsgTotal: 1, sysMsgList: [], sysMsgTotal: 0 });
    await act(async () => socket.handler?.({ cmd: 'topic', msgId: 'q1', msgTxt: '' }));
    await waitFor(() => expect(screen.getByTestId('notice-count').textContent).toContain('1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reloads the screens a notice is about (a sender decided: the senders list), without a pop-up', async () => {
    const api = server({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 });
    const { queryClient } = renderWithProviders(<NoticeBell />);
    await waitFor(() => expect(socket.handler).not.toBeNull());
    const senders = ['smsSenders', 'list', { pageNo: 1 }];
    const templates = ['smsTemplates', 'list', { pageNo: 1 }];
    queryClient.setQueryData(senders, { records: [] });
    queryClient.setQueryData(templates, { records: [] });
    api.set({
      anntMsgList: [],
      anntMsgTotal: 0,
      sysMsgList: [item('s1', { msgCategory: '2' })],
      sysMsgTotal: 1,
    });
    await act(async () => socket.handler?.({ cmd: 'user', msgId: 's1', msgTxt: '', topic: 'smsSender' }));
    await waitFor(() => expect(queryClient.getQueryState(senders)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(templates)?.isInvalidated).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
