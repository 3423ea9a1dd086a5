import { and, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { likeText } from '../../platform/sql';
import { announcementReads, announcements } from './schema';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementValues = typeof announcements.$inferInsert;

/** Who a caller is, for "addressed to": user id and role codes. */
export interface Audience {
  userId: string;
  roles: string[];
}

/** Published announcements addressed to the caller: to all, to them, or to one of their roles. */
function addressedTo(audience: Audience): SQL {
  const roles = `{${audience.roles.map((r) => `"${r.replace(/["\\]/g, '')}"`).join(',')}}`;
  return sql`${announcements.sendStatus} = 1 and (
    ${announcements.msgType} = 'ALL'
    or (${announcements.msgType} = 'USER' and jsonb_exists(${announcements.userIds}, ${audience.userId}))
    or (${announcements.msgType} = 'ROLE' and jsonb_exists_any(${announcements.roleCodes}, ${roles}::text[])))`;
}

/** The caller's read mark of an announcement (left-joined: null when unread). */
const readBy = (audience: Audience) =>
  and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, audience.userId));

export interface AdminFilters {
  title?: string | undefined;
  sendStatus?: number | undefined;
  msgCategory?: string | undefined;
  priority?: string | undefined;
  /** Only those written by this user (a reseller's own). */
  createdBy?: string | undefined;
}

export interface MineFilters {
  title?: string | undefined;
  msgCategory?: string | undefined;
  readFlag?: boolean | undefined;
}

/** SQL of announcements and their read marks. */
export class AnnouncementRepo {
  constructor(private readonly db: Db) {}

  private adminWhere(f: AdminFilters) {
    return and(
      f.createdBy ? eq(announcements.createdBy, f.createdBy) : undefined,
      f.title ? ilike(announcements.title, likeText(f.title)) : undefined,
      f.sendStatus !== undefined ? eq(announcements.sendStatus, f.sendStatus) : undefined,
      f.msgCategory ? eq(announcements.msgCategory, f.msgCategory) : undefined,
      f.priority ? eq(announcements.priority, f.priority) : undefined,
    );
  }

  async countAdmin(f: AdminFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(announcements)
      .where(this.adminWhere(f));
    return Number(row?.total ?? 0);
  }

  listAdmin(f: AdminFilters, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(announcements)
      .where(this.adminWhere(f))
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(limit)
      .offset(offset);
  }

  /** One announcement, optionally only if written by `createdBy`. */
  async find(id: string, createdBy?: string): Promise<AnnouncementRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, id), createdBy ? eq(announcements.createdBy, createdBy) : undefined))
      .limit(1);
    return row;
  }

  async insert(values: AnnouncementValues): Promise<AnnouncementRow> {
    const [row] = await executor(this.db).insert(announcements).values(values).returning();
    return row!;
  }

  /** Changes an announcement only while it has status `from` (and, if given, was written by `createdBy`). */
  async updateFrom(
    id: string,
    from: number,
    change: Partial<AnnouncementValues>,
    createdBy?: string,
  ): Promise<AnnouncementRow | undefined> {
    const [row] = await executor(this.db)
      .update(announcements)
      .set({ ...change, updatedAt: new Date() })
      .where(
        and(
          eq(announcements.id, id),
          eq(announcements.sendStatus, from),
          createdBy ? eq(announcements.createdBy, createdBy) : undefined,
        ),
      )
      .returning();
    return row;
  }

  async delete(id: string) {
    await executor(this.db).delete(announcements).where(eq(announcements.id, id));
  }

  unread(audience: Audience, limit: number) {
    return executor(this.db)
      .select({ a: announcements })
      .from(announcements)
      .leftJoin(announcementReads, readBy(audience))
      .where(and(addressedTo(audience), isNull(announcementReads.userId)))
      .orderBy(desc(announcements.sendTime), desc(announcements.id))
      .limit(limit);
  }

  unreadTotals(audience: Audience) {
    return executor(this.db)
      .select({ category: announcements.msgCategory, total: sql<number>`count(*)::int` })
      .from(announcements)
      .leftJoin(announcementReads, readBy(audience))
      .where(and(addressedTo(audience), isNull(announcementReads.userId)))
      .groupBy(announcements.msgCategory);
  }

  async findAddressed(audience: Audience, id: string): Promise<AnnouncementRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, id), addressedTo(audience)))
      .limit(1);
    return row;
  }

  async markRead(audience: Audience, id: string) {
    await executor(this.db)
      .insert(announcementReads)
      .values({ announcementId: id, userId: audience.userId })
      .onConflictDoNothing();
  }

  /** Marks every unread announcement addressed to the caller as read, however many; answers how many. */
  async markAllRead(audience: Audience): Promise<number> {
    const unread = executor(this.db)
      .select({
        announcementId: announcements.id,
        userId: sql<string>`${audience.userId}::uuid`.as('user_id'),
        readAt: sql<Date>`now()`.as('read_at'),
      })
      .from(announcements)
      .leftJoin(announcementReads, readBy(audience))
      .where(and(addressedTo(audience), isNull(announcementReads.userId)));
    const marked = await executor(this.db)
      .insert(announcementReads)
      .select(unread)
      .onConflictDoNothing()
      .returning({ id: announcementReads.announcementId });
    return marked.length;
  }

  private mineWhere(audience: Audience, f: MineFilters) {
    return and(
      addressedTo(audience),
      f.title ? ilike(announcements.title, likeText(f.title)) : undefined,
      f.msgCategory ? eq(announcements.msgCategory, f.msgCategory) : undefined,
      f.readFlag === undefined
        ? undefined
        : f.readFlag
          ? sql`${announcementReads.userId} is not null`
          : isNull(announcementReads.userId),
    );
  }

  async countMine(audience: Audience, f: MineFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(announcements)
      .leftJoin(announcementReads, readBy(audience))
      .where(this.mineWhere(audience, f));
    return Number(row?.total ?? 0);
  }

  listMine(audience: Audience, f: MineFilters, limit: number, offset: number) {
    return executor(this.db)
      .select({ a: announcements, readAt: announcementReads.readAt })
      .from(announcements)
      .leftJoin(announcementReads, readBy(audience))
      .where(this.mineWhere(audience, f))
      .orderBy(desc(announcements.sendTime), desc(announcements.id))
      .limit(limit)
      .offset(offset);
  }
}
