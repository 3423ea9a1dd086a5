import { Logo } from '@/components/Logo';
import { useBrand } from '../api/get-customer-brand';

/** The brand's logo, or the platform mark when the brand has none; an empty box while it loads. */
export function BrandLogo({ size = 32 }: { size?: number }) {
  const brand = useBrand();
  if (!brand)
    return (
      <span style={{ display: 'inline-block', width: size, height: size }} data-testid="brand-pending" />
    );
  const { platformLogo, brandName } = brand;
  if (!platformLogo) return <Logo size={size} />;
  return (
    <img
      src={platformLogo}
      alt={brandName}
      width={size}
      height={size}
      style={{ objectFit: 'contain' }}
      data-testid="brand-logo"
    />
  );
}
