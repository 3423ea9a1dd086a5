import type { AnnouncementAdminItem } from '@switchboard/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { PermissionsContext } from '@/lib/permissions-context';
import { endSession, startSession } from '@/lib/session';
import { dictReply } from '@/test/dicts';
import { type Call, fakeApi, type Reply, renderWithProviders } from '@/test/fake-api';
import { testUser } from '@/test/users';
import { RECIPIENTS_PATH } from '../api/search-recipients';
import AnnouncementAdminPage, { ANNOUNCEMENT_PERMISSIONS } from './AnnouncementAdminPage';

const row = (id: string, sendStatus: string): AnnouncementAdminItem => ({
  id,
  titile: `Announcement ${id}`,
  title: `Announcement ${id}`,
  msgContent: '<p>x</p>',
  sender: 'admin',
  sendTime: null,
  priority: 'M',
  msgCategory: '1',
  openType: '0',
  msgType: 'ALL',
  userIds: [],
  recipients: [],
  roleCodes: [],
  sendStatus,
  revokeTime: null,
  createTime: '2026-03-01T00:00:00Z',
  createdBy: null,
});

afterEach(async () => {
  endSession();
  await changeLocale('en-US');
});

// jsdom lays nothing out; the rich text editor asks where things are on screen while it edits.
beforeAll(() => {
  Range.prototype.getClientRects = () =>
    Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});

// The administrator holds every announcement action.
const granted = Object.values(ANNOUNCEMENT_PERMISSIONS).map((action) => ({
  action,
  describe: action,
  type: '1' as const,
  status: '1' as const,
}));

function renderPage() {
  return renderWithProviders(
    <PermissionsContext.Provider value={{ menu: [], auth: granted, allAuth: granted }}>
      <AnnouncementAdminPage />
    </PermissionsContext.Provider>,
  );
}

/**
 * The screen's server: `records` on the list, the announcement dictionaries, nobody found by the
 * recipients picker; `more` answers first.
 */
function serve(records: AnnouncementAdminItem[], more: (call: Call) => Reply | undefined = () => undefined) {
  return fakeApi((call) => {
    const reply = more(call);
    if (reply !== undefined) return reply;
    if (call.path === '/sys/annountCement/list') {
      return { result: { records, total: records.length, current: 1, size: 10, pages: 1 } };
    }
    if (call.path === RECIPIENTS_PATH) return { result: [] };
    return dictReply(call);
  });
}

/** A draft addressed to chosen users; `recipients` are those the server still names. */
const draftFor = (
  userIds: string[],
  recipients: AnnouncementAdminItem['recipients'],
): AnnouncementAdminItem => ({
  ...row('d1', '0'),
  msgType: 'USER',
  userIds,
  recipients,
});

const casey = { id: 'u-casey', username: 'customer2', realname: 'Casey Customer' };

/** Opens the editor of the listed announcement titled `title`. */
async function edit(user: ReturnType<typeof userEvent.setup>, title: string) {
  const listed = (await screen.findByText(title)).closest('tr') as HTMLElement;
  await user.click(within(listed).getByText('Edit').closest('button') as HTMLElement);
  return screen.findByRole('dialog');
}

