import type { RateGroup } from '@switchboard/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { RateGroupFormModal } from './RateGroupFormModal';

const GROUP: RateGroup = {
  id: 'b2b2b2b2-0000-4000-8000-000000000001',
  name: 'Retail SMS',
  kind: 'sms',
  ownerCompanyId: null,
  ownerCompanyName: null,
  remark: null,
  isDefault: false,
  rateCount: 3,
  companyCount: 0,
  editable: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderModal(editing: RateGroup | null) {
  const api = fakeApi((call) =>
    call.path === '/sys/feerateGroup/edit' || call.path === '/sys/feerateGroup/add'
      ? { result: { ...GROUP, ...(call.body as object) } }
      : undefined,
  );
  const onClose = vi.fn();
  renderWithProviders(<RateGroupFormModal open editing={editing} onClose={onClose} />);
  return { ...api, onClose };
}

const saveButton = () => within(screen.getByRole('dialog')).getByRole('button', { name: /save|保\s?存/i });

afterEach(async () => {
  await changeLocale('en-US');
});

describe('<RateGroupFormModal> default for new customers', () => {
  it('makes an existing group the default, with its label and hint', async () => {
    const { calls, onClose } = renderModal(GROUP);
    const toggle = await screen.findByTestId('rate-group-default');
    expect(screen.getByText('Default for new customers')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(toggle);
    await userEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/sys/feerateGroup/edit')?.body).toEqual({
      id: GROUP.id,
      name: GROUP.name,
      remark: null,
      isDefault: true,
    });
  });

  it('stops a default being one, in Chinese too', async () => {
    await changeLocale('zh-CN');
    const { calls, onClose } = renderModal({ ...GROUP, isDefault: true });
    const toggle = await screen.findByTestId('rate-group-default');
    expect(screen.getByText('新客户默认')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(toggle);
    await userEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/sys/feerateGroup/edit')?.body).toMatchObject({ isDefault: false });
  });
});
