import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, type Reply, renderWithProviders } from '@/test/fake-api';
import { SupportContactFormModal } from './SupportContactFormModal';

async function saveNewContact(reply: Reply) {
  const api = fakeApi((call) => (call.path === '/sys/supportContact/add' ? reply : undefined));
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<SupportContactFormModal open editing={null} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText('Name'), 'Night desk');
  await user.type(within(dialog).getByLabelText('Telegram'), '@night_desk');
  await user.click(within(dialog).getByText('Save').closest('button') as HTMLElement);
  await waitFor(() => expect(api.calls.some((c) => c.path === '/sys/supportContact/add')).toBe(true));
  return { api, dialog, onClose };
}

describe('<SupportContactFormModal> (the shared entity form)', () => {
  it('sends the trimmed values, says saved and closes', async () => {
    const { api, onClose } = await saveNewContact({ result: { id: 'c1' } });
    expect(api.calls.find((c) => c.path === '/sys/supportContact/add')?.body).toEqual({
      name: 'Night desk',
      telegram: '@night_desk',
      sort: 0,
      enabled: true,
    });
    expect(await screen.findByText('Contact saved')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('puts the server’s field errors on their fields, with no message besides', async () => {
    const { dialog, onClose } = await saveNewContact({
      status: 400,
      errorCode: 'VALIDATION_FAILED',
      message: 'Some fields are invalid',
      errors: [{ field: 'telegram', message: 'Telegram is taken' }],
    });
    expect(await within(dialog).findByText('Telegram is taken')).toBeTruthy();
    expect(screen.queryByText('Some fields are invalid')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows any other failure once, and stays open', async () => {
    const { onClose } = await saveNewContact({ status: 500, message: 'Database unavailable' });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    // Give a second display the chance to appear: there must be none.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getAllByText('Database unavailable')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