describe('AnnouncementAdminPage', () => {
  it('shows status tags and publishes a draft after confirmation', async () => {
    const api = serve([row('d1', '0'), row('p1', '1')], (call) =>
      call.path === '/sys/annountCement/doReleaseData' ? { result: null } : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Announcement d1');
    // In the words of the server's dictionary, once it is there.
    await waitFor(() =>
      expect(screen.getAllByTestId('announcement-status').map((t) => t.textContent)).toEqual([
        'Draft',
        'Published',
      ]),
    );

    const draftRow = screen.getByText('Announcement d1').closest('tr') as HTMLElement;
    expect(within(draftRow).queryByText('Revoke')).toBeNull();
    await user.click(within(draftRow).getByText('Publish').closest('button') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Announcement d1');
    await user.click(within(dialog).getByText('Publish').closest('button') as HTMLElement);
    await waitFor(() => {
      const release = api.calls.find((c) => c.path === '/sys/annountCement/doReleaseData');
      expect(release?.method).toBe('POST');
      expect(release?.query.get('id')).toBe('d1');
    });
    // The list reloads.
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/sys/annountCement/list').length).toBe(2));

    const publishedRow = screen.getByText('Announcement p1').closest('tr') as HTMLElement;
    expect(within(publishedRow).getByText('Revoke')).toBeTruthy();
    expect(within(publishedRow).queryByText('Edit')).toBeNull();
  });

  it('filters by a status named by the server’s dictionary', async () => {
    const api = serve([row('d1', '0')]);
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByText('Announcement d1');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Revoked'));
    await user.click(screen.getByTestId('query-submit'));
    await waitFor(() => expect(router.state.location.search).toBe('?sendStatus=2'));
    await waitFor(() => {
      const list = api.calls.filter((c) => c.path === '/sys/annountCement/list').at(-1);
      expect(list?.query.get('sendStatus')).toBe('2');
    });
    // A category and priority in the server's words too.
    const listed = screen.getByText('Announcement d1').closest('tr') as HTMLElement;
    expect(await within(listed).findByText('Notice')).toBeTruthy();
    expect(await within(listed).findByText('Important')).toBeTruthy();
  });

  it('fetches the priority dictionary without _t', async () => {
    const api = serve([], (call) =>
      call.path === '/sys/dict/getDictItems/priority'
        ? { result: [{ value: 'H', text: 'Urgent!', label: 'Urgent!' }] }
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/sys/annountCement/list')).toBe(true));
    await user.click(screen.getByTestId('announcement-add'));
    await waitFor(() => {
      const dict = api.calls.find((c) => c.path === '/sys/dict/getDictItems/priority');
      expect(dict).toBeTruthy();
      expect(dict?.query.has('_t')).toBe(false);
    });
    // Saving an empty form says what is missing and sends nothing.
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('Save').closest('button') as HTMLElement);
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/sys/annountCement/add')).toBe(false);
  });

  it('says why a publish was refused and reloads the list', async () => {
    const api = serve([row('d1', '0')], (call) =>
      call.path === '/sys/annountCement/doReleaseData'
        ? { status: 409, errorCode: 'ANNOUNCEMENT_NOT_DRAFT', message: 'Only drafts can be changed' }
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    const draftRow = (await screen.findByText('Announcement d1')).closest('tr') as HTMLElement;
    await user.click(within(draftRow).getByText('Publish').closest('button') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('Publish').closest('button') as HTMLElement);
    expect(await screen.findByText('Only drafts can be changed')).toBeTruthy();
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/sys/annountCement/list').length).toBe(2));
  });
  it('editing a draft for chosen users shows their names, and the picker searches by keyword', async () => {
    const api = serve([draftFor([casey.id], [casey])], (call) =>
      call.path === RECIPIENTS_PATH
        ? { result: [{ id: 'u-chris', username: 'customer', realname: 'Chris Customer' }] }
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    const dialog = await edit(user, 'Announcement d1');
    // The chosen user by name, not by id; and still so once a search shows other users.
    expect(await within(dialog).findByText('Casey Customer (customer2)')).toBeTruthy();
    expect(within(dialog).queryByText('u-casey')).toBeNull();
    await user.type(within(dialog).getByRole('combobox', { name: 'Users' }), 'Chris');
    await waitFor(() => {
      const search = api.calls.filter((c) => c.path === RECIPIENTS_PATH).at(-1);
      expect(search?.query.get('keyword')).toBe('Chris');
    });
    expect(within(dialog).getByText('Casey Customer (customer2)')).toBeTruthy();
    expect(within(dialog).queryByText('u-casey')).toBeNull();
  });

  it('editing a draft keeps only the chosen users that still exist', async () => {
    // u-gone was deleted since: the server names only the users it still has.
    const draft = draftFor([casey.id, 'u-gone'], [casey]);
    const api = serve([draft], (call) =>
      call.path === '/sys/annountCement/edit' ? { result: draft } : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    const dialog = await edit(user, 'Announcement d1');
    expect(await within(dialog).findByText('Casey Customer (customer2)')).toBeTruthy();
    expect(within(dialog).queryByText('u-gone')).toBeNull();
    await user.click(within(dialog).getByText('Save').closest('button') as HTMLElement);
    await waitFor(() => {
      const edit = api.calls.find((c) => c.path === '/sys/annountCement/edit');
      expect(edit?.body).toMatchObject({ id: 'd1', msgType: 'USER', userIds: ['u-casey'] });
    });
  });

  it('creates an announcement written in the editor, popping up on arrival', async () => {
    startSession({ token: 't', userInfo: testUser(), needsDepartment: false });
    const api = serve([], (call) =>
      call.path === '/sys/annountCement/add' ? { result: { ...row('n1', '0') } } : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('announcement-add'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'Routing maintenance');
    const editor = within(dialog).getByTestId('editor-area');
    expect(editor.getAttribute('aria-label')).toBe('Content');
    // Text goes in as a paste (jsdom cannot type into a rich text area), then is made bold.
    act(() => editor.focus());
    await user.paste('Routes to Kenya move at 22:00 UTC');
    await user.keyboard('{Control>}a{/Control}');
    await user.click(within(dialog).getByRole('button', { name: 'Bold' }));
    await user.click(await within(dialog).findByRole('radio', { name: 'Pops up when it arrives' }));
    await user.click(within(dialog).getByText('Save').closest('button') as HTMLElement);
    await waitFor(() => {
      const add = api.calls.find((c) => c.path === '/sys/annountCement/add');
      expect(add?.body).toMatchObject({
        titile: 'Routing maintenance',
        msgContent: '<p><strong>Routes to Kenya move at 22:00 UTC</strong></p>',
        openType: '1',
      });
    });
  });

  it.each([
    ['en-US', ['Listed only', 'Pops up when it arrives']],
    ['zh-CN', ['仅在列表中显示', '送达时自动弹出']],
  ] as const)('names how an announcement opens in words, not codes (%s)', async (locale, labels) => {
    await changeLocale(locale);
    serve([]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('announcement-add'));
    const dialog = await screen.findByRole('dialog');
    // The words are the server's dictionary's, in the language asked for.
    const openTypeLabels = () =>
      within(dialog)
        .getAllByRole('radio')
        .filter((r) =>
          r
            .closest('.ant-form-item')
            ?.querySelector('label')
            ?.textContent?.match(/How it opens|打开方式/),
        )
        .map((r) => r.closest('label')?.textContent);
    await waitFor(() => expect(openTypeLabels()).toEqual(labels));
    expect(dialog.textContent).not.toMatch(/type \d|类型 \d/);
  });

  it('offers everyone and roles to platform staff, and only chosen users to a reseller', async () => {
    const targetsAs = async (roles: string[]) => {
      startSession({
        token: 't',
        userInfo: testUser({ roles, isAdmin: roles.includes('admin') }),
        needsDepartment: false,
      });
      serve([]);
      const user = userEvent.setup();
      const view = renderPage();
      await user.click(await screen.findByTestId('announcement-add'));
      const dialog = await screen.findByRole('dialog');
      const radios = within(dialog).getAllByRole('radio') as HTMLInputElement[];
      const targets = radios
        .filter((r) => r.closest('.ant-form-item')?.textContent?.includes('Recipients'))
        .map((r) => `${r.closest('label')?.textContent}${r.checked ? ' *' : ''}`);
      view.unmount();
      return targets;
    };
    expect(await targetsAs(['admin'])).toEqual(['Everyone *', 'Chosen users', 'Chosen roles']);
    expect(await targetsAs(['agent'])).toEqual(['Chosen users *']);
  });
});
