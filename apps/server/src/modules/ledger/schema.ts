import {
  COMMISSION_KINDS,
  CREDIT_KINDS,
  DEBIT_KINDS,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  LEDGER_ACCOUNTS,
  LEDGER_KINDS,
  LEDGER_NOTE_MAX_LENGTH,
  LEDGER_REFERENCE_MAX_LENGTH,
  type LedgerAccount,
  type LedgerKind,
  type LedgerNoteCode,
  type LedgerNoteParams,
} from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, moneyColumn, oneOf, updatedAt } from '../../platform/columns';
import { companies } from '../company/schema';

/**
 * Each company's balances, changed only by the ledger service together with the entries that
 * explain them. `*_seq` counts the entries of each account: the next entry is number seq + 1, and
 * (company, account, seq) is unique in the ledger, so two writers can never both extend a chain.
 */
export const companyBalances = pgTable(
  'company_balances',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id),
    balance: moneyColumn('balance').notNull().default(sql`0`),
    balanceSeq: bigint('balance_seq', { mode: 'number' }).notNull().default(0),
    /** How far below zero a charge may take the balance (0: not at all). */
    creditLimit: moneyColumn('credit_limit').notNull().default(sql`0`),
    /** What the company earned reselling, paid out on request. */
    commission: moneyColumn('commission').notNull().default(sql`0`),
    commissionSeq: bigint('commission_seq', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('company_balances_credit_limit_ck', sql`${t.creditLimit} >= 0`)],
);

const credit = oneOf(CREDIT_KINDS);
const debit = oneOf(DEBIT_KINDS);
const onCommission = oneOf(COMMISSION_KINDS);

/**
 * The ledger: every change of a balance, append-only (a trigger refuses updates and deletes).
 * The balance row equals the sum of its entries and each entry's balance_after is the one before
 * plus its amount: reconciliation proves both.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    account: varchar('account', { length: 16 }).notNull().$type<LedgerAccount>(),
    /** Position in the company account's chain: 1, 2, 3… without gaps. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull().$type<LedgerKind>(),
    /** Signed: credits positive, debits negative. */
    amount: moneyColumn('amount').notNull(),
    balanceAfter: moneyColumn('balance_after').notNull(),
    reference: varchar('reference', { length: LEDGER_REFERENCE_MAX_LENGTH }),
    /** What a person wrote (an adjustment's reason, a payout's note). */
    note: varchar('note', { length: LEDGER_NOTE_MAX_LENGTH }),
    /** What the platform says about the entry: a code of LEDGER_NOTE_CODES and its parameters. */
    noteCode: varchar('note_code', { length: 32 }).$type<LedgerNoteCode>(),
    noteParams: jsonb('note_params').$type<LedgerNoteParams>(),
    actorUserId: uuid('actor_user_id'),
    actorUsername: varchar('actor_username', { length: 64 }),
    idempotencyKey: varchar('idempotency_key', { length: IDEMPOTENCY_KEY_MAX_LENGTH }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_uq').on(t.companyId, t.idempotencyKey),
    uniqueIndex('ledger_entries_chain_uq').on(t.companyId, t.account, t.seq),
    index('ledger_entries_company_idx').on(t.companyId, t.id),
    index('ledger_entries_created_idx').on(t.createdAt),
    check('ledger_entries_account_ck', sql.raw(`account in (${oneOf(LEDGER_ACCOUNTS)})`)),
    check('ledger_entries_kind_ck', sql.raw(`kind in (${oneOf(LEDGER_KINDS)})`)),
    check('ledger_entries_seq_ck', sql`${t.seq} >= 1`),
    // Each kind moves money one way and on one account (adjustments either way, on either).
    check(
      'ledger_entries_sign_ck',
      sql.raw(
        `(kind in (${credit}) and amount > 0) or (kind in (${debit}) and amount < 0) or (kind = 'adjustment' and amount <> 0)`,
      ),
    ),
    check(
      'ledger_entries_account_kind_ck',
      sql.raw(`kind = 'adjustment' or (account = 'commission') = (kind in (${onCommission}))`),
    ),
  ],
);

/** Each company account's balance at the end of each day (UTC), written once by a daily job. */
export const ledgerDailyBalances = pgTable(
  'ledger_daily_balances',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    account: varchar('account', { length: 16 }).notNull().$type<LedgerAccount>(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The balance after the last entry made before the day ended. */
    closingBalance: moneyColumn('closing_balance').notNull(),
    /** The seq of that entry (0: none yet). */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.account, t.day] }),
    check('ledger_daily_balances_account_ck', sql.raw(`account in (${oneOf(LEDGER_ACCOUNTS)})`)),
  ],
);
