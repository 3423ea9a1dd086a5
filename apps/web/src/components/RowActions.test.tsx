import type { UserPermissions } from '@switchboard/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { PermissionsContext } from '@/lib/permissions-context';
import { setScreenWidth } from '@/test/screen';
import { type RowActionList, RowActions } from './RowActions';

const permissions: UserPermissions = {
  menu: [],
  auth: [{ action: 'system:user:list', describe: '', type: '1', status: '1' }],
  allAuth: [
    { action: 'system:user:list', describe: '', type: '1', status: '1' },
    { action: 'system:user:add', describe: '', type: '1', status: '1' },
    { action: 'system:user:edit', describe: '', type: '2', status: '1' },
  ],
};

const PHONE = 390;

function renderActions(actions: RowActionList) {
  return render(
    <PermissionsContext value={permissions}>
      <RowActions actions={actions} />
    </PermissionsContext>,
  );
}

/** Edit, a confirmed Freeze, and what the permissions hide or disable. */
function userActions() {
  const edit = vi.fn();
  const freeze = vi.fn();
  const actions: RowActionList = [
    { key: 'edit', label: 'Edit', onClick: edit, permission: 'system:user:list', testId: 'act-edit' },
    {
      key: 'freeze',
      label: 'Freeze',
      onClick: freeze,
      danger: true,
      confirm: 'Freeze this user?',
      testId: 'act-freeze',
    },
    { key: 'hidden', label: 'Hidden', onClick: vi.fn(), permission: 'system:user:add' },
    {
      key: 'locked',
      label: 'Locked',
      onClick: vi.fn(),
      permission: 'system:user:edit',
      testId: 'act-locked',
    },
    { key: 'unbound', label: 'Unbound', onClick: vi.fn(), disabled: true, testId: 'act-unbound' },
    false,
    null,
  ];
  return { actions, edit, freeze };
}

/** The open confirmation (antd Popconfirm). */
async function popconfirm() {
  const title = await screen.findByText('Freeze this user?');
  return title.closest('.ant-popconfirm') as HTMLElement;
}

afterEach(async () => {
  await changeLocale('en-US');
});

describe('<RowActions> on a wide screen', () => {
  it('shows the allowed actions as links, without a More menu', async () => {
    const user = userEvent.setup();
    const { actions, edit } = userActions();
    renderActions(actions);
    expect(screen.queryByTestId('row-actions-more')).toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Edit',
      'Freeze',
      'Locked',
      'Unbound',
    ]);
    // Type 2 rule not granted, and an action not possible for this row: shown, disabled.
    expect((screen.getByTestId('act-locked') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('act-unbound') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('act-edit'));
    expect(edit).toHaveBeenCalledTimes(1);
  });

  it('asks before a confirmed action and runs it on OK only', async () => {
    const user = userEvent.setup();
    const { actions, freeze } = userActions();
    renderActions(actions);
    await user.click(screen.getByTestId('act-freeze'));
    const confirm = await popconfirm();
    expect(freeze).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    expect(freeze).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when no action is allowed', () => {
    const { container } = renderActions([
      { key: 'hidden', label: 'Hidden', onClick: vi.fn(), permission: 'system:user:add' },
      false,
    ]);
    expect(container.textContent).toBe('');
  });
});

describe('<RowActions> on a phone', () => {
  it('gathers the actions in one More menu that runs the chosen one', async () => {
    setScreenWidth(PHONE);
    const user = userEvent.setup();
    const { actions, edit } = userActions();
    renderActions(actions);
    expect(screen.queryByTestId('act-edit')).toBeNull();
    const more = screen.getByTestId('row-actions-more');
    expect(more.textContent).toBe('More');
    await user.click(more);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Freeze', 'Locked', 'Unbound']);
    expect(within(menu).getByTestId('act-locked').getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).getByTestId('act-unbound').getAttribute('aria-disabled')).toBe('true');
    await user.click(within(menu).getByTestId('act-edit'));
    expect(edit).toHaveBeenCalledTimes(1);
  });

  it('asks before a confirmed action chosen from the menu; Cancel leaves it undone', async () => {
    setScreenWidth(PHONE);
    const user = userEvent.setup();
    const { actions, freeze } = userActions();
    renderActions(actions);
    await user.click(screen.getByTestId('row-actions-more'));
    await user.click(within(await screen.findByRole('menu')).getByTestId('act-freeze'));
    let confirm = await popconfirm();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm.closest('.ant-popover-hidden')).not.toBeNull());
    expect(freeze).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('row-actions-more'));
    const menus = await screen.findAllByRole('menu');
    await user.click(within(menus.at(-1) as HTMLElement).getByTestId('act-freeze'));
    confirm = await popconfirm();
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    expect(freeze).toHaveBeenCalledTimes(1);
  });

  it('keeps a single action a link', async () => {
    setScreenWidth(PHONE);
    const user = userEvent.setup();
    const open = vi.fn();
    renderActions([{ key: 'open', label: 'Open', onClick: open, testId: 'act-open' }]);
    expect(screen.queryByTestId('row-actions-more')).toBeNull();
    await user.click(screen.getByTestId('act-open'));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('names the menu in Chinese', async () => {
    setScreenWidth(PHONE);
    await changeLocale('zh-CN');
    renderActions(userActions().actions);
    expect(screen.getByTestId('row-actions-more').textContent).toBe('更多');
  });
});
