import { sql } from 'drizzle-orm';
import { type Db, executor, rowsOf } from '../../platform/db';

/** The database's own figures (no table of ours): its size and, on PostgreSQL, its connections. */
export class MonitorRepo {
  constructor(private readonly db: Db) {}

  /** Bytes on disk of the current database (PGlite answers it too). */
  async databaseSize(): Promise<number> {
    const result = await executor(this.db).execute(
      sql`select pg_database_size(current_database())::bigint as size`,
    );
    return Number(rowsOf<{ size: string | number }>(result)[0]?.size ?? 0);
  }

  /** Connections to the current database from every client (PostgreSQL), and the server's limit. */
  async connections(): Promise<{ total: number; active: number; max: number }> {
    const result = await executor(this.db).execute(sql`
      select count(*)::int as total,
        (count(*) filter (where state = 'active'))::int as active,
        current_setting('max_connections')::int as max
      from pg_stat_activity where datname = current_database()`);
    const row = rowsOf<{ total: number; active: number; max: number }>(result)[0];
    return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0), max: Number(row?.max ?? 0) };
  }

  /** Liveness of the database: one round trip. */
  async ping(): Promise<void> {
    await executor(this.db).execute(sql`select 1`);
  }
}
