import type { PermissionCode, UserPermissions } from '@switchboard/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PermissionsContext } from '@/lib/permissions-context';
import { Can } from './Can';

const permissions: UserPermissions = {
  menu: [],
  auth: [{ action: 'system:user:list', describe: '', type: '1', status: '1' }],
  allAuth: [
    { action: 'system:user:list', describe: '', type: '1', status: '1' },
    { action: 'system:user:add', describe: '', type: '1', status: '1' },
    { action: 'system:user:edit', describe: '', type: '2', status: '1' },
  ],
};

function renderWith(action: PermissionCode) {
  return render(
    <PermissionsContext value={permissions}>
      <Can action={action}>
        <button type="button">Act</button>
      </Can>
    </PermissionsContext>,
  );
}

describe('<Can>', () => {
  it('shows a granted control', () => {
    renderWith('system:user:list');
    expect((screen.getByRole('button', { name: 'Act' }) as HTMLButtonElement).disabled).toBe(false);
  });
  it('removes a type 1 control that is not granted', () => {
    renderWith('system:user:add');
    expect(screen.queryByRole('button')).toBeNull();
  });
  it('disables a type 2 control that is not granted', () => {
    renderWith('system:user:edit');
    expect((screen.getByRole('button', { name: 'Act' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
