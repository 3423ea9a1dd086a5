import type { OperationLogItem } from '@switchboard/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/fake-api';
import { ChangesButton, changedFields } from './ChangesButton';

const row = (before: OperationLogItem['before'], after: OperationLogItem['after']): OperationLogItem => ({
  id: 7,
  userId: null,
  username: 'admin',
  method: 'PUT',
  route: '/api/sys/supportContact/edit',
  action: 'system:contact:edit',
  statusCode: 200,
  ip: '192.0.2.1',
  userAgent: null,
  durationMs: 3,
  before,
  after,
  createdAt: '2026-03-01T08:00:00Z',
});

describe('changedFields', () => {
  it('lists each field once with both sides as text (absent or null: empty)', () => {
    expect(
      changedFields({
        before: { name: 'Old', tags: ['a'], gone: 1 },
        after: { name: 'New', tags: ['a', 'b'], added: null },
      }),
    ).toEqual([
      { field: 'name', before: 'Old', after: 'New' },
      { field: 'tags', before: '["a"]', after: '["a","b"]' },
      { field: 'gone', before: '1', after: '' },
      { field: 'added', before: '', after: '' },
    ]);
  });
});

describe('ChangesButton', () => {
  it('shows nothing for a row without before and after', () => {
    renderWithProviders(<ChangesButton row={row(null, null)} />);
    expect(screen.queryByTestId('changes-7')).toBeNull();
  });

  it('opens the fields before and after', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ChangesButton row={row({ name: 'Old', sort: 1 }, { name: 'New', sort: 2 })} />);
    const button = await screen.findByTestId('changes-7');
    expect(button.textContent).toBe('2 fields');
    await user.click(button);
    const table = await screen.findByTestId('changes-table');
    const cells = within(table)
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells.filter((c) => c.length > 0)).toEqual([
      ['name', 'Old', 'New'],
      ['sort', '1', '2'],
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Before' })).toBeTruthy();
  });
});
