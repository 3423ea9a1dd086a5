import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { CountryCodeSelect } from './CountryCodeSelect';

const OPTIONS = {
  'en-US': [
    { code: 'CN', dialCode: '86', name: 'China' },
    { code: 'GB', dialCode: '44', name: 'United Kingdom' },
    { code: 'US', dialCode: '1', name: 'United States' },
  ],
  'zh-CN': [
    { code: 'CN', dialCode: '86', name: '中国' },
    { code: 'GB', dialCode: '44', name: '英国' },
    { code: 'US', dialCode: '1', name: '美国' },
  ],
};

function renderPicker(initial?: string) {
  const onFinish = vi.fn();
  renderWithProviders(
    <Form initialValues={{ countryCode: initial }} onFinish={onFinish}>
      <Form.Item name="countryCode" label="Country">
        <CountryCodeSelect testId="country" />
      </Form.Item>
      <button type="submit">Go</button>
    </Form>,
  );
  return { onFinish };
}

afterEach(async () => {
  await changeLocale('en-US');
});

describe('<CountryCodeSelect>', () => {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`finds the enabled countries by name in the reader's language and stores the code (${locale})`, async () => {
      await changeLocale(locale);
      fakeApi((call) =>
        call.path === '/sys/country/options' ? { result: OPTIONS[call.locale as 'en-US'] } : undefined,
      );
      const { onFinish } = renderPicker();
      const select = screen.getByTestId('country');
      fireEvent.mouseDown(within(select).getByRole('combobox'));
      await userEvent.type(within(select).getByRole('combobox'), locale === 'zh-CN' ? '英国' : 'kingdom');
      const name = locale === 'zh-CN' ? 'GB 英国' : 'GB United Kingdom';
      await userEvent.click(await screen.findByTitle(name));
      await userEvent.click(screen.getByRole('button', { name: 'Go' }));
      await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ countryCode: 'GB' }));
    });
  }

  it('keeps showing a code already set that is no longer offered', async () => {
    fakeApi((call) => (call.path === '/sys/country/options' ? { result: OPTIONS['en-US'] } : undefined));
    renderPicker('DE');
    const select = screen.getByTestId('country');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    expect(await screen.findByTitle('US United States')).toBeTruthy();
    expect(within(select).getByText('DE Germany')).toBeTruthy();
  });

  it('offers every country phones know while the enabled ones cannot be read', async () => {
    fakeApi((call) => (call.path === '/sys/country/options' ? { status: 500 } : undefined));
    renderPicker();
    const select = screen.getByTestId('country');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    await userEvent.type(within(select).getByRole('combobox'), 'JP');
    expect(await screen.findByTitle('JP Japan')).toBeTruthy();
  });
});
