import { DEFAULT_BRAND, LOGO_MAX_BYTES } from '@switchboard/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { BrandLogo } from '../components/BrandLogo';
import { LogoUpload, logoProblem } from '../components/LogoUpload';
import { useBrandTitle } from '../use-brand-title';
import { useBrand } from './get-customer-brand';

function BrandName() {
  const brand = useBrand();
  return (
    <span data-testid="brand">
      {brand ? `${brand.brandName}|${brand.isMainBrand}|${brand.hideLanguage}` : 'pending'}
    </span>
  );
}

describe('useBrand', () => {
  it('asks for the brand of the visiting host name', async () => {
    const { calls } = fakeApi((call) =>
      call.path === '/sys/customerBrand'
        ? {
            result: {
              brandName: 'PartnerTel',
              platformLogo: 'data:image/png;base64,AAAA',
              isMainBrand: false,
              hideRecharge: true,
              hideLanguage: true,
            },
          }
        : undefined,
    );
    renderWithProviders(
      <>
        <BrandName />
        <BrandLogo size={24} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('brand').textContent).toBe('PartnerTel|false|true'));
    expect(calls[0]?.query.get('customerDomain')).toBe(window.location.hostname);
    const logo = screen.getByTestId('brand-logo');
    expect(logo.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(logo.getAttribute('alt')).toBe('PartnerTel');
  });

  it('shows nothing brand-specific until the brand is known: no default brand first', async () => {
    let answer: (reply: { result: unknown }) => void = () => undefined;
    const { calls } = fakeApi((call) =>
      call.path === '/sys/customerBrand'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    renderWithProviders(
      <>
        <BrandName />
        <BrandLogo size={24} />
      </>,
    );
    expect(screen.getByTestId('brand').textContent).toBe('pending');
    expect(screen.getByTestId('brand-pending')).toBeTruthy();
    expect(screen.queryByText(DEFAULT_BRAND.brandName)).toBeNull();
    // The request reaches the fake API asynchronously (through the fake network).
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByTestId('brand').textContent).toBe('pending');
    answer({
      result: {
        brandName: 'PartnerTel',
        platformLogo: null,
        isMainBrand: false,
        hideRecharge: true,
        hideLanguage: true,
      },
    });
    await waitFor(() => expect(screen.getByTestId('brand').textContent).toBe('PartnerTel|false|true'));
    expect(screen.queryByTestId('brand-pending')).toBeNull();
  });

  it('falls back to the default brand when the call fails, without retrying', async () => {
    const { calls } = fakeApi(() => ({ status: 500, message: 'boom' }));
    renderWithProviders(<BrandName />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('brand').textContent).toBe(`${DEFAULT_BRAND.brandName}|true|false`);
    expect(calls).toHaveLength(1);
  });
});

describe('useBrandTitle', () => {
  it('names the browser tab after the visiting domain’s brand', async () => {
    document.title = 'Switchboard';
    fakeApi((call) =>
      call.path === '/sys/customerBrand'
        ? {
            result: {
              brandName: 'PartnerTel',
              platformLogo: null,
              isMainBrand: false,
              hideRecharge: false,
              hideLanguage: false,
            },
          }
        : undefined,
    );
    function Titled() {
      useBrandTitle();
      return null;
    }
    renderWithProviders(<Titled />);
    await waitFor(() => expect(document.title).toBe('PartnerTel'));
  });
});

describe('logoProblem', () => {
  it('accepts PNG and JPEG up to 200 kB only (no SVG: it may carry script)', () => {
    expect(logoProblem({ type: 'image/png', size: 200 * 1024 })).toBeNull();
    expect(logoProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(logoProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(logoProblem({ type: 'image/jpeg', size: 200 * 1024 + 1 })).toBe('size');
    expect(logoProblem({ type: 'image/gif', size: 10 })).toBe('type');
  });
});

describe('LogoUpload', () => {
  it('reports a file that cannot be a logo under its field, not in a pop-up', async () => {
    fakeApi(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(
      <Form>
        <Form.Item name="logo" label="Logo">
          <LogoUpload name="logo" />
        </Form.Item>
      </Form>,
    );
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const huge = new File([new Uint8Array(LOGO_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(input, huge);
    const error = await screen.findByText('The logo must be at most 200 kB');
    expect(error.closest('.ant-form-item-explain-error')).toBeTruthy();
    expect(document.querySelector('.ant-message')).toBeNull();
    expect(screen.queryByTestId('logo-preview')).toBeNull();
  });

  it('refuses an SVG, and a file whose bytes are not what its type says, with the contracts’ text', async () => {
    fakeApi(() => undefined);
    const user = userEvent.setup({ applyAccept: false });
    const changes: unknown[] = [];
    renderWithProviders(
      <Form>
        <Form.Item name="logo" label="Logo">
          <LogoUpload name="logo" onChange={(value) => changes.push(value)} />
        </Form.Item>
      </Form>,
    );
    // The upload renders a new file input after each pick.
    const input = () => document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input().accept).toBe('image/png,image/jpeg');
    const svg = new File(['<svg onload="alert(1)"/>'], 'logo.svg', { type: 'image/svg+xml' });
    await user.upload(input(), svg);
    expect(
      (await screen.findByText('The logo must be a PNG or JPEG image')).closest(
        '.ant-form-item-explain-error',
      ),
    ).toBeTruthy();
    // Called .png, but it is not one.
    const renamed = new File(['<svg onload="alert(1)"/>'], 'logo.png', { type: 'image/png' });
    const logoField = () => screen.getByText('The logo must be a PNG or JPEG image');
    // Choosing a good file clears the field's error; the renamed one brings it back.
    await user.upload(input(), renamed);
    await waitFor(() => expect(logoField()).toBeTruthy());
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
      'logo.png',
      {
        type: 'image/png',
      },
    );
    await user.upload(input(), png);
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(String(changes[0])).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });
});
