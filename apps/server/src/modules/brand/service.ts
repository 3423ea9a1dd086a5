import { type Brand, type BrandInput, DEFAULT_BRAND, type PageQuery } from '@switchboard/contracts';
import { type Db, isUniqueViolation } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { paginate } from '../../platform/paging';
import { BrandRepo, type BrandRow } from './repo';

/**
 * A logo stored before logos were limited to PNG and JPEG (an SVG may carry script) is not shown:
 * the brand falls back to the default mark until an administrator uploads a new one.
 */
const servable = (logo: string | null) => (logo && /^data:image\/(png|jpeg);/.test(logo) ? logo : null);

/** Branding per visiting domain: name, logo and what the header shows. */
export class BrandService {
  private readonly repo: BrandRepo;

  constructor(db: Db) {
    this.repo = new BrandRepo(db);
  }

  /** The brand of a domain; unknown domains get the default brand. */
  async forDomain(domain: string): Promise<Brand> {
    const row = await this.repo.forDomain(domain);
    if (!row) return DEFAULT_BRAND;
    return {
      brandName: row.brandName,
      platformLogo: servable(row.logo),
      isMainBrand: row.isMainBrand,
      hideRecharge: row.hideRecharge,
      hideLanguage: row.hideLanguage,
    };
  }

  async list(query: PageQuery) {
    const page = await paginate(
      query,
      () => this.repo.count(),
      (limit, offset) => this.repo.list(limit, offset),
    );
    return { ...page, records: page.records.map((row) => ({ ...row, logo: servable(row.logo) })) };
  }

  private async saving(save: () => Promise<BrandRow | undefined>): Promise<BrandRow> {
    try {
      const row = await save();
      if (!row) throw new AppError('NOT_FOUND', 404);
      return row;
    } catch (error) {
      if (isUniqueViolation(error, 'brands_domain_uq')) throw new AppError('BRAND_DOMAIN_EXISTS', 409);
      throw error;
    }
  }

  add(input: BrandInput) {
    return this.saving(() => this.repo.insert(input));
  }

  edit(id: string, input: BrandInput) {
    return this.saving(() => this.repo.update(id, input));
  }

  async remove(id: string) {
    if (!(await this.repo.delete(id))) throw new AppError('NOT_FOUND', 404);
  }
}
