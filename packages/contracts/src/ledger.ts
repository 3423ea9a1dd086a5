import { z } from 'zod';
import { ledgerNoteParamsSchema } from './ledger-notes';
import { money, positiveMoney } from './money';
import { keysetQuerySchema } from './paging';
import { dateQuery, dateQueryEnd, dateTime, uuid } from './wire';

/**
 * What moved a balance. Each kind has one direction (adjustment either): the database refuses an
 * entry whose sign does not match its kind.
 * - balance account: topup, refund, transfer_in (+); charge, transfer_out (−); adjustment (±)
 * - commission account: commission (+); payout (−); adjustment (±)
 */
export const LEDGER_KINDS = [
  'topup',
  'charge',
  'refund',
  'transfer_in',
  'transfer_out',
  'commission',
  'adjustment',
  'payout',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** A company's two balances: what it spends, and what it earned reselling (commission). */
export const LEDGER_ACCOUNTS = ['balance', 'commission'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const CREDIT_KINDS: readonly LedgerKind[] = ['topup', 'refund', 'transfer_in', 'commission'];
export const DEBIT_KINDS: readonly LedgerKind[] = ['charge', 'transfer_out', 'payout'];
/** Kinds on the commission account; the others (but adjustment) are on the balance. */
export const COMMISSION_KINDS: readonly LedgerKind[] = ['commission', 'payout'];

export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;
export const LEDGER_REFERENCE_MAX_LENGTH = 128;
export const LEDGER_NOTE_MAX_LENGTH = 256;

/**
 * The caller's name for one change (a retry sends the same key): printable ASCII without spaces,
 * unique per company. A repeated key answers the first result and changes nothing.
 */
export const idempotencyKey = z
  .string()
  .min(1, 'FIELD_REQUIRED')
  .max(IDEMPOTENCY_KEY_MAX_LENGTH, 'FIELD_TOO_LONG')
  .regex(/^[\x21-\x7e]+$/, 'FIELD_INVALID');

/** `GET /sys/balance`: the caller's company, or (staff, resellers) one in their scope. */
export const balanceQuerySchema = z.object({ companyId: uuid.optional() });

export const balanceSchema = z.object({
  companyId: z.string(),
  balance: money,
  /** How far below zero the balance may go. */
  creditLimit: money,
  commission: money,
  /** ISO 4217 code of the platform currency. */
  currency: z.string(),
});
export type Balance = z.input<typeof balanceSchema>;

/** `GET /sys/ledger/list`: newest first, paged by key (the ledger grows without end). */
export const ledgerListQuerySchema = keysetQuerySchema.extend({
  companyId: uuid.optional(),
  kind: z.enum(LEDGER_KINDS).optional(),
  account: z.enum(LEDGER_ACCOUNTS).optional(),
  from: dateQuery.optional(),
  to: dateQueryEnd.optional(),
});
export type LedgerListQuery = z.input<typeof ledgerListQuerySchema>;

/**
 * `GET /sys/ledger/exportXls`: the list's filters; `from` and `to` are required and at most
 * EXPORT_WINDOW_DAYS apart (the ledger is exported a week at a time).
 */
export const ledgerExportQuerySchema = ledgerListQuerySchema.omit({ cursor: true, pageSize: true });
export type LedgerExportQuery = z.input<typeof ledgerExportQuerySchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  companyId: z.string(),
  account: z.enum(LEDGER_ACCOUNTS),
  kind: z.enum(LEDGER_KINDS),
  /** Signed: credits positive, debits negative. */
  amount: money,
  /** The account's balance once this entry was applied. */
  balanceAfter: money,
  /** What the entry is for (an order, a message batch, a transfer's other company). */
  reference: z.string().nullable(),
  /** What a person wrote (an adjustment's reason, a payout's note). */
  note: z.string().nullable(),
  /**
   * What the platform says about the entry, as a code (LEDGER_NOTE_CODES) and its parameters:
   * shown in the reader's language by `ledgerNoteText` (a `companyId` parameter comes with the
   * company's name as `company`).
   */
  noteCode: z.string().nullable(),
  noteParams: ledgerNoteParamsSchema.nullable(),
  /** Who caused it (null: the platform itself). */
  actorUsername: z.string().nullable(),
  idempotencyKey: z.string(),
  createdAt: dateTime,
});
export type LedgerEntry = z.input<typeof ledgerEntrySchema>;

/**
 * `POST /sys/balance/adjust`: a manual recharge (credit) or deduction (debit) with a reason; of
 * the spending balance, or with `account: commission` of a reseller's commission (a correction:
 * commission never goes below zero).
 */
export const balanceAdjustSchema = z.object({
  companyId: uuid,
  account: z.enum(LEDGER_ACCOUNTS).default('balance'),
  direction: z.enum(['credit', 'debit']),
  amount: positiveMoney,
  reason: z.string().trim().min(1, 'FIELD_REQUIRED').max(LEDGER_NOTE_MAX_LENGTH, 'FIELD_TOO_LONG'),
  idempotencyKey,
});
export type BalanceAdjust = z.input<typeof balanceAdjustSchema>;

/** The entry the adjustment wrote (or, for a repeated key, the one it wrote the first time). */
export const balanceAdjustResultSchema = z.object({
  entry: ledgerEntrySchema,
  /** True when the key had been used: nothing changed this time. */
  replayed: z.boolean(),
});
