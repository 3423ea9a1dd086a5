import {
  parseMoney,
  SMS_FINAL_STATUSES,
  type SmsBatchState,
  type SmsKind,
  type SmsSource,
  type SmsStatus,
} from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import { type Db, executor } from '../../../platform/db';
import type { DataScope } from '../../../platform/scope';
import type { smsBatches, smsCallbacks, smsMessages } from '../schema';

export type SmsMessageRecord = typeof smsMessages.$inferSelect;
export type SmsMessageInsert = typeof smsMessages.$inferInsert;
export type SmsBatchRecord = typeof smsBatches.$inferSelect;
export type SmsCallbackRecord = typeof smsCallbacks.$inferSelect;

/** The statuses a message can still leave (SQL list). */
export const OPEN = sql.raw(`('accepted', 'queued', 'sent')`);
export const FINALS = sql.raw(`(${SMS_FINAL_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** The error code of a message sent that its gateway may have taken without saying so (and of its timeout). */
export const UNCONFIRMED = 'SUBMIT_UNCONFIRMED';
/** The stand-in upstream id of a part whose id the gateway never answered (never a real id: `?`). */
export const unconfirmedId = (messageId: string, partNo: number) => `?${messageId}:${partNo}`;

export const dateOf = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
export const dateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : dateOf(value);
export const moneyOf = (value: unknown): bigint => parseMoney(String(value)) ?? 0n;

/** What a dispatcher needs of a claimed message. */
export interface ClaimedMessage {
  id: string;
  createdAt: Date;
  companyId: string;
  batchId: string | null;
  kind: SmsKind;
  source: SmsSource;
  to: string;
  sender: string | null;
  text: string;
  parts: number;
  price: bigint;
  gatewayIds: string[];
  attempts: number;
  validUntil: Date;
  clientRef: string | null;
}

/** A message that just reached a final status (for listeners and callbacks). */
export interface FinalMessage {
  id: string;
  createdAt: Date;
  companyId: string;
  clientRef: string | null;
  to: string;
  status: SmsStatus;
  errorCode: string | null;
  doneAt: Date;
  source: SmsSource;
  price: bigint;
  /** What each reseller above earned on it (taken back with a refund). */
  commissions: { companyId: string; amount: bigint }[];
}

/** What an update making messages final returns of each (FinalMessage). */
export const finalColumns = sql.raw(
  'm.id, m.created_at, m.company_id, m.client_ref, m.to_number, m.status, m.error_code, m.done_at, m.source, m.price::text as price, m.commissions',
);

export function finalOf(r: Record<string, unknown>): FinalMessage {
  return {
    id: String(r.id),
    createdAt: dateOf(r.created_at),
    companyId: String(r.company_id),
    clientRef: (r.client_ref as string | null) ?? null,
    to: String(r.to_number),
    status: r.status as SmsStatus,
    errorCode: (r.error_code as string | null) ?? null,
    doneAt: dateOf(r.done_at),
    source: r.source as SmsSource,
    price: moneyOf(r.price),
    commissions: ((r.commissions as { companyId: string; amount: string }[] | null) ?? []).map((c) => ({
      companyId: c.companyId,
      amount: moneyOf(c.amount),
    })),
  };
}

export interface MessageFilters {
  kind: SmsKind;
  from: Date;
  to: Date;
  scope: DataScope;
  companyId?: string | undefined;
  number?: string | undefined;
  status?: SmsStatus | undefined;
  batchId?: string | undefined;
  gatewayId?: string | undefined;
}

export interface BatchFilters {
  kind: SmsKind;
  from: Date;
  to: Date;
  scope: DataScope;
  companyId?: string | undefined;
  state?: SmsBatchState | undefined;
}

/** What the SMS engine's repos share: SQL on the transaction under way, else on the database. */
export abstract class SmsTables {
  constructor(private readonly db: Db) {}

  protected get x() {
    return executor(this.db);
  }
}
