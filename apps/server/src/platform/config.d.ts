import { LOGIN_CAPTCHA_MODES } from '@switchboard/contracts';
import { z } from 'zod';
declare const envSchema: z.ZodObject<{
    PORT: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    HOST: z.ZodDefault<z.ZodString>;
    DATA_DIR: z.ZodDefault<z.ZodString>;
    DATABASE_URL: z.ZodUnion<[z.ZodOptional<z.ZodString>, z.ZodPipe<z.ZodLiteral<"">, z.ZodTransform<undefined, "">>]>;
    REDIS_URL: z.ZodUnion<[z.ZodOptional<z.ZodString>, z.ZodPipe<z.ZodLiteral<"">, z.ZodTransform<undefined, "">>]>;
    SEED_DEMO: z.ZodPipe<z.ZodOptional<z.ZodEnum<{
        "": "";
        0: "0";
        1: "1";
        true: "true";
        false: "false";
        yes: "yes";
        no: "no";
    }>>, z.ZodTransform<boolean | undefined, "" | "0" | "1" | "true" | "false" | "yes" | "no" | undefined>>;
    DEMO_PASSWORD: z.ZodDefault<z.ZodString>;
    ADMIN_PASSWORD: z.ZodOptional<z.ZodString>;
    LOGIN_CAPTCHA: z.ZodDefault<z.ZodEnum<{
        off: "off";
        "after-failures": "after-failures";
        always: "always";
    }>>;
    CAS_SERVER_URL: z.ZodUnion<[z.ZodOptional<z.ZodURL>, z.ZodPipe<z.ZodLiteral<"">, z.ZodTransform<undefined, "">>]>;
    TRUST_PROXY: z.ZodPipe<z.ZodOptional<z.ZodEnum<{
        "": "";
        0: "0";
        1: "1";
        true: "true";
        false: "false";
        yes: "yes";
        no: "no";
    }>>, z.ZodTransform<boolean | undefined, "" | "0" | "1" | "true" | "false" | "yes" | "no" | undefined>>;
    LOGIN_RATE_LIMIT: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    LOG_LEVEL: z.ZodDefault<z.ZodEnum<{
        trace: "trace";
        silent: "silent";
        error: "error";
        fatal: "fatal";
        warn: "warn";
        info: "info";
        debug: "debug";
    }>>;
    WEB_DIST: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type EnvInput = Partial<Record<keyof z.input<typeof envSchema>, string>>;
export interface Config {
    port: number;
    host: string;
    dataDir: string;
    databaseUrl: string | undefined;
    redisUrl: string | undefined;
    /** undefined: seed demo data only when the database is empty. */
    seedDemo: boolean | undefined;
    demoPassword: string;
    adminPassword: string | undefined;
    loginCaptcha: (typeof LOGIN_CAPTCHA_MODES)[number];
    casServerUrl: string | undefined;
    trustProxy: boolean;
    /** Login attempts per minute per address (all users together). */
    loginRateLimit: number;
    logLevel: string;
    /** Built console served at `/`; absent in API-only tests. */
    webDist: string | undefined;
    /**
     * Waits out the slow-down of a failed login (login-guard's failureDelayMs). Not from the
     * environment: unset means a real timer; tests pass one that records the delay asked for.
     */
    loginFailureWait?: (ms: number) => Promise<void>;
}
export declare class ConfigError extends Error {
}
/** Reads and validates the environment; throws ConfigError listing every bad variable. */
export declare function loadConfig(env?: EnvInput): Config;
export {};
