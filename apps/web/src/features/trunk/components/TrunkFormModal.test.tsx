import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { TrunkFormModal } from './TrunkFormModal';

const accounts = { records: [], total: 0, size: 200, current: 1, pages: 0 };

/** Picks `label` in the antd Select whose trigger has `testId`. */
async function choose(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  testId: string,
  label: string,
) {
  await user.click(within(dialog).getByTestId(testId).closest('.ant-select') as HTMLElement);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.textContent === label,
    );
    if (!found) throw new Error(`no option ${label}`);
    return found as HTMLElement;
  });
  await user.click(option);
}

describe('<TrunkFormModal>', () => {
  it('a TLS trunk: the port follows to 5061, certificate verification shown (on), turned off for a test peer', async () => {
    const api = fakeApi((call) => {
      if (call.path === '/sys/fsAccount/list') return { result: accounts };
      if (call.path === '/voip/trunk/add') return { result: { id: 't1' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<TrunkFormModal open editing={null} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('trunk-tlsVerify')).toBeNull();
    await user.type(within(dialog).getByTestId('trunk-name'), 'Carrier TLS');
    await user.type(within(dialog).getByTestId('trunk-host'), 'sip.carrier.example');
    await choose(user, dialog, 'trunk-transport', 'TLS');
    await waitFor(() => expect(within(dialog).getByTestId('trunk-port')).toHaveProperty('value', '5061'));
    const verify = await within(dialog).findByTestId('trunk-tlsVerify');
    expect(verify.getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByText('Verify certificate')).toBeTruthy();
    await user.click(verify);
    await user.click(within(dialog).getByText('Save').closest('button') as HTMLElement);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/voip/trunk/add')).toBe(true));
    expect(api.calls.find((c) => c.path === '/voip/trunk/add')?.body).toMatchObject({
      name: 'Carrier TLS',
      host: 'sip.carrier.example',
      transport: 'tls',
      port: 5061,
      tlsVerify: false,
    });
  });

  it('a port set by hand stays when the transport changes', async () => {
    fakeApi((call) => (call.path === '/sys/fsAccount/list' ? { result: accounts } : undefined));
    const user = userEvent.setup();
    renderWithProviders(<TrunkFormModal open editing={null} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const port = within(dialog).getByTestId('trunk-port');
    await user.clear(port);
    await user.type(port, '5090');
    await choose(user, dialog, 'trunk-transport', 'TLS');
    await within(dialog).findByTestId('trunk-tlsVerify');
    expect(port).toHaveProperty('value', '5090');
  });
});
