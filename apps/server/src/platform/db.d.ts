import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema';
export type Schema = typeof schema;
/** The same drizzle API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export interface Database {
    db: Db;
    kind: 'pglite' | 'postgres';
    close(): Promise<void>;
    /** PGlite only: the data directory as a tarball. */
    dump?: () => Promise<Blob>;
}
export interface DatabaseOptions {
    databaseUrl?: string | undefined;
    /** PGlite data directory; `memory://` keeps it in memory (tests). */
    dataDir: string;
    /** A PGlite data directory dump to start from (tests start from a migrated, seeded template). */
    loadDataDir?: Blob;
}
/** Opens the database and applies pending migrations. */
export declare function openDatabase(options: DatabaseOptions): Promise<Database>;
