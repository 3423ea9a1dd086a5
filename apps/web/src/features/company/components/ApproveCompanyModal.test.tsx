import type { ApprovalRateGroups, CompanyListItem, Locale } from '@switchboard/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { type Call, fakeApi, renderWithProviders } from '@/test/fake-api';
import { ApproveCompanyModal } from './CompanyDialogs';

const COMPANY: CompanyListItem = {
  id: '7f1d2b9e-1c2a-4d8e-9b3f-0a1b2c3d4e5f',
  name: 'Harbour Freight',
  type: 'direct',
  approvalStatus: 'waiting',
  parentCompanyId: null,
  parentCompanyName: null,
  contactName: 'Hai Bo',
  phone: '+8613800138000',
  email: 'hai@example.com',
  frozen: false,
  enabled: true,
  salesUserId: null,
  salesUsername: null,
  rejectReason: null,
  balance: '0',
  creditLimit: '0',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const STANDARD = 'a1a1a1a1-0000-4000-8000-000000000001';
const WHOLESALE = 'a1a1a1a1-0000-4000-8000-000000000002';

const offerOf = (defaultGroupId: string | null): ApprovalRateGroups => ({
  companyId: COMPANY.id,
  defaultGroupId,
  groups: [
    { id: STANDARD, name: 'Standard SMS', ownerCompanyId: null, ownerCompanyName: null, isDefault: true },
    { id: WHOLESALE, name: 'Wholesale SMS', ownerCompanyId: null, ownerCompanyName: null, isDefault: false },
  ],
});

const TEXTS: Record<
  Locale,
  { approve: RegExp; standard: string; wholesale: string; none: string; warning: string; noDefault: string }
> = {
  'en-US': {
    approve: /^Approve$/,
    standard: 'Standard SMS (Platform) · default',
    wholesale: 'Wholesale SMS (Platform)',
    none: 'None for now',
    warning: 'Without a rate group the company has no prices and cannot send until one is assigned.',
    noDefault: 'Its provider has no default SMS group: choose the group that prices its sends.',
  },
  'zh-CN': {
    approve: /^审核通过$/,
    standard: 'Standard SMS (平台) · 默认',
    wholesale: 'Wholesale SMS (平台)',
    none: '暂不分配',
    warning: '没有费率组，该公司就没有价格，在分配费率组之前无法发送。',
    noDefault: '其供应商没有默认短信费率组：请选择为其发送计价的费率组。',
  },
};

/** The dialog over a fake API answering the offer and the approval; `approval` answers the approval. */
function renderDialog(
  defaultGroupId: string | null,
  approval: (call: Call) => ReturnType<Parameters<typeof fakeApi>[0]> = () => ({
    result: { ...COMPANY, approvalStatus: 'approved' },
  }),
) {
  const api = fakeApi((call) => {
    if (call.path === '/sys/company/approvalRateGroups') return { result: offerOf(defaultGroupId) };
    if (call.path === '/sys/company/approve') return approval(call);
    return undefined;
  });
  const onClose = vi.fn();
  renderWithProviders(<ApproveCompanyModal company={COMPANY} onClose={onClose} />);
  return { ...api, onClose };
}

const select = () => screen.getByTestId('company-approve-group');
const approveButton = (name: RegExp) => within(screen.getByRole('dialog')).getByRole('button', { name });
const approvals = (calls: Call[]) =>
  calls.filter((c) => c.path === '/sys/company/approve').map((c) => c.body);

afterEach(async () => {
  await changeLocale('en-US');
});

describe('<ApproveCompanyModal>', () => {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    const text = TEXTS[locale];

    it(`[${locale}] is pre-filled with the default group and approves with it`, async () => {
      await changeLocale(locale);
      const { calls, onClose } = renderDialog(STANDARD);
      await waitFor(() => expect(select().textContent).toContain(text.standard));
      await userEvent.click(approveButton(text.approve));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(approvals(calls)).toEqual([{ id: COMPANY.id, smsRateGroupId: STANDARD }]);
    });

    it(`[${locale}] approves with the group chosen, or with none after a warning`, async () => {
      await changeLocale(locale);
      const { calls, onClose } = renderDialog(null);
      // No default: "none" is shown, with why and what it means (once the offer has come: the
      // select reads "none" while it loads too).
      expect(await screen.findByText(text.noDefault)).toBeTruthy();
      expect(select().textContent).toContain(text.none);
      expect((await screen.findByTestId('company-approve-no-group')).textContent).toContain(text.warning);
      await userEvent.click(within(select()).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle(text.wholesale));
      await waitFor(() => expect(select().textContent).toContain(text.wholesale));
      expect(screen.queryByTestId('company-approve-no-group')).toBeNull();
      await userEvent.click(approveButton(text.approve));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(approvals(calls)).toEqual([{ id: COMPANY.id, smsRateGroupId: WHOLESALE }]);
    });
  }

  it('sends null for "none for now", and shows a refusal in the dialog', async () => {
    const { calls, onClose } = renderDialog(null, () => ({
      status: 400,
      errorCode: 'RATE_GROUP_NOT_ASSIGNABLE',
      message: 'This rate group cannot be given to this company',
    }));
    await waitFor(() => expect(select().textContent).toContain(TEXTS['en-US'].none));
    await userEvent.click(approveButton(TEXTS['en-US'].approve));
    await waitFor(() =>
      expect(screen.getByTestId('company-approve-error').textContent).toContain(
        'This rate group cannot be given to this company',
      ),
    );
    expect(approvals(calls)).toEqual([{ id: COMPANY.id, smsRateGroupId: null }]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
