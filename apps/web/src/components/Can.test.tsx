import type { UserPermissions } from '@switchboard/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PermissionsContext } from '@/lib/permissions-context';
import { Can } from './Can';

const permissions: UserPermissions = {
  menu: [],
  auth: [{ action: 'granted:hide', describe: '', type: '1', status: '1' }],
  allAuth: [
    { action: 'granted:hide', describe: '', type: '1', status: '1' },
    { action: 'missing:hide', describe: '', type: '1', status: '1' },
    { action: 'missing:disable', describe: '', type: '2', status: '1' },
  ],
};

function renderWith(action: string) {
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
    renderWith('granted:hide');
    expect((screen.getByRole('button', { name: 'Act' }) as HTMLButtonElement).disabled).toBe(false);
  });
  it('removes a type 1 control that is not granted', () => {
    renderWith('missing:hide');
    expect(screen.queryByRole('button')).toBeNull();
  });
  it('disables a type 2 control that is not granted', () => {
    renderWith('missing:disable');
    expect((screen.getByRole('button', { name: 'Act' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
