import { defineModule } from '../../platform/module';
import { brandRoutes } from './routes';
import { BrandService } from './service';

export type { BrandService } from './service';

declare module '../../platform/module' {
  interface Services {
    brands: BrandService;
  }
}

/** Brand name, logo and header flags per visiting domain. */
export const brandModule = defineModule({
  name: 'brand',
  provides: ['brands'],
  services: ({ db }) => ({ brands: new BrandService(db) }),
  routes: brandRoutes,
});
