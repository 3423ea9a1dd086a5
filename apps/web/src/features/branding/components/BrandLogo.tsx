import { Logo } from '@/components/Logo';
import { useBrand } from '../api/get-customer-brand';

/** The brand's logo, or the platform mark when the brand has none. */
export function BrandLogo({ size = 32 }: { size?: number }) {
  const { platformLogo, brandName } = useBrand();
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
