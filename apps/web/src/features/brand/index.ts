export {
  customerBrandQuery,
  getCustomerBrand,
  getCustomerBrand as getBrand,
  useBrand,
} from './api/get-customer-brand';
export { BrandLogo } from './components/BrandLogo';
export { LogoUpload } from './components/LogoUpload';
export { useBrandTitle } from './use-brand-title';
// BrandListPage is loaded lazily: import '@/features/brand/pages/BrandListPage'.
