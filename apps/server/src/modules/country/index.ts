import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { defineModule, digestOf } from '../../platform/module';
import { countryRoutes } from './routes';
import { CountryService } from './service';

export type { CountryService, CountryUsage, CountryUsageCheck } from './service';

declare module '../../platform/module' {
  interface Services {
    countries: CountryService;
  }
}

/** ISO 3166 countries and regions: calling codes, names in both languages, enabled in pickers. */
export const countryModule = defineModule({
  name: 'country',
  provides: ['countries'],
  services: ({ db, caches }) => ({ countries: new CountryService(db, caches) }),
  routes: countryRoutes,
  seed: ({ countries }) => countries.seed(),
  // The country list and calling codes of the libphonenumber-js in use.
  seedDigest: digestOf(getCountries().map((code) => [code, getCountryCallingCode(code)])),
});
