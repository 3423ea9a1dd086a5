import type { Db } from '../../platform/db';
/** A stable UUID for seeded rows, so a second seed updates instead of duplicating. */
export declare function stableId(key: string): string;
export interface SeedOptions {
    /** Seed demo companies and users. undefined: only when the database had no users. */
    demo: boolean | undefined;
    demoPassword: string;
    adminPassword: string | undefined;
}
export interface SeedReport {
    demo: boolean;
    /** Set when an administrator was created with a generated password (print it once). */
    generatedAdminPassword?: string;
    createdAdmin: boolean;
}
/** Idempotent: roles, menu tree, dictionaries, countries; then demo data or the first admin. */
export declare function seed(db: Db, options: SeedOptions): Promise<SeedReport>;
/** The first administrator's department exists outside demo mode too. */
export declare function ensurePlatformDepartment(db: Db): Promise<void>;
