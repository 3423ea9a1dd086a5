import type {
  ContactInfo,
  PageQuery,
  SupportContact,
  supportContactInputSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { ContactRepo } from './repo';

const GROUP_LINK = 'contact.groupLink';
type ContactInput = z.output<typeof supportContactInputSchema>;

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
    db: Db,
    private readonly services: Services,
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

  list(query: PageQuery) {
    return paginate(
      query,
      () => this.repo.count(),
      (limit, offset) => this.repo.list(limit, offset),
    );
  }

  add(input: ContactInput) {
    return this.repo.insert(toRow(input));
  }

  async edit(id: string, input: ContactInput) {
    const row = await this.repo.update(id, toRow(input));
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  async remove(id: string) {
    if (!(await this.repo.delete(id))) throw new AppError('NOT_FOUND', 404);
  }

  async setGroupLink(link: string) {
    await this.services.settings.set(GROUP_LINK, link);
    return link || null;
  }
}
