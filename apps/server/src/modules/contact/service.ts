import type {
  ContactInfo,
  PageQuery,
  SortQuery,
  SupportContact,
  supportContactInputSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { ContactRepo } from './repo';

const GROUP_LINK = 'contact.groupLink';
type ContactInput = z.output<typeof supportContactInputSchema>;
/** The list's filters and sort (paging aside). */
export type ContactFilters = SortQuery & { name?: string; enabled?: boolean };

const toRow = (input: ContactInput) => ({
  name: input.name,
  telegram: input.telegram,
  sortNo: input.sort,
  enabled: input.enabled,
});

/** The support accounts and group link of Contact us (spec section 2). */
export class ContactService {
  private readonly repo: ContactRepo;

  constructor(
    private readonly db: Db,
    private readonly services: Pick<Services, 'settings'>,
  ) {
    this.repo = new ContactRepo(db);
  }

  displayed(): Promise<SupportContact[]> {
    return this.repo.displayed();
  }

  async info(): Promise<ContactInfo> {
    const [link, contacts] = await Promise.all([
      this.services.settings.get(GROUP_LINK),
      this.repo.displayed(),
    ]);
    return { groupLink: link || null, contacts };
  }

  list(query: PageQuery & ContactFilters) {
    return paginate(
      query,
      () => this.repo.count(query),
      (limit, offset) => this.repo.list(query, limit, offset),
    );
  }

  /** The rows an export writes: the list's filters and sort, at most `limit`. */
  exportRows(filters: ContactFilters, limit: number) {
    return this.repo.list(filters, limit, 0);
  }

  async byId(id: string) {
    const row = await this.repo.byId(id);
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  add(input: ContactInput) {
    return this.repo.insert(toRow(input));
  }

  /** Adds every row of an import in one transaction (all or none). */
  addAll(inputs: ContactInput[]): Promise<number> {
    return withTransaction(this.db, () => this.repo.insertMany(inputs.map(toRow)));
  }

  async edit(id: string, input: ContactInput) {
    const row = await this.repo.update(id, toRow(input));
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  async remove(id: string) {
    await this.removeAll([id]);
  }

  /** Deletes every one of `ids` in one transaction, or none when one of them does not exist. */
  removeAll(ids: string[]): Promise<number> {
    return withTransaction(this.db, async () => {
      const deleted = await this.repo.deleteMany(ids);
      if (deleted.length !== ids.length) throw new AppError('NOT_FOUND', 404);
      return deleted.length;
    });
  }

  async setGroupLink(link: string) {
    await this.services.settings.set(GROUP_LINK, link);
    return link || null;
  }
}
