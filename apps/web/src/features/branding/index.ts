export { BrandLogo } from './BrandMark';
export { getBrand, useBrand } from './use-brand';
