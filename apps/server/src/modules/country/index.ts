import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import type { Db } from '../../platform/db';
import { defineModule, digestOf } from '../../platform/module';
import { CountryRepo } from './repo';

/** ISO 3166 countries and regions with calling codes and names in both languages. */
export class CountryService {
  private readonly repo: CountryRepo;

  constructor(db: Db) {
    this.repo = new CountryRepo(db);
  }

  list() {
    return this.repo.list();
  }

  /** Every country libphonenumber knows, named by the platform's Intl data. */
  async seed() {
    const en = new Intl.DisplayNames(['en'], { type: 'region' });
    const zh = new Intl.DisplayNames(['zh-Hans'], { type: 'region' });
    await this.repo.insertMissing(
      getCountries().map((code) => ({
        code,
        dialCode: getCountryCallingCode(code),
        nameEn: en.of(code) ?? code,
        nameZh: zh.of(code) ?? code,
      })),
    );
  }
}

declare module '../../platform/module' {
  interface Services {
    countries: CountryService;
  }
}

export const countryModule = defineModule({
  name: 'country',
  services: ({ db }) => ({ countries: new CountryService(db) }),
  seed: ({ countries }) => countries.seed(),
  // The country list and calling codes of the libphonenumber-js in use.
  seedDigest: digestOf(getCountries().map((code) => [code, getCountryCallingCode(code)])),
});
