import type { Gateway } from '@switchboard/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { GatewayFormModal } from './GatewayFormModal';

const EXISTING: Gateway = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Upstream',
  enabled: true,
  host: 'smsc.example.com',
  port: 2775,
  systemId: 'acct',
  systemType: '',
  bindMode: 'pair',
  binds: 2,
  windowSize: 20,
  tps: 100,
  sourceTon: 5,
  sourceNpi: 0,
  destTon: 1,
  destNpi: 1,
  defaultDataCoding: 0,
  enquireLinkSeconds: 30,
  reconnectSeconds: 2,
  reconnectMaxSeconds: 60,
  submitIdFormat: 'hex',
  receiptIdFormat: 'decimal',
  errorMap: { '0x0b': 'rejected' },
  remark: null,
  createdAt: '2026-11-26T00:00:00.000Z',
  updatedAt: '2026-11-26T00:00:00.000Z',
};

describe('<GatewayFormModal>', () => {
  it('adds a gateway with the defaults and the password, checked with the shared schema first', async () => {
    const api = fakeApi((call) => (call.path === '/sms/gateway/add' ? { result: { id: 'g1' } } : undefined));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<GatewayFormModal open editing={null} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    for (const group of ['Connection', 'Binding', 'Addressing', 'Advanced']) {
      expect(within(dialog).getByText(group)).toBeTruthy();
    }
    await user.type(within(dialog).getByTestId('gateway-name'), 'New one');
    await user.type(within(dialog).getByTestId('gateway-host'), 'bad host!');
    await user.type(within(dialog).getByTestId('gateway-systemId'), 'acct');
    await user.click(within(dialog).getByText('Save').closest('button') as HTMLElement);
    expect(await within(dialog).findByText('Host must be a host name or an IP address')).toBeTruthy();
    expect(await within(dialog).findByText('Password is required')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/sms/gateway/add')).toBe(false);

    await user.clear(within(dialog).getByTestId('gateway-host'));
    await user.type(within(dialog).getByTestId('gateway-host'), '10.0.0.1');
    await user.type(within(dialog).getByTestId('gateway-password'), 'pw1');
    await user.click(within(dialog).getByText('Save').closest('button') as HTMLElement);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/sms/gateway/add')).toBe(true));
    expect(api.calls.find((c) => c.path === '/sms/gateway/add')?.body).toMatchObject({
      name: 'New one',
      host: '10.0.0.1',
      port: 2775,
      systemId: 'acct',
      password: 'pw1',
      bindMode: 'transceiver',
      binds: 1,
      windowSize: 10,
      errorMap: {},
      remark: null,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('edits without sending a password left empty, the error map as an object', async () => {
    const api = fakeApi((call) => (call.path === '/sms/gateway/edit' ? { result: EXISTING } : undefined));
    const user = userEvent.setup();
    renderWithProviders(<GatewayFormModal open editing={EXISTING} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Leave empty to keep the current password.')).toBeTruthy();
    expect(within(dialog).getAllByTestId('gateway-error-row')).toHaveLength(1);
    await user.click(within(dialog).getByText('Save').closest('button') as HTMLElement);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/sms/gateway/edit')).toBe(true));
    const body = api.calls.find((c) => c.path === '/sms/gateway/edit')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      id: EXISTING.id,
      bindMode: 'pair',
      binds: 2,
      errorMap: { '0x0b': 'rejected' },
    });
    expect(body).not.toHaveProperty('password');
  });
});
