import { DEFAULT_BRAND } from '@switchboard/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '@/features/notices/testing/fake-api';
import { BrandLogo } from '../components/BrandLogo';
import { logoProblem } from '../components/LogoUpload';
import { useBrand } from './get-customer-brand';

function BrandName() {
  const brand = useBrand();
  return (
    <span data-testid="brand">
      {brand.brandName}|{String(brand.isMainBrand)}|{String(brand.hideLanguage)}
    </span>
  );
}

afterEach(() => vi.unstubAllGlobals());

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

  it('falls back to the default brand when the call fails, without retrying', async () => {
    const { calls } = fakeApi(() => ({ status: 500, message: 'boom' }));
    renderWithProviders(<BrandName />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('brand').textContent).toBe(`${DEFAULT_BRAND.brandName}|true|false`);
    expect(calls).toHaveLength(1);
  });
});

describe('logoProblem', () => {
  it('accepts PNG, JPEG and SVG up to 200 kB only', () => {
    expect(logoProblem({ type: 'image/png', size: 200 * 1024 })).toBeNull();
    expect(logoProblem({ type: 'image/svg+xml', size: 10 })).toBeNull();
    expect(logoProblem({ type: 'image/jpeg', size: 200 * 1024 + 1 })).toBe('size');
    expect(logoProblem({ type: 'image/gif', size: 10 })).toBe('type');
  });
});
