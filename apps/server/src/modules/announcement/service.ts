import {
  type AnnouncementInput,
  type AnnouncementRecipient,
  type announcementAdminItemSchema,
  type announcementItemSchema,
  type announcementListQuerySchema,
  type announcementsByUserSchema,
  type ErrorCode,
  type Locale,
  type myAnnouncementsQuerySchema,
  type NoticeTopic,
  type Page,
  translateError,
  type userAnnouncementItemSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { afterCommit, type Db } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import type { Realtime } from '../../platform/realtime';
import type { DataScope } from '../../platform/scope';
import { AnnouncementRepo, type AnnouncementRow, type Audience } from './repo';
import { escapeHtml, sanitiseContent } from './sanitise';
import type { StoredNotice } from './schema';

// What the service hands to the routes (dates as Date; the serializer writes ISO text).
type AnnouncementItem = z.output<typeof announcementItemSchema>;
type AnnouncementAdminItem = z.output<typeof announcementAdminItemSchema>;
type UserAnnouncementItem = z.output<typeof userAnnouncementItemSchema>;
type AnnouncementsByUser = z.output<typeof announcementsByUserSchema>;

/** How many matches the recipients picker offers. */
const RECIPIENT_SEARCH_LIMIT = 50;
/** The bell lists carry the newest unread ones; the totals count them all. */
const UNREAD_LIST_LIMIT = 200;

const audienceOf = (auth: AuthContext): Audience => ({ userId: auth.user.id, roles: auth.roles });

/**
 * A notice the platform writes: a title and a text as message codes with their parameters, shown
 * to each reader in the reader's language. `urgent` ones (security: lock-outs) pop up on arrival
 * with priority H; routine ones (decisions on a company, a template, a sender) are normal notices
 * in the bell. `topic` names what changed, so an open screen showing it reloads.
 */
export interface SystemNotice {
  title: ErrorCode;
  text: ErrorCode;
  params?: Record<string, string>;
  urgent?: boolean;
  topic?: NoticeTopic;
}

/** The title and HTML of a stored platform notice in `locale`. */
/** The sender of a notice the platform itself published (stored as `System`). */
const SYSTEM_SENDER: Record<Locale, string> = { 'en-US': 'System', 'zh-CN': '系统' };

function renderNotice(notice: StoredNotice, locale: Locale) {
  return {
    title: translateError(notice.title as ErrorCode, locale, notice.params),
    html: `<p>${escapeHtml(translateError(notice.text as ErrorCode, locale, notice.params))}</p>`,
  };
}

/**
 * Content is sanitised when written and again when read (rows written before a policy change, or
 * by other means, never reach a browser unsanitised). Reads are many: the sanitised text of each
 * version of a row is remembered.
 */
class SanitisedContent {
  private readonly memo = new Map<string, string>();

  of(row: AnnouncementRow): string {
    const key = `${row.id}:${row.updatedAt.getTime()}`;
    let html = this.memo.get(key);
    if (html === undefined) {
      html = sanitiseContent(row.msgContent);
      if (this.memo.size >= 2_000) this.memo.clear();
      this.memo.set(key, html);
    }
    return html;
  }
}

/**
 * Announcements: written by staff (or a reseller, to its own users), published, revoked, read.
 * Platform staff (data scope all) manage every announcement; a caller limited to some companies
 * manages only those it wrote, which address only its own users.
 */
export class AnnouncementService {
  private readonly repo: AnnouncementRepo;
  private readonly content = new SanitisedContent();

  constructor(
    db: Db,
    private readonly services: Pick<Services, 'companies' | 'roles' | 'users'>,
    private readonly realtime: Realtime,
    private readonly log: Logger,
  ) {
    this.repo = new AnnouncementRepo(db);
  }

  /** An announcement as `locale`'s reader sees it (platform notices in that language). */
  private item(row: AnnouncementRow, locale: Locale): AnnouncementItem {
    const notice = row.notice ? renderNotice(row.notice, locale) : null;
    return {
      id: row.id,
      titile: notice?.title ?? row.title,
      title: notice?.title ?? row.title,
      msgContent: notice?.html ?? this.content.of(row),
      // The platform itself (no author) is named in the reader's language.
      sender:
        row.notice && row.createdBy === null && row.sender === 'System' ? SYSTEM_SENDER[locale] : row.sender,
      sendTime: row.sendTime,
      priority: row.priority,
      msgCategory: row.msgCategory,
      openType: row.openType,
    };
  }

  private async adminItems(
    rows: AnnouncementRow[],
    scope: DataScope,
    locale: Locale,
  ): Promise<AnnouncementAdminItem[]> {
    const ids = [...new Set(rows.flatMap((row) => (row.msgType === 'USER' ? row.userIds : [])))];
    const found = await this.services.users.namesInScope(ids, scope);
    const byId = new Map(found.map((user) => [user.id, user]));
    return rows.map((row) => ({
      ...this.item(row, locale),
      msgType: row.msgType,
      userIds: row.userIds,
      recipients: row.msgType === 'USER' ? row.userIds.flatMap((id) => byId.get(id) ?? []) : [],
      roleCodes: row.roleCodes,
      sendStatus: String(row.sendStatus),
      revokeTime: row.revokeTime,
      createTime: row.createdAt,
      createdBy: row.createdBy,
    }));
  }

  /** Written by a person unless its `notice` says otherwise: `locale` matters for platform notices. */
  private async adminItem(row: AnnouncementRow, scope: DataScope, locale: Locale = 'en-US') {
    const [item] = await this.adminItems([row], scope, locale);
    return item!;
  }

  /** Whose announcements the caller manages: every one, or only its own. */
  private managedBy(auth: AuthContext, scope: DataScope): string | undefined {
    return scope.kind === 'all' ? undefined : auth.user.id;
  }

  async list(
    auth: AuthContext,
    query: z.output<typeof announcementListQuerySchema>,
    locale: Locale,
  ): Promise<Page<AnnouncementAdminItem>> {
    const scope = await this.services.companies.dataScopeOf(auth);
    const filters = {
      title: query.title,
      sendStatus: query.sendStatus === undefined ? undefined : Number(query.sendStatus),
      msgCategory: query.msgCategory,
      priority: query.priority,
      createdBy: this.managedBy(auth, scope),
    };
    const page = await paginate(
      query,
      () => this.repo.countAdmin(filters),
      (limit, offset) => this.repo.listAdmin(filters, limit, offset),
    );
    return { ...page, records: await this.adminItems(page.records, scope, locale) };
  }

  /** Users the caller may address whose username or real name contains `keyword` (the editor's picker). */
  async searchRecipients(auth: AuthContext, keyword: string | undefined): Promise<AnnouncementRecipient[]> {
    const scope = await this.services.companies.dataScopeOf(auth);
    return this.services.users.search(scope, keyword?.trim() || undefined, RECIPIENT_SEARCH_LIMIT);
  }

  /**
   * Chosen users and roles must exist: a typo would otherwise reach nobody, silently. A caller
   * limited to some companies addresses only users of those companies: everyone and roles reach
   * the whole platform, and a user outside its scope counts as unknown.
   */
  private async checkTargets(input: AnnouncementInput, scope: DataScope) {
    if (scope.kind !== 'all' && input.msgType !== 'USER') {
      throw new AppError('ANNOUNCEMENT_TARGETS_OUT_OF_SCOPE', 403);
    }
    if (input.msgType === 'USER') {
      const ids = [...new Set(input.userIds)];
      const found = await this.services.users.namesInScope(ids, scope);
      if (found.length !== ids.length) throw new AppError('ANNOUNCEMENT_UNKNOWN_USERS', 400);
    }
    if (input.msgType === 'ROLE') {
      const codes = [...new Set(input.roleCodes)];
      if ((await this.services.roles.countExisting(codes)) !== codes.length) {
        throw new AppError('ANNOUNCEMENT_UNKNOWN_ROLES', 400);
      }
    }
  }

  private values(input: AnnouncementInput) {
    return {
      title: input.titile,
      msgContent: sanitiseContent(input.msgContent),
      priority: input.priority,
      msgCategory: input.msgCategory,
      msgType: input.msgType,
      userIds: input.msgType === 'USER' ? [...new Set(input.userIds)] : [],
      roleCodes: input.msgType === 'ROLE' ? [...new Set(input.roleCodes)] : [],
      openType: input.openType,
    };
  }

  async add(input: AnnouncementInput, author: AuthContext) {
    const scope = await this.services.companies.dataScopeOf(author);
    await this.checkTargets(input, scope);
    const row = await this.repo.insert({
      ...this.values(input),
      sender: author.user.realname,
      createdBy: author.user.id,
    });
    return this.adminItem(row, scope);
  }

  /**
   * Publishes a platform notice (see SystemNotice) to users or to everyone with one of some roles
   * (staff: `admin`): the calling module has already decided they may be told. `author` is the
   * staff member whose decision it reports (null: the platform itself noticed, sender `System`).
   * Their consoles are nudged after commit.
   */
  async publishNotice(
    author: AuthContext | null,
    to: { userIds: string[] } | { roleCodes: string[] },
    notice: SystemNotice,
  ) {
    const byRole = 'roleCodes' in to;
    const targets = [...new Set(byRole ? to.roleCodes : to.userIds)];
    if (targets.length === 0) return;
    const stored: StoredNotice = { title: notice.title, text: notice.text, params: notice.params ?? {} };
    const english = renderNotice(stored, 'en-US');
    const row = await this.repo.insert({
      title: english.title.slice(0, 200),
      msgContent: english.html,
      notice: stored,
      priority: notice.urgent ? 'H' : 'L',
      msgCategory: '2',
      msgType: byRole ? 'ROLE' : 'USER',
      userIds: byRole ? [] : targets,
      roleCodes: byRole ? targets : [],
      openType: notice.urgent ? '1' : '0',
      sender: author?.user.realname ?? 'System',
      createdBy: author?.user.id ?? null,
      sendStatus: 1,
      sendTime: new Date(),
    });
    await afterCommit(() => this.notify(row, notice.topic));
  }

  /** An announcement the caller manages; any other is not found. */
  private async get(id: string, auth: AuthContext, scope: DataScope): Promise<AnnouncementRow> {
    const row = await this.repo.find(id, this.managedBy(auth, scope));
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  async edit(id: string, input: AnnouncementInput, auth: AuthContext) {
    const scope = await this.services.companies.dataScopeOf(auth);
    const row = await this.get(id, auth, scope);
    if (row.sendStatus !== 0) throw new AppError('ANNOUNCEMENT_NOT_DRAFT', 409);
    await this.checkTargets(input, scope);
    const updated = await this.repo.updateFrom(id, 0, this.values(input));
    if (!updated) throw new AppError('ANNOUNCEMENT_NOT_DRAFT', 409);
    return this.adminItem(updated, scope);
  }

  async remove(id: string, auth: AuthContext) {
    const row = await this.get(id, auth, await this.services.companies.dataScopeOf(auth));
    await this.repo.delete(id);
    if (row.sendStatus === 1) await this.notify(row);
  }

  /** Moves a managed announcement from one status to the next, atomically. */
  private async advance(
    id: string,
    auth: AuthContext,
    from: 0 | 1,
    change: { sendStatus: number; sendTime?: Date; revokeTime?: Date },
    refused: 'ANNOUNCEMENT_NOT_DRAFT' | 'ANNOUNCEMENT_NOT_PUBLISHED',
    locale: Locale,
  ) {
    const scope = await this.services.companies.dataScopeOf(auth);
    const row = await this.repo.updateFrom(id, from, change, this.managedBy(auth, scope));
    if (!row) {
      await this.get(id, auth, scope);
      throw new AppError(refused, 409);
    }
    await this.notify(row);
    return this.adminItem(row, scope, locale);
  }

  release(id: string, auth: AuthContext, locale: Locale) {
    const change = { sendStatus: 1, sendTime: new Date() };
    return this.advance(id, auth, 0, change, 'ANNOUNCEMENT_NOT_DRAFT', locale);
  }

  revoke(id: string, auth: AuthContext, locale: Locale) {
    const change = { sendStatus: 2, revokeTime: new Date() };
    return this.advance(id, auth, 1, change, 'ANNOUNCEMENT_NOT_PUBLISHED', locale);
  }

  /**
   * Tells the targets' open consoles to reload their notices (on every server process). The
   * change is already saved: a broker that is away costs the live nudge (consoles still see it
   * on their next load), not the administrator's request.
   */
  private async notify(row: AnnouncementRow, topic?: NoticeTopic) {
    const message = { msgId: row.id, msgTxt: escapeHtml(row.title), ...(topic ? { topic } : {}) };
    try {
      if (row.msgType === 'USER') {
        await this.realtime.publish({ kind: 'users', userIds: row.userIds }, { cmd: 'user', ...message });
      } else if (row.msgType === 'ROLE') {
        await this.realtime.publish({ kind: 'roles', roleCodes: row.roleCodes }, { cmd: 'user', ...message });
      } else {
        await this.realtime.publish({ kind: 'all' }, { cmd: 'topic', ...message });
      }
    } catch (error) {
      this.log.warn({ err: error, announcement: row.id }, 'realtime notice not sent');
    }
  }

  /** The caller's unread announcements, split into notices and system messages. */
  async unreadFor(auth: AuthContext, locale: Locale): Promise<AnnouncementsByUser> {
    const audience = audienceOf(auth);
    const rows = await this.repo.unread(audience, UNREAD_LIST_LIMIT);
    const all = rows.map((r) => this.item(r.a, locale));
    const anntMsgList = all.filter((a) => a.msgCategory === '1');
    const sysMsgList = all.filter((a) => a.msgCategory === '2');
    if (rows.length < UNREAD_LIST_LIMIT) {
      return { anntMsgList, anntMsgTotal: anntMsgList.length, sysMsgList, sysMsgTotal: sysMsgList.length };
    }
    // More unread than the lists carry: the totals still count them all.
    const totals = await this.repo.unreadTotals(audience);
    const totalOf = (category: string) => Number(totals.find((t) => t.category === category)?.total ?? 0);
    return { anntMsgList, anntMsgTotal: totalOf('1'), sysMsgList, sysMsgTotal: totalOf('2') };
  }

  async findFor(auth: AuthContext, id: string, locale: Locale): Promise<AnnouncementItem> {
    const row = await this.repo.findAddressed(audienceOf(auth), id);
    if (!row) throw new AppError('NOT_FOUND', 404);
    return this.item(row, locale);
  }

  async markRead(auth: AuthContext, id: string) {
    await this.findFor(auth, id, 'en-US');
    await this.repo.markRead(audienceOf(auth), id);
  }

  markAllRead(auth: AuthContext) {
    return this.repo.markAllRead(audienceOf(auth));
  }

  /** The caller's published announcements with read state, for the announcements page. */
  async mine(
    auth: AuthContext,
    query: z.output<typeof myAnnouncementsQuerySchema>,
    locale: Locale,
  ): Promise<Page<UserAnnouncementItem>> {
    const audience = audienceOf(auth);
    const filters = { title: query.title, msgCategory: query.msgCategory, readFlag: query.readFlag };
    const page = await paginate(
      query,
      () => this.repo.countMine(audience, filters),
      (limit, offset) => this.repo.listMine(audience, filters, limit, offset),
    );
    return {
      ...page,
      records: page.records.map((r) => ({
        ...this.item(r.a, locale),
        readFlag: r.readAt !== null,
        readTime: r.readAt,
      })),
    };
  }
}
