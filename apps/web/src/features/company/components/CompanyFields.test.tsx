import { agentCustomerAddSchema, type CompanyListItem, type Locale } from '@switchboard/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { changeLocale } from '@/lib/i18n';
import { dictReply } from '@/test/dicts';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { CompanyFields, companyFieldValues, useCompanyFieldLabels } from './CompanyFields';

const COMPANY_TYPES = [
  { value: 'direct', text: 'Direct', label: 'Direct' },
  { value: 'two-way', text: 'Two-way', label: 'Two-way' },
  { value: 'agent', text: 'Agent', label: 'Agent' },
];

const COMPANY: CompanyListItem = {
  id: '7f1d2b9e-1c2a-4d8e-9b3f-0a1b2c3d4e5f',
  name: 'Harbour Freight',
  type: 'two-way',
  approvalStatus: 'approved',
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

/** The fields in an entity form as the company forms use them; `save` gets what would be sent. */
function renderForm(options: { editing?: CompanyListItem | null; allowAgents?: boolean } = {}) {
  fakeApi((call) => dictReply(call, { company_type: COMPANY_TYPES }));
  const save = vi.fn(async (_values: unknown) => ({}));
  function Harness() {
    const labels = useCompanyFieldLabels();
    const editing = options.editing ?? null;
    const entity = useEntityForm({
      open: true,
      editing,
      valuesOf: companyFieldValues,
      schema: agentCustomerAddSchema,
      labels,
      save,
      successMessage: 'Saved',
      onClose: () => {},
    });
    return (
      <FormModal entity={entity} title="Company" okText="Save it" testId="thing-form">
        <CompanyFields
          testIdPrefix="thing"
          creating={!editing}
          rule={entity.rule}
          allowAgents={options.allowAgents}
          adminHint="The first user"
        />
      </FormModal>
    );
  }
  renderWithProviders(<Harness />);
  return { save };
}

const field = (id: string) => screen.getByTestId(`thing-${id}`);
const saveButton = () => screen.getByRole('button', { name: 'Save it' });

/** Fills every field of a new company with good values, then `changes`. */
async function fill(changes: Record<string, string> = {}) {
  const values: Record<string, string> = {
    name: 'Harbour Freight',
    contact: 'Hai Bo',
    phone: '+12125550123',
    email: 'hai@example.com',
    username: 'harbour_admin',
    password: 'Harbour2026',
    ...changes,
  };
  for (const [id, value] of Object.entries(values)) {
    const input = field(id);
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

const TEXTS: Record<Locale, { phoneInvalid: string; emailInvalid: string; phoneRequired: string }> = {
  'en-US': {
    phoneInvalid:
      'Please enter a valid phone number for the chosen country, or with its country code, e.g. +8613800138000',
    emailInvalid: 'Please enter a valid email address',
    phoneRequired: 'Phone is required',
  },
  'zh-CN': {
    phoneInvalid: '请输入所选国家或地区的正确号码，或带国家区号的号码，例如 +8613800138000',
    emailInvalid: '请输入正确的邮箱地址',
    phoneRequired: '手机号不能为空',
  },
};

afterEach(async () => {
  await changeLocale('en-US');
});

describe('<CompanyFields>', () => {
  it('renders a new company’s fields under the given test-id prefix, with their labels', async () => {
    renderForm();
    for (const id of ['name', 'type', 'contact', 'phone', 'country', 'email', 'username', 'password']) {
      expect(field(id)).toBeTruthy();
    }
    expect(screen.getByLabelText('Company name')).toBe(field('name'));
    expect(screen.getByLabelText('Phone')).toBe(field('phone'));
    expect(screen.getByText('The first user')).toBeTruthy();
  });

  it('shows an existing company’s contact without its type or sign-in, its phone’s country chosen', async () => {
    renderForm({ editing: COMPANY });
    await waitFor(() => expect((field('name') as HTMLInputElement).value).toBe('Harbour Freight'));
    expect((field('phone') as HTMLInputElement).value).toBe('+8613800138000');
    expect(within(field('country')).getByText(/\+86$/)).toBeTruthy();
    expect(screen.queryByTestId('thing-type')).toBeNull();
    expect(screen.queryByTestId('thing-username')).toBeNull();
    expect(screen.queryByTestId('thing-password')).toBeNull();
  });

  it('offers the agent type only when allowed', async () => {
    renderForm({ allowAgents: false });
    fireEvent.mouseDown(within(field('type')).getByRole('combobox'));
    expect(await screen.findByTitle('Two-way')).toBeTruthy();
    expect(screen.queryByTitle('Agent')).toBeNull();
  });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`refuses a phone number and an e-mail address the server would refuse (${locale})`, async () => {
      await changeLocale(locale);
      const { save } = renderForm();
      const texts = TEXTS[locale];
      // 12345 is no number of the browser's country (US), nor of any with a +code.
      await fill({ phone: '12345', email: 'not-an-address' });
      await userEvent.click(saveButton());
      expect(await screen.findByText(texts.phoneInvalid)).toBeTruthy();
      expect(await screen.findByText(texts.emailInvalid)).toBeTruthy();
      // An empty number says it is required.
      await userEvent.clear(field('phone'));
      expect(await screen.findByText(texts.phoneRequired)).toBeTruthy();
      expect(save).not.toHaveBeenCalled();
    });
  }

  it('takes a national number of the chosen country and sends the country with it', async () => {
    const { save } = renderForm();
    // A Chinese mobile number without +86: not a US number.
    await fill({ phone: '13800138000' });
    await userEvent.click(saveButton());
    expect(await screen.findByText(TEXTS['en-US'].phoneInvalid)).toBeTruthy();
    // Choosing China checks the number again, and it is one.
    fireEvent.mouseDown(within(field('country')).getByRole('combobox'));
    await userEvent.type(within(field('country')).getByRole('combobox'), 'China +86');
    await userEvent.click(await screen.findByTitle('China +86'));
    await waitFor(() => expect(screen.queryByText(TEXTS['en-US'].phoneInvalid)).toBeNull());
    await userEvent.click(saveButton());
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toMatchObject({
      name: 'Harbour Freight',
      type: 'direct',
      contactName: 'Hai Bo',
      phone: '13800138000',
      country: 'CN',
      email: 'hai@example.com',
      username: 'harbour_admin',
    });
  });
});
