import type { IvrFileSource, IvrLanguage, SortQuery } from '@switchboard/contracts';
import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { inUuids, likeText } from '../../platform/sql';
import { ivrFiles, ivrFlows, ivrTtsCache } from './schema';

export type FileRow = typeof ivrFiles.$inferSelect;
export type FileValues = typeof ivrFiles.$inferInsert;
/** A file without its audio (lists never read the bytes). */
export type FileHead = Omit<FileRow, 'audio'> & { sizeBytes: number };
export type FlowRow = typeof ivrFlows.$inferSelect;
export type FlowValues = typeof ivrFlows.$inferInsert;

export type FileFilters = SortQuery & {
  name?: string | undefined;
  source?: IvrFileSource | undefined;
  language?: IvrLanguage | undefined;
  companyId?: string | undefined;
};
export type FlowFilters = SortQuery & { name?: string | undefined; companyId?: string | undefined };

const FILE_SORTABLE = { name: ivrFiles.name, durationMs: ivrFiles.durationMs, createdAt: ivrFiles.createdAt };
const FLOW_SORTABLE = { name: ivrFlows.name, createdAt: ivrFlows.createdAt, updatedAt: ivrFlows.updatedAt };

const FILE_HEAD = {
  id: ivrFiles.id,
  companyId: ivrFiles.companyId,
  name: ivrFiles.name,
  source: ivrFiles.source,
  language: ivrFiles.language,
  text: ivrFiles.text,
  originalName: ivrFiles.originalName,
  durationMs: ivrFiles.durationMs,
  createdBy: ivrFiles.createdBy,
  createdAt: ivrFiles.createdAt,
  sizeBytes: sql<number>`octet_length(${ivrFiles.audio})::int`,
};

function fileWhere(scope: DataScope, f: FileFilters): SQL | undefined {
  return and(
    scopeCondition(scope, ivrFiles.companyId),
    f.name ? ilike(ivrFiles.name, likeText(f.name)) : undefined,
    f.source ? eq(ivrFiles.source, f.source) : undefined,
    f.language ? eq(ivrFiles.language, f.language) : undefined,
    f.companyId ? eq(ivrFiles.companyId, f.companyId) : undefined,
  );
}

function flowWhere(scope: DataScope, f: FlowFilters): SQL | undefined {
  return and(
    scopeCondition(scope, ivrFlows.companyId),
    f.name ? ilike(ivrFlows.name, likeText(f.name)) : undefined,
    f.companyId ? eq(ivrFlows.companyId, f.companyId) : undefined,
  );
}

/** The only SQL of IVR files, flows and the text-to-speech cache. */
export class IvrRepo {
  constructor(private readonly db: Db) {}

  // --- files ---

  async countFiles(scope: DataScope, filters: FileFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(ivrFiles)
      .where(fileWhere(scope, filters));
    return Number(row?.total ?? 0);
  }

  listFiles(scope: DataScope, filters: FileFilters, limit: number, offset: number): Promise<FileHead[]> {
    return executor(this.db)
      .select(FILE_HEAD)
      .from(ivrFiles)
      .where(fileWhere(scope, filters))
      .orderBy(...orderByOf(filters, FILE_SORTABLE, [desc(ivrFiles.createdAt), asc(ivrFiles.id)]))
      .limit(limit)
      .offset(offset);
  }

  async fileHead(id: string): Promise<FileHead | undefined> {
    const [row] = await executor(this.db).select(FILE_HEAD).from(ivrFiles).where(eq(ivrFiles.id, id));
    return row;
  }

