import type {
  CountryInput,
  CountryOption,
  CountryRecord,
  countryInputSchema,
  Locale,
  PageQuery,
  SortQuery,
} from '@switchboard/contracts';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import type { z } from 'zod';
import { TtlCache } from '../../platform/cache';
import type { CacheBus } from '../../platform/cache-bus';
import { afterCommit, type Db, isUniqueViolation, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { paginate } from '../../platform/paging';
import { CountryRepo, type CountryRow } from './repo';

/** The name of the country caches on the cache bus. */
export const COUNTRIES_CACHE = 'countries';
/** Bounds the staleness of another process's pickers should a cache-bus message be lost. */
const OPTIONS_TTL_MS = 60_000;

type Input = z.output<typeof countryInputSchema>;
export type CountryFilters = SortQuery & { keyword?: string | undefined; enabled?: boolean | undefined };

/** How many rows of each kind name a country; the modules that keep them register a check. */
export type CountryUsage = Partial<Record<'rates' | 'operators' | 'costs' | 'routes' | 'users', number>>;
export type CountryUsageCheck = (code: string) => Promise<CountryUsage>;

const recordOf = (row: CountryRow): CountryRecord => ({ ...row });

/** ISO 3166 countries and regions with calling codes and names in both languages. */
export class CountryService {
  private readonly repo: CountryRepo;
  private readonly usageChecks: CountryUsageCheck[] = [];
  private readonly options = new TtlCache<CountryOption[]>(OPTIONS_TTL_MS, 4);

  constructor(
    private readonly db: Db,
    private readonly caches?: CacheBus,
  ) {
    this.repo = new CountryRepo(db);
    caches?.register(COUNTRIES_CACHE, () => this.options.clear());
  }

  /** Another module's rows that name countries: a country they use is not deleted. */
  registerUsageCheck(check: CountryUsageCheck): void {
    this.usageChecks.push(check);
  }

  /** The enabled countries, named in `locale`, by name: what every picker offers. */
  pickerOptions(locale: Locale): Promise<CountryOption[]> {
    return this.options.getOrLoad(locale, async () => {
      const zh = locale === 'zh-CN';
      const rows = (await this.repo.enabled()).map((r) => ({
        code: r.code,
        dialCode: r.dialCode,
        name: zh ? r.nameZh : r.nameEn,
      }));
      return rows.sort((a, b) => a.name.localeCompare(b.name, locale));
    });
  }

  list(query: PageQuery & CountryFilters) {
    return paginate(
      query,
      () => this.repo.count(query),
      async (limit, offset) => (await this.repo.list(query, limit, offset)).map(recordOf),
    );
  }

  async exportRows(filters: CountryFilters, limit: number): Promise<CountryRecord[]> {
    return (await this.repo.list(filters, limit, 0)).map(recordOf);
  }

  async byCode(code: string): Promise<CountryRecord> {
    const row = await this.repo.byCode(code);
    if (!row) throw new AppError('COUNTRY_NOT_FOUND', 404);
    return recordOf(row);
  }

  add(input: Input): Promise<CountryRecord> {
    return this.write(async () => {
      if (await this.repo.byCode(input.code))
        throw new AppError('COUNTRY_CODE_TAKEN', 409, { code: input.code });
      return recordOf(await this.repo.insert(input));
    }, input.code);
  }

  /** Edits the country of `input.code` (the code itself is its identity and does not change). */
  edit(input: Input): Promise<CountryRecord> {
    return this.write(async () => {
      const { code, ...values } = input;
      const row = await this.repo.update(code, values);
      if (!row) throw new AppError('COUNTRY_NOT_FOUND', 404);
      return recordOf(row);
    });
  }

  setEnabled(code: string, enabled: boolean): Promise<CountryRecord> {
    return this.write(async () => {
      const row = await this.repo.update(code, { enabled });
      if (!row) throw new AppError('COUNTRY_NOT_FOUND', 404);
      return recordOf(row);
    });
  }

  /** Adds or updates every row of an import in one transaction. */
  importRows(rows: CountryInput[]): Promise<number> {
    return this.write(() => this.repo.upsertMany(rows as Input[]));
  }

  /** Deletes a country no rate, operator, gateway cost, route or user names; else 409 naming the counts. */
  remove(code: string): Promise<void> {
    return this.write(async () => {
      if (!(await this.repo.byCode(code))) throw new AppError('COUNTRY_NOT_FOUND', 404);
      const usage: Required<CountryUsage> = { rates: 0, operators: 0, costs: 0, routes: 0, users: 0 };
      for (const check of this.usageChecks) {
        for (const [kind, count] of Object.entries(await check(code)))
          usage[kind as keyof CountryUsage] += count;
      }
      if (Object.values(usage).some((n) => n > 0))
        throw new AppError('COUNTRY_IN_USE', 409, { code, ...usage });
      await this.repo.delete(code);
    });
  }

  /** Every country libphonenumber knows, named by the platform's Intl data; kept as edited. */
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
    this.options.clear();
  }

  /** A change in a transaction; once committed, every process's pickers forget the list. */
  private write<T>(fn: () => Promise<T>, code?: string): Promise<T> {
    return withTransaction(this.db, async () => {
      try {
        const result = await fn();
        await afterCommit(() => (this.caches ? this.caches.changed(COUNTRIES_CACHE) : this.options.clear()));
        return result;
      } catch (error) {
        if (isUniqueViolation(error, 'countries_pkey'))
          throw new AppError('COUNTRY_CODE_TAKEN', 409, { code: code ?? '' });
        throw error;
      }
    });
  }
}
