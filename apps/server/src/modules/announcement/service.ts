import {
  type AnnouncementAdminItem,
  type AnnouncementInput,
  type AnnouncementItem,
  type AnnouncementRecipient,
  type AnnouncementsByUser,
  type PageQuery,
  pageOf,
  type UserAnnouncementItem,
} from '@switchboard/contracts';
import { and, asc, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { announcementReads, announcements, roles, users } from '../../db/schema';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Realtime } from '../../platform/realtime';
import { type DataScope, dataScopeOf, scopeCondition } from '../../platform/scope';
import { inUuids, likeText } from '../../platform/sql';
import { userNameContains } from '../user/search';

type Row = typeof announcements.$inferSelect;

/** Announcement HTML keeps formatting, links and images; never scripts, handlers or javascript: URLs. */
export function sanitiseContent(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'h1', 'h2', 'u', 's'],
    allowedAttributes: {
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      span: ['style'],
      p: ['style'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    // Pasted pictures arrive inline; a data: URL in an <img> cannot run script. https only, as the
    // page's content security policy allows (no mixed content).
    allowedSchemesByTag: { img: ['https', 'data'] },
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
    allowedStyles: {
      '*': { color: [/^#[0-9a-f]{3,6}$/i, /^rgb\([\d ,]+\)$/], 'text-align': [/^(left|right|center)$/] },
    },
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function item(row: Row): AnnouncementItem {
  return {
    id: row.id,
    titile: row.title,
    title: row.title,
    msgContent: row.msgContent,
    sender: row.sender,
    sendTime: iso(row.sendTime),
    priority: row.priority,
    msgCategory: row.msgCategory,
    openType: row.openType,
  };
}

function adminItem(row: Row): Omit<AnnouncementAdminItem, 'recipients'> {
  return {
    ...item(row),
    msgType: row.msgType,
    userIds: row.userIds,
    roleCodes: row.roleCodes,
    sendStatus: row.sendStatus,
    revokeTime: iso(row.revokeTime),
    createTime: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

/** Published announcements addressed to the caller: to all, to them, or to one of their roles. */
function addressedTo(auth: AuthContext): SQL {
  const roles = `{${auth.roles.map((r) => `"${r.replace(/["\\]/g, '')}"`).join(',')}}`;
  return sql`${announcements.sendStatus} = '1' and (
    ${announcements.msgType} = 'ALL'
    or (${announcements.msgType} = 'USER' and jsonb_exists(${announcements.userIds}, ${auth.user.id}))
    or (${announcements.msgType} = 'ROLE' and jsonb_exists_any(${announcements.roleCodes}, ${roles}::text[])))`;
}

/** The caller's read mark of an announcement (left-joined: null when unread). */
const readBy = (auth: AuthContext) =>
  and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, auth.user.id));

/**
 * Which announcements a caller administers: platform staff (data scope all) every one; a caller
 * limited to some companies (a reseller given the screen) only those it wrote, which address
 * only its own users (checkTargets).
 */
function managedBy(auth: AuthContext, scope: DataScope): SQL | undefined {
  return scope.kind === 'all' ? undefined : eq(announcements.createdBy, auth.user.id);
}

/** How many matches the recipients picker offers. */
const RECIPIENT_SEARCH_LIMIT = 50;

/** The bell lists carry the newest unread ones; the totals count them all. */
const UNREAD_LIST_LIMIT = 200;

export class AnnouncementService {
  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
  ) {}

  async list(
    auth: AuthContext,
    query: PageQuery & {
      title?: string | undefined;
      sendStatus?: string | undefined;
      msgCategory?: string | undefined;
      priority?: string | undefined;
    },
  ) {
    const scope = await dataScopeOf(this.db, auth);
    const where = and(
      managedBy(auth, scope),
      query.title ? ilike(announcements.title, likeText(query.title)) : undefined,
      query.sendStatus ? eq(announcements.sendStatus, query.sendStatus) : undefined,
      query.msgCategory ? eq(announcements.msgCategory, query.msgCategory) : undefined,
      query.priority ? eq(announcements.priority, query.priority) : undefined,
    );
    const [{ total } = { total: 0 }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(announcements)
      .where(where);
    const rows = await this.db
      .select()
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize);
    return pageOf(await this.withRecipients(rows, scope), Number(total), query);
  }

  /**
   * Admin items with the names of their chosen users that the caller may see (data scope on the
   * user's company, as the user list applies it). One query for a page of rows, whose ids travel
   * as one array parameter: a page may name more users than a statement has parameters.
   */
  private async withRecipients(rows: Row[], scope: DataScope): Promise<AnnouncementAdminItem[]> {
    const ids = [...new Set(rows.flatMap((row) => (row.msgType === 'USER' ? row.userIds : [])))];
    const found =
      ids.length === 0
        ? []
        : await this.db
            .select({ id: users.id, username: users.username, realname: users.realname })
            .from(users)
            .where(and(inUuids(users.id, ids), scopeCondition(scope, users.companyId)));
    const byId = new Map(found.map((user) => [user.id, user]));
    return rows.map((row) => ({
      ...adminItem(row),
      recipients: row.msgType === 'USER' ? row.userIds.flatMap((id) => byId.get(id) ?? []) : [],
    }));
  }

  /**
   * Users the caller may address whose username or real name contains `keyword` (all of them
   * without one), the first RECIPIENT_SEARCH_LIMIT by username: the editor's picker.
   */
  async searchRecipients(auth: AuthContext, keyword: string | undefined): Promise<AnnouncementRecipient[]> {
    const text = keyword?.trim();
    return this.db
      .select({ id: users.id, username: users.username, realname: users.realname })
      .from(users)
      .where(
        and(
          scopeCondition(await dataScopeOf(this.db, auth), users.companyId),
          text ? userNameContains(text) : undefined,
        ),
      )
      .orderBy(asc(users.username))
      .limit(RECIPIENT_SEARCH_LIMIT);
  }

  private async adminItemOf(row: Row, scope: DataScope): Promise<AnnouncementAdminItem> {
    const [withNames] = await this.withRecipients([row], scope);
    return withNames!;
  }

  /**
   * Chosen users and roles must exist: a typo would otherwise reach nobody, silently. A caller
   * limited to some companies (a reseller given the screen) addresses only users of those
   * companies: everyone and roles reach the whole platform, and a user outside its scope counts
   * as unknown (its existence is none of the caller's business).
   */
  private async checkTargets(input: AnnouncementInput, scope: DataScope) {
    if (scope.kind !== 'all' && input.msgType !== 'USER') {
      throw new AppError('ANNOUNCEMENT_TARGETS_OUT_OF_SCOPE', 403);
    }
    if (input.msgType === 'USER') {
      const ids = [...new Set(input.userIds)];
      const [{ found } = { found: 0 }] = await this.db
        .select({ found: sql<number>`count(*)::int` })
        .from(users)
        .where(and(inUuids(users.id, ids), scopeCondition(scope, users.companyId)));
      if (Number(found) !== ids.length) {
        throw new AppError('ANNOUNCEMENT_UNKNOWN_USERS', 400);
      }
    }
    if (input.msgType === 'ROLE') {
      const codes = [...new Set(input.roleCodes)];
      const [{ found } = { found: 0 }] = await this.db
        .select({ found: sql<number>`count(*)::int` })
        .from(roles)
        .where(inArray(roles.roleCode, codes));
      if (Number(found) !== codes.length) {
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
    const scope = await dataScopeOf(this.db, author);
    await this.checkTargets(input, scope);
    const [row] = await this.db
      .insert(announcements)
      .values({ ...this.values(input), sender: author.user.realname, createdBy: author.user.id })
      .returning();
    return this.adminItemOf(row!, scope);
  }

  /** An announcement the caller manages (see managedBy); any other is not found. */
  private async get(id: string, auth: AuthContext, scope: DataScope): Promise<Row> {
    const [row] = await this.db
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, id), managedBy(auth, scope)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  async edit(id: string, input: AnnouncementInput, auth: AuthContext) {
    const scope = await dataScopeOf(this.db, auth);
    const row = await this.get(id, auth, scope);
    if (row.sendStatus !== '0') throw new AppError('ANNOUNCEMENT_NOT_DRAFT', 409);
    await this.checkTargets(input, scope);
    const [updated] = await this.db
      .update(announcements)
      .set({ ...this.values(input), updatedAt: new Date() })
      .where(and(eq(announcements.id, id), eq(announcements.sendStatus, '0')))
      .returning();
    if (!updated) throw new AppError('ANNOUNCEMENT_NOT_DRAFT', 409);
    return this.adminItemOf(updated, scope);
  }

  async remove(id: string, auth: AuthContext) {
    const row = await this.get(id, auth, await dataScopeOf(this.db, auth));
    await this.db.delete(announcements).where(eq(announcements.id, id));
    if (row.sendStatus === '1') await this.notify(row);
  }

  /** Moves a managed announcement from one status to the next, atomically. */
  private async advance(
    id: string,
    auth: AuthContext,
    from: '0' | '1',
    change: Partial<typeof announcements.$inferInsert>,
    refused: 'ANNOUNCEMENT_NOT_DRAFT' | 'ANNOUNCEMENT_NOT_PUBLISHED',
  ) {
    const scope = await dataScopeOf(this.db, auth);
    const [row] = await this.db
      .update(announcements)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(announcements.id, id), eq(announcements.sendStatus, from), managedBy(auth, scope)))
      .returning();
    if (!row) {
      await this.get(id, auth, scope);
      throw new AppError(refused, 409);
    }
    await this.notify(row);
    return this.adminItemOf(row, scope);
  }

  release(id: string, auth: AuthContext) {
    return this.advance(id, auth, '0', { sendStatus: '1', sendTime: new Date() }, 'ANNOUNCEMENT_NOT_DRAFT');
  }

  revoke(id: string, auth: AuthContext) {
    return this.advance(
      id,
      auth,
      '1',
      { sendStatus: '2', revokeTime: new Date() },
      'ANNOUNCEMENT_NOT_PUBLISHED',
    );
  }

  /**
   * Tells the targets' open consoles to reload their notices (on every server process). The
   * change is already saved: a broker that is away costs the live nudge (consoles still see it
   * on their next load), not the administrator's request.
   */
  private async notify(row: Row) {
    const message = { msgId: row.id, msgTxt: row.title };
    try {
      if (row.msgType === 'USER') {
        await this.realtime.publish({ kind: 'users', userIds: row.userIds }, { cmd: 'user', ...message });
      } else if (row.msgType === 'ROLE') {
        await this.realtime.publish({ kind: 'roles', roleCodes: row.roleCodes }, { cmd: 'user', ...message });
      } else {
        await this.realtime.publish({ kind: 'all' }, { cmd: 'topic', ...message });
      }
    } catch (error) {
      console.error(`announcement ${row.id}: realtime notice not sent: ${(error as Error).message}`);
    }
  }

  /** The caller's unread announcements, split into notices and system messages. */
  async unreadFor(auth: AuthContext): Promise<AnnouncementsByUser> {
    const rows = await this.db
      .select({ a: announcements })
      .from(announcements)
      .leftJoin(announcementReads, readBy(auth))
      .where(and(addressedTo(auth), isNull(announcementReads.userId)))
      .orderBy(desc(announcements.sendTime), desc(announcements.id))
      .limit(UNREAD_LIST_LIMIT);
    const all = rows.map((r) => item(r.a));
    const anntMsgList = all.filter((a) => a.msgCategory === '1');
    const sysMsgList = all.filter((a) => a.msgCategory === '2');
    if (rows.length < UNREAD_LIST_LIMIT) {
      return { anntMsgList, anntMsgTotal: anntMsgList.length, sysMsgList, sysMsgTotal: sysMsgList.length };
    }
    // More unread than the lists carry: the totals still count them all.
    const totals = await this.db
      .select({ category: announcements.msgCategory, total: sql<number>`count(*)::int` })
      .from(announcements)
      .leftJoin(announcementReads, readBy(auth))
      .where(and(addressedTo(auth), isNull(announcementReads.userId)))
      .groupBy(announcements.msgCategory);
    const totalOf = (category: string) => Number(totals.find((t) => t.category === category)?.total ?? 0);
    return { anntMsgList, anntMsgTotal: totalOf('1'), sysMsgList, sysMsgTotal: totalOf('2') };
  }

  async findFor(auth: AuthContext, id: string): Promise<AnnouncementItem> {
    const [row] = await this.db
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, id), addressedTo(auth)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', 404);
    return item(row);
  }

  async markRead(auth: AuthContext, id: string) {
    await this.findFor(auth, id);
    await this.db
      .insert(announcementReads)
      .values({ announcementId: id, userId: auth.user.id })
      .onConflictDoNothing();
  }

  /** Marks every unread announcement addressed to the caller as read, however many there are. */
  async markAllRead(auth: AuthContext) {
    const unread = this.db
      .select({
        announcementId: announcements.id,
        userId: sql<string>`${auth.user.id}::uuid`.as('user_id'),
        readAt: sql<Date>`now()`.as('read_at'),
      })
      .from(announcements)
      .leftJoin(announcementReads, readBy(auth))
      .where(and(addressedTo(auth), isNull(announcementReads.userId)));
    const marked = await this.db
      .insert(announcementReads)
      .select(unread)
      .onConflictDoNothing()
      .returning({ id: announcementReads.announcementId });
    return marked.length;
  }

  /** The caller's published announcements with read state, for the announcements page. */
  async mine(
    auth: AuthContext,
    query: PageQuery & {
      title?: string | undefined;
      msgCategory?: string | undefined;
      readFlag?: boolean | undefined;
    },
  ) {
    const where = and(
      addressedTo(auth),
      query.title ? ilike(announcements.title, likeText(query.title)) : undefined,
      query.msgCategory ? eq(announcements.msgCategory, query.msgCategory) : undefined,
      query.readFlag === undefined
        ? undefined
        : query.readFlag
          ? sql`${announcementReads.userId} is not null`
          : isNull(announcementReads.userId),
    );
    const readJoin = readBy(auth);
    const [{ total } = { total: 0 }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(announcements)
      .leftJoin(announcementReads, readJoin)
      .where(where);
    const rows = await this.db
      .select({ a: announcements, readAt: announcementReads.readAt })
      .from(announcements)
      .leftJoin(announcementReads, readJoin)
      .where(where)
      .orderBy(desc(announcements.sendTime), desc(announcements.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize);
    const records: UserAnnouncementItem[] = rows.map((r) => ({
      ...item(r.a),
      readFlag: r.readAt !== null,
      readTime: iso(r.readAt),
    }));
    return pageOf(records, Number(total), query);
  }
}
