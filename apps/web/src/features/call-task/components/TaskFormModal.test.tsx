import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { TaskFormModal } from './TaskFormModal';

const IVR = '5b1f4b7e-7d4c-4c39-9a57-0f6a6e0b6a11';

describe('<TaskFormModal>', () => {
  it('previews the numbers, checks the ratio and periods with the shared rules, and sends the task', async () => {
    const api = fakeApi((call) => {
      if (call.path === '/groupCallTask/add') return { result: { id: 't1' } };
      // The company's own lists (a customer's scope: no company named).
      if (call.path === '/voip/ivrFlow/list')
        return { result: { records: [{ id: IVR, name: 'Survey' }], total: 1 } };
      if (call.path === '/caller/list')
        return {
          result: {
            records: [
              { id: 'c1', number: '+8613900000009', enabled: true },
              { id: 'c2', number: '+8613900000010', enabled: false },
            ],
            total: 2,
          },
        };
      if (call.path === '/callerGroup/list') return { result: { records: [], total: 0 } };
      return undefined;
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<TaskFormModal open editing={null} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('call-task-name'), 'Spring');
    await user.type(
      within(dialog).getByTestId('call-task-numbers'),
      '+8613800000001{enter}8613800000001, +8613800000002',
    );
    expect(within(dialog).getByTestId('call-task-number-preview').textContent).toBe(
      '3 numbers written, 2 different; 0 rows of the file refused',
    );
    // The IVR flow and caller IDs are chosen from the company's lists (no trunk without the permission).
    await user.click(within(dialog).getByRole('combobox', { name: 'IVR flow' }));
    await user.click(await screen.findByText('Survey', { selector: '.ant-select-item-option-content' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Caller IDs' }));
    await user.click(
      await screen.findByText('+8613900000009', { selector: '.ant-select-item-option-content' }),
    );
    expect(within(dialog).queryByRole('combobox', { name: 'Trunk' })).toBeNull();
    expect(api.calls.find((c) => c.path === '/voip/ivrFlow/list')?.query.has('companyId')).toBe(false);
    const ratio = within(dialog).getByTestId('call-task-ratio');
    await user.clear(ratio);
    await user.type(ratio, '0');
    await user.click(within(dialog).getByText('Save').closest('button') as HTMLElement);
    expect(
      await within(dialog).findByText('The call ratio must be a whole number greater than 0 (at most 500)'),
    ).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/groupCallTask/add')).toBe(false);
    await user.clear(ratio);
    await user.type(ratio, '3');

    // A second period overlapping the first is refused as it is written.
    await user.click(within(dialog).getByTestId('call-task-add-period'));
    const starts = within(dialog).getAllByLabelText('Start');
    await user.clear(starts[1]!);
    await user.type(starts[1]!, '10:00');
    expect((await within(dialog).findByTestId('call-task-period-problem')).textContent).toBe(
      'Calling periods must not overlap',
    );
    await user.click(within(dialog).getAllByLabelText('Remove period')[1]!);
    await waitFor(() => expect(within(dialog).queryByTestId('call-task-period-problem')).toBeNull());

    await user.click(within(dialog).getByTestId('call-task-hangup'));
    await user.type(within(dialog).getByTestId('call-task-hangup-text'), 'Thank you');
    expect(within(dialog).getByText('9 / 320')).toBeTruthy();
    await user.click(within(dialog).getByText('Save').closest('button') as HTMLElement);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/groupCallTask/add')).toBe(true));
    expect(api.calls.find((c) => c.path === '/groupCallTask/add')?.body).toMatchObject({
      name: 'Spring',
      ivrFlowId: IVR,
      trunkId: null,
      callerGroupId: null,
      callerIds: ['+8613900000009'],
      callRatio: 3,
      ttlS: 120,
      periods: [{ start: '09:00', end: '18:00' }],
      hangupSms: { to: 'answered', text: 'Thank you' },
      numbers: ['+8613800000001', '8613800000001', '+8613800000002'],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
