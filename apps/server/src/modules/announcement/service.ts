import {
  type AnnouncementAdminItem,
  type AnnouncementInput,
  type AnnouncementItem,
  type AnnouncementsByUser,
  type PageQuery,
  pageOf,
  type UserAnnouncementItem,
} from '@switchboard/contracts';
import { and, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { announcementReads, announcements } from '../../db/schema';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Realtime } from '../../platform/realtime';
import { likeText } from '../../platform/sql';

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
    allowedSchemes: ['http', 'https', 'mailto', 'data'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
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

function adminItem(row: Row): AnnouncementAdminItem {
  return {
    ...item(row),
    msgType: row.msgType,
    userIds: row.userIds,
    roleCodes: row.roleCodes,
    sendStatus: row.sendStatus,
    revokeTime: iso(row.revokeTime),
    createTime: row.createdAt.toISOString(),
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

export class AnnouncementService {
  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
  ) {}

  async list(query: PageQuery & { title?: string | undefined; sendStatus?: string | undefined }) {
    const where = and(
      query.title ? ilike(announcements.title, likeText(query.title)) : undefined,
      query.sendStatus ? eq(announcements.sendStatus, query.sendStatus) : undefined,
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
    return pageOf(rows.map(adminItem), Number(total), query);
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
    const [row] = await this.db
      .insert(announcements)
      .values({ ...this.values(input), sender: author.user.realname, createdBy: author.user.id })
      .returning();
    return adminItem(row!);
  }

  private async get(id: string): Promise<Row> {
    const [row] = await this.db.select().from(announcements).where(eq(announcements.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  async edit(id: string, input: AnnouncementInput) {
    const row = await this.get(id);
    if (row.sendStatus !== '0') throw new AppError('ANNOUNCEMENT_NOT_DRAFT', 409);
    const [updated] = await this.db
      .update(announcements)
      .set({ ...this.values(input), updatedAt: new Date() })
      .where(and(eq(announcements.id, id), eq(announcements.sendStatus, '0')))
      .returning();
    if (!updated) throw new AppError('ANNOUNCEMENT_NOT_DRAFT', 409);
    return adminItem(updated);
  }

  async remove(id: string) {
    const row = await this.get(id);
    await this.db.delete(announcements).where(eq(announcements.id, id));
    if (row.sendStatus === '1') await this.notify(row);
  }

  async release(id: string) {
    const [row] = await this.db
      .update(announcements)
      .set({ sendStatus: '1', sendTime: new Date(), updatedAt: new Date() })
      .where(and(eq(announcements.id, id), eq(announcements.sendStatus, '0')))
      .returning();
    if (!row) {
      await this.get(id);
      throw new AppError('ANNOUNCEMENT_NOT_DRAFT', 409);
    }
    await this.notify(row);
    return adminItem(row);
  }

  async revoke(id: string) {
    const [row] = await this.db
      .update(announcements)
      .set({ sendStatus: '2', revokeTime: new Date(), updatedAt: new Date() })
      .where(and(eq(announcements.id, id), eq(announcements.sendStatus, '1')))
      .returning();
    if (!row) {
      await this.get(id);
      throw new AppError('ANNOUNCEMENT_NOT_PUBLISHED', 409);
    }
    await this.notify(row);
    return adminItem(row);
  }

  /** Tells the targets' open consoles to reload their notices (on every server process). */
  private notify(row: Row) {
    const message = { msgId: row.id, msgTxt: row.title };
    if (row.msgType === 'USER')
      return this.realtime.publish({ kind: 'users', userIds: row.userIds }, { cmd: 'user', ...message });
    if (row.msgType === 'ROLE') {
      return this.realtime.publish({ kind: 'roles', roleCodes: row.roleCodes }, { cmd: 'user', ...message });
    }
    return this.realtime.publish({ kind: 'all' }, { cmd: 'topic', ...message });
  }

  /** The caller's unread announcements, split into notices and system messages. */
  async unreadFor(auth: AuthContext): Promise<AnnouncementsByUser> {
    const rows = await this.db
      .select({ a: announcements })
      .from(announcements)
      .leftJoin(
        announcementReads,
        and(
          eq(announcementReads.announcementId, announcements.id),
          eq(announcementReads.userId, auth.user.id),
        ),
      )
      .where(and(addressedTo(auth), isNull(announcementReads.userId)))
      .orderBy(desc(announcements.sendTime))
      .limit(200);
    const all = rows.map((r) => item(r.a));
    const anntMsgList = all.filter((a) => a.msgCategory === '1');
    const sysMsgList = all.filter((a) => a.msgCategory === '2');
    return { anntMsgList, anntMsgTotal: anntMsgList.length, sysMsgList, sysMsgTotal: sysMsgList.length };
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

  async markAllRead(auth: AuthContext) {
    const { anntMsgList, sysMsgList } = await this.unreadFor(auth);
    const ids = [...anntMsgList, ...sysMsgList].map((a) => a.id);
    if (ids.length === 0) return 0;
    await this.db
      .insert(announcementReads)
      .values(ids.map((announcementId) => ({ announcementId, userId: auth.user.id })))
      .onConflictDoNothing();
    return ids.length;
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
    const readJoin = and(
      eq(announcementReads.announcementId, announcements.id),
      eq(announcementReads.userId, auth.user.id),
    );
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
