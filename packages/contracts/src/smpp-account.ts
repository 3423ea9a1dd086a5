import { z } from 'zod';
import { SMS_KINDS } from './rate';
import { resourceListQuerySchema } from './resource';
import { booleanQuery, dateTime, uuid } from './wire';

/**
 * SMPP accounts of customers (`/sys/smppAccount`): a customer's ESME binds to the platform's
 * SMPP server with a system id and password; submit_sm goes through the same pipeline as the
 * HTTP API, receipts come back as deliver_sm.
 */

/** SMPP 3.4 and 5.0: system_id is a C-Octet String of at most 16 octets (15 characters). */
export const SMPP_SYSTEM_ID_MAX = 15;
/**
 * Passwords: SMPP 3.4 and 5.0 give the password field 9 octets (8 characters); our server reads
 * longer ones (as the npm `smpp` client sends them), so an account's password may be up to 32
 * characters. SMPP_PASSWORD_SPEC_MAX is what a peer that holds to the 9 octets can send.
 */
export const SMPP_PASSWORD_MIN = 8;
export const SMPP_PASSWORD_MAX = 32;
export const SMPP_PASSWORD_SPEC_MAX = 8;
/** A password generated for an account (the default when none is given): 16 random characters. */
export const SMPP_PASSWORD_GENERATED = 16;
export const SMPP_ADDRESSES_MAX = 20;
export const SMPP_TPS_MAX = 10_000;
export const SMPP_BINDS_MAX = 32;

const systemId = z
  .string()
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(SMPP_SYSTEM_ID_MAX, 'FIELD_TOO_LONG')
  .regex(/^[A-Za-z0-9_.-]+$/, 'FIELD_INVALID');
const password = z
  .string()
  .min(1, 'FIELD_REQUIRED')
  .min(SMPP_PASSWORD_MIN, 'FIELD_TOO_SHORT')
  .max(SMPP_PASSWORD_MAX, 'FIELD_TOO_LONG')
  .regex(/^[\x21-\x7e]+$/, 'FIELD_INVALID');
/** Addresses or CIDR ranges a bind may come from (empty: any). */
const addresses = z
  .array(z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'))
  .max(SMPP_ADDRESSES_MAX, 'BATCH_TOO_LARGE');

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** Web Crypto, in browsers and Node alike (the contracts are built without DOM or Node types). */
const webCrypto = (globalThis as unknown as { crypto: { getRandomValues(array: Uint8Array): Uint8Array } })
  .crypto;

/**
 * A strong SMPP password: `length` characters drawn evenly (no modulo bias) from letters and
 * digits that cannot be mistaken for one another (about 5.8 bits each: 16 give 93 bits, 8 give 46).
 */
export function generateSmppPassword(length = SMPP_PASSWORD_GENERATED): string {
  const out: string[] = [];
  const limit = 256 - (256 % PASSWORD_ALPHABET.length);
  while (out.length < length) {
    for (const byte of webCrypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out.push(PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]!);
    }
  }
  return out.join('');
}

export const smppAccountInputSchema = z.object({
  systemId,
  /** Left out: the server generates a strong one and answers it once (`password` in the record). */
  password: password.optional(),
  companyId: uuid,
  /** The kind of what this account submits (service_type may name another kind per message). */
  kind: z.enum(SMS_KINDS).default('notification'),
  allowedAddresses: addresses.default([]),
  /** submit_sm per second over all binds of the account; above it ESME_RTHROTTLED. */
  tpsLimit: z.number().int().min(1, 'FIELD_INVALID').max(SMPP_TPS_MAX, 'FIELD_INVALID').default(100),
  maxBinds: z.number().int().min(1, 'FIELD_INVALID').max(SMPP_BINDS_MAX, 'FIELD_INVALID').default(2),
  enabled: z.boolean().default(true),
  remark: z.string().trim().max(255, 'FIELD_TOO_LONG').nullish(),
});
export type SmppAccountInput = z.input<typeof smppAccountInputSchema>;

/** Edit: the password only when it changes (it is never answered). */
export const smppAccountEditSchema = z.object({
  id: uuid,
  systemId: systemId.optional(),
  password: password.optional(),
  companyId: uuid.optional(),
  kind: z.enum(SMS_KINDS).optional(),
  allowedAddresses: addresses.optional(),
  tpsLimit: z.number().int().min(1, 'FIELD_INVALID').max(SMPP_TPS_MAX, 'FIELD_INVALID').optional(),
  maxBinds: z.number().int().min(1, 'FIELD_INVALID').max(SMPP_BINDS_MAX, 'FIELD_INVALID').optional(),
  enabled: z.boolean().optional(),
  remark: z.string().trim().max(255, 'FIELD_TOO_LONG').nullish(),
});
export type SmppAccountEdit = z.input<typeof smppAccountEditSchema>;

export const smppAccountRecordSchema = z.object({
  id: uuid,
  systemId: z.string(),
  companyId: uuid,
  companyName: z.string(),
  kind: z.enum(SMS_KINDS),
  allowedAddresses: z.array(z.string()),
  tpsLimit: z.number().int(),
  maxBinds: z.number().int(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  /** Binds open now in this server process. */
  boundNow: z.number().int(),
  /** Only in the answer to an add that generated the password: shown once, never again. */
  password: z.string().optional(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type SmppAccountRecord = z.input<typeof smppAccountRecordSchema>;

export const SMPP_ACCOUNT_SORTABLE = ['systemId', 'tpsLimit', 'maxBinds', 'enabled', 'createdAt'] as const;

export const smppAccountListQuerySchema = resourceListQuerySchema({
  systemId: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
  companyId: uuid.optional(),
  enabled: booleanQuery.optional(),
});
export type SmppAccountListQuery = z.input<typeof smppAccountListQuerySchema>;