  /** Files with their audio. */
  filesByIds(ids: string[]): Promise<FileRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return executor(this.db).select().from(ivrFiles).where(inUuids(ivrFiles.id, ids));
  }

  /** Locks the files against deletion until the transaction ends (a flow being saved uses them). */
  lockFilesShared(ids: string[]): Promise<{ id: string; companyId: string }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return executor(this.db)
      .select({ id: ivrFiles.id, companyId: ivrFiles.companyId })
      .from(ivrFiles)
      .where(inUuids(ivrFiles.id, ids))
      .for('share');
  }

  /** Locks files to delete them. */
  lockFiles(ids: string[]): Promise<{ id: string; companyId: string }[]> {
    return executor(this.db)
      .select({ id: ivrFiles.id, companyId: ivrFiles.companyId })
      .from(ivrFiles)
      .where(inUuids(ivrFiles.id, ids))
      .for('update');
  }

  async insertFile(values: FileValues): Promise<FileHead> {
    const [row] = await executor(this.db).insert(ivrFiles).values(values).returning(FILE_HEAD);
    return row!;
  }

  async fileByName(companyId: string, name: string): Promise<FileHead | undefined> {
    const [row] = await executor(this.db)
      .select(FILE_HEAD)
      .from(ivrFiles)
      .where(and(eq(ivrFiles.companyId, companyId), sql`lower(${ivrFiles.name}) = lower(${name})`));
    return row;
  }

  async deleteFiles(ids: string[]): Promise<number> {
    const rows = await executor(this.db)
      .delete(ivrFiles)
      .where(inUuids(ivrFiles.id, ids))
      .returning({ id: ivrFiles.id });
    return rows.length;
  }

  /** The first flow whose nodes play one of the files. */
  async flowUsing(fileIds: string[]): Promise<{ name: string } | undefined> {
    const conditions = fileIds.map(
      (id) => sql`${ivrFlows.nodes} @> ${JSON.stringify([{ fileId: id }])}::jsonb`,
    );
    const [row] = await executor(this.db)
      .select({ name: ivrFlows.name })
      .from(ivrFlows)
      .where(sql.join(conditions, sql` or `))
      .limit(1);
    return row;
  }

  // --- text-to-speech cache ---

  async cached(hash: string): Promise<{ audio: Buffer; durationMs: number } | undefined> {
    const [row] = await executor(this.db)
      .select({ audio: ivrTtsCache.audio, durationMs: ivrTtsCache.durationMs })
      .from(ivrTtsCache)
      .where(eq(ivrTtsCache.hash, hash));
    return row;
  }

  async cache(values: typeof ivrTtsCache.$inferInsert): Promise<void> {
    await executor(this.db).insert(ivrTtsCache).values(values).onConflictDoNothing();
  }

  // --- flows ---

  async countFlows(scope: DataScope, filters: FlowFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(ivrFlows)
      .where(flowWhere(scope, filters));
    return Number(row?.total ?? 0);
  }

  listFlows(scope: DataScope, filters: FlowFilters, limit: number, offset: number): Promise<FlowRow[]> {
    return executor(this.db)
      .select()
      .from(ivrFlows)
      .where(flowWhere(scope, filters))
      .orderBy(...orderByOf(filters, FLOW_SORTABLE, [desc(ivrFlows.createdAt), asc(ivrFlows.id)]))
      .limit(limit)
      .offset(offset);
  }

  async flow(id: string): Promise<FlowRow | undefined> {
    const [row] = await executor(this.db).select().from(ivrFlows).where(eq(ivrFlows.id, id));
    return row;
  }

  flowsByIds(ids: string[]): Promise<FlowRow[]> {
    return executor(this.db).select().from(ivrFlows).where(inUuids(ivrFlows.id, ids));
  }

  async insertFlow(values: FlowValues): Promise<FlowRow> {
    const [row] = await executor(this.db).insert(ivrFlows).values(values).returning();
    return row!;
  }

  async updateFlow(id: string, values: Partial<FlowValues>): Promise<FlowRow | undefined> {
    const [row] = await executor(this.db)
      .update(ivrFlows)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(ivrFlows.id, id))
      .returning();
    return row;
  }

  async deleteFlows(ids: string[]): Promise<number> {
    const rows = await executor(this.db)
      .delete(ivrFlows)
      .where(inUuids(ivrFlows.id, ids))
      .returning({ id: ivrFlows.id });
    return rows.length;
  }

  async flowByName(companyId: string, name: string): Promise<FlowRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(ivrFlows)
      .where(and(eq(ivrFlows.companyId, companyId), sql`lower(${ivrFlows.name}) = lower(${name})`));
    return row;
  }
}
