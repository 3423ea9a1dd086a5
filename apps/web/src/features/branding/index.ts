export {
  customerBrandQuery,
  getCustomerBrand,
  getCustomerBrand as getBrand,
  useBrand,
} from './api/get-customer-brand';
export { BrandLogo } from './components/BrandLogo';
export { LogoUpload } from './components/LogoUpload';
export type { BrandRecord } from './types';
// BrandListPage is loaded lazily: import '@/features/branding/pages/BrandListPage'.
