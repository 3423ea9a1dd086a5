import { DEFAULT_BRAND } from '@switchboard/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import ContactUsPage from '../pages/ContactUsPage';
import { ContactDropdown } from './ContactDropdown';

const info = {
  groupLink: 'https://t.me/switchboard_customers',
  contacts: [
    { name: 'Support Amy', telegram: '@support_amy' },
    { name: 'Support Bo', telegram: '@support_bo' },
  ],
};

function api(brand = DEFAULT_BRAND) {
  return fakeApi((call) => {
    if (call.path === '/sys/customerBrand') return { result: brand };
    if (call.path === '/outApi/contactInfo') return { result: info };
    return undefined;
  });
}

function stubClipboard() {
  const writeText = vi.fn(async (_text: string) => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

describe('ContactDropdown', () => {
  it('lists the group link and the contacts; choosing one copies it and says so', async () => {
    api();
    // After setup(): user-event installs its own clipboard.
    const user = userEvent.setup();
    const writeText = stubClipboard();
    renderWithProviders(<ContactDropdown />);
    await user.click(await screen.findByTestId('contact-us'));
    expect((await screen.findByTestId('contact-group-link')).getAttribute('href')).toBe(info.groupLink);
    const amy = (await screen.findAllByTestId('support-contact')).find((e) =>
      e.textContent?.includes('@support_amy'),
    );
    expect(amy).toBeTruthy();
    await user.click(amy as HTMLElement);
    expect(writeText).toHaveBeenCalledWith('@support_amy');
    expect(await screen.findByText('Copied @support_amy')).toBeTruthy();
  });

  it('says so when copying fails', async () => {
    api();
    const user = userEvent.setup();
    const writeText = stubClipboard();
    writeText.mockRejectedValueOnce(new Error('denied'));
    renderWithProviders(<ContactDropdown />);
    await user.click(await screen.findByTestId('contact-us'));
    const bo = (await screen.findAllByTestId('support-contact')).find((e) =>
      e.textContent?.includes('@support_bo'),
    );
    await user.click(bo as HTMLElement);
    expect(await screen.findByText('Could not copy, please select the text instead')).toBeTruthy();
  });

  it('says it is loading while the contacts are on their way, not that there are none', async () => {
    let answer: (reply: { result: unknown }) => void = () => undefined;
    fakeApi((call) => {
      if (call.path === '/sys/customerBrand') return { result: DEFAULT_BRAND };
      if (call.path === '/outApi/contactInfo')
        return new Promise((resolve) => {
          answer = resolve;
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ContactDropdown />);
    await user.click(await screen.findByTestId('contact-us'));
    expect((await screen.findByTestId('contact-loading')).textContent).toBe('Loading support contacts…');
    expect(screen.queryByText('No support contacts yet')).toBeNull();
    answer({ result: { groupLink: null, contacts: [] } });
    expect(await screen.findByText('No support contacts yet')).toBeTruthy();
    expect(screen.queryByTestId('contact-loading')).toBeNull();
  });

  it('is not shown on a domain whose brand is not the main brand', async () => {
    const { calls } = api({ ...DEFAULT_BRAND, brandName: 'PartnerTel', isMainBrand: false });
    renderWithProviders(<ContactDropdown />);
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/customerBrand')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('contact-us')).toBeNull());
  });
});

describe('ContactUsPage', () => {
  it('shows every contact with a copy button', async () => {
    api();
    // After setup(): user-event installs its own clipboard.
    const user = userEvent.setup();
    const writeText = stubClipboard();
    renderWithProviders(<ContactUsPage />);
    expect(await screen.findByText('Support Bo')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy @support_bo' }));
    expect(writeText).toHaveBeenCalledWith('@support_bo');
    expect(await screen.findByText('Copied @support_bo')).toBeTruthy();
  });
});
