import { z } from 'zod';
import { isStrongPassword } from './auth';
import { COMPANY_TYPES } from './constants';
import { idempotencyKey } from './ledger';
import { LEDGER_AMOUNT_MAX, money, positiveMoney, units } from './money';
import { resourceListQuerySchema } from './resource';
import { dateTime, uuid } from './wire';

/** Approval of a company (spec section 4): self-registered ones wait until staff decide. */
export const APPROVAL_STATUSES = ['unapproved', 'waiting', 'approved', 'failed'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Keys the company list sorts by (`column`); balances are the ledger's and not among them. */
export const COMPANY_SORTABLE = ['name', 'type', 'approvalStatus', 'createdAt'] as const;

/** `GET /sys/company/list` (and `exportXls`, the same filters and sort). */
export const companyListQuerySchema = resourceListQuerySchema({
  name: z.string().max(128, 'FIELD_TOO_LONG').optional(),
  type: z.enum(COMPANY_TYPES).optional(),
  approvalStatus: z.enum(APPROVAL_STATUSES).optional(),
  /** `normal`, `frozen` or `disabled`. */
  status: z.enum(['normal', 'frozen', 'disabled']).optional(),
  parentCompanyId: uuid.optional(),
  /** Staff: companies assigned to this sales user. */
  salesUserId: uuid.optional(),
});
export type CompanyListQuery = z.input<typeof companyListQuerySchema>;

/** The companies as .xlsx: staff only (sales their assigned companies), the list's filters and sort. */
export const COMPANY_EXPORT_PATH = '/sys/company/exportXls';

export const companyListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  parentCompanyId: z.string().nullable(),
  parentCompanyName: z.string().nullable(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  frozen: z.boolean(),
  enabled: z.boolean(),
  salesUserId: z.string().nullable(),
  salesUsername: z.string().nullable(),
  /** Why a company's sign-up was rejected. */
  rejectReason: z.string().nullable(),
  balance: money,
  creditLimit: money,
  createdAt: dateTime,
});
export type CompanyListItem = z.input<typeof companyListItemSchema>;

/** Addresses or CIDR ranges allowed to sign in for every user of a company; empty allows any. */
export const companyIpWhitelistSchema = z.object({
  companyId: uuid,
  rules: z.array(z.string().trim().min(1).max(64, 'FIELD_TOO_LONG')).max(100),
});

export const ipRulesResultSchema = z.object({ rules: z.array(z.string()) });

/** `GET /sys/company/queryById?id=`, `DELETE`-style single id queries. */
export const companyIdQuerySchema = z.object({ id: uuid });

const companyName = z.string().trim().min(1, 'FIELD_REQUIRED').max(128, 'FIELD_TOO_LONG');
const contactName = z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG');
/** International format (+8613800138000) or a national number with `country`; stored as E.164. */
const phone = z.string().trim().min(1, 'FIELD_REQUIRED').max(32, 'FIELD_TOO_LONG');
/** An ISO 3166 alpha-2 code (a phone's country, a user's country). */
export const countryCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'FIELD_INVALID');
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(128, 'FIELD_TOO_LONG')
  .pipe(z.email('EMAIL_INVALID'));
const country = countryCodeField.optional();
const email = emailField;

/** A new sign-in name: 3 to 32 letters, digits or `_` (companies' administrators, users). */
export const newUsernameSchema = z
  .string()
  .trim()
  .min(3, 'FIELD_TOO_SHORT')
  .max(32, 'FIELD_TOO_LONG')
  .regex(/^[A-Za-z0-9_]+$/, 'USERNAME_INVALID');

/** What an agent or staff gives for a new company and its administrator user. */
const companyCreateFields = {
  name: companyName,
  /** The company's contact, also the administrator user's real name. */
  contactName,
  /** The company's phone, also its administrator user's. */
  phone,
  country,
  /** The company's e-mail, also its administrator user's. */
  email,
  /** The administrator user's sign-in name. */
  username: newUsernameSchema,
  password: z.string().min(1, 'NEW_PASSWORD_REQUIRED').refine(isStrongPassword, 'PASSWORD_TOO_WEAK'),
};

/**
 * `POST /sys/company/add`: a company, its department and its administrator user, in one
 * transaction. A company of type `agent` without a parent is a distributor; under a distributor,
 * an agent.
 */
export const companyAddSchema = z.object({
  ...companyCreateFields,
  type: z.enum(COMPANY_TYPES),
  parentCompanyId: uuid.nullish(),
  /** Administrators assign a sales user; a sales user's new company is assigned to them. */
  salesUserId: uuid.nullish(),
});
export type CompanyAdd = z.input<typeof companyAddSchema>;

/** `PUT /sys/company/edit`. The type stays what it was created as (its users' roles follow it). */
export const companyEditSchema = z.object({
  id: uuid,
  name: companyName,
  contactName,
  phone,
  country,
  email,
  /** Administrators only; omitted leaves the assignment as it is, null removes it. */
  salesUserId: uuid.nullish(),
});
export type CompanyEdit = z.input<typeof companyEditSchema>;

export const companyCreatedSchema = z.object({
  id: z.string(),
  name: z.string(),
  userId: z.string(),
  username: z.string(),
  approvalStatus: z.enum(APPROVAL_STATUSES),
});
export type CompanyCreated = z.input<typeof companyCreatedSchema>;

const companyIds = z.array(uuid).min(1, 'FIELD_REQUIRED').max(100);

/** `PUT /sys/company/frozen`: a frozen company's users are signed out and cannot sign in. */
export const companyFrozenSchema = z.object({ ids: companyIds, frozen: z.boolean() });
export type CompanyFrozen = z.input<typeof companyFrozenSchema>;

/** `PUT /sys/company/enabled`: a disabled company's users are signed out and cannot sign in. */
export const companyEnabledSchema = z.object({ ids: companyIds, enabled: z.boolean() });
export type CompanyEnabled = z.input<typeof companyEnabledSchema>;

export const companyChangedSchema = z.object({ changed: z.number().int() });

/**
 * Approve a company. `smsRateGroupId`: the SMS rate group it is given (one of the platform's or
 * its reseller's); omitted: the default of its reseller (or the platform's), if there is one;
 * null: none for now.
 */
export const companyApproveSchema = z.object({ id: uuid, smsRateGroupId: uuid.nullable().optional() });
export type CompanyApprove = z.input<typeof companyApproveSchema>;
export const companyRejectSchema = z.object({
  id: uuid,
  reason: z.string().trim().min(1, 'FIELD_REQUIRED').max(256, 'FIELD_TOO_LONG'),
});
export type CompanyReject = z.input<typeof companyRejectSchema>;

/** `PUT /sys/company/creditLimit`: how far below zero the company's balance may go. */
export const companyCreditLimitSchema = z.object({
  companyId: uuid,
  creditLimit: money.check(
    z.refine((micros: bigint) => micros >= 0n, { message: 'MONEY_NEGATIVE' }),
    z.refine((micros: bigint) => micros <= units(LEDGER_AMOUNT_MAX), {
      message: 'MONEY_TOO_LARGE',
      params: { max: LEDGER_AMOUNT_MAX },
    }),
  ),
});
export type CompanyCreditLimit = z.input<typeof companyCreditLimitSchema>;

// --- resellers: /sms/agent ---

/** Keys a reseller's customer list sorts by (`column`). */
export const AGENT_CUSTOMER_SORTABLE = ['name', 'type', 'createdAt'] as const;

/** `GET /sms/agent/customer/list`: the caller's customers (a distributor's agents too). */
export const agentCustomerListQuerySchema = resourceListQuerySchema({
  name: z.string().max(128, 'FIELD_TOO_LONG').optional(),
  status: z.enum(['normal', 'frozen', 'disabled']).optional(),
});
export type AgentCustomerListQuery = z.input<typeof agentCustomerListQuerySchema>;

/** A reseller's own customers as .xlsx (the list's filters and sort). */
export const AGENT_CUSTOMER_EXPORT_PATH = '/sms/agent/customer/exportXls';

/** `POST /sms/agent/customer/add`: a customer company of the caller, approved at once. */
export const agentCustomerAddSchema = z.object({
  ...companyCreateFields,
  /** `agent` (a distributor's agent) only for distributors. */
  type: z.enum(COMPANY_TYPES),
});
export type AgentCustomerAdd = z.input<typeof agentCustomerAddSchema>;

export const agentCustomerEditSchema = companyEditSchema.omit({ salesUserId: true });
export type AgentCustomerEdit = z.input<typeof agentCustomerEditSchema>;

/** A customer's money at a glance: its balance and what moved it, by kind. */
export const customerMoneySchema = z.object({
  companyId: z.string(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  parentCompanyId: z.string().nullable(),
  frozen: z.boolean(),
  enabled: z.boolean(),
  balance: money,
  creditLimit: money,
  /** Sum of money received (transfers in, top-ups, refunds, credits). */
  totalIn: money,
  /** Sum of charges (what it spent on traffic), as a positive amount. */
  totalCharged: money,
});
export type CustomerMoney = z.input<typeof customerMoneySchema>;

/** `GET /sms/agent/balance`: the caller's own balance and each customer's. */
export const agentBalanceSchema = z.object({
  companyId: z.string(),
  /** A distributor (top of its tree) may create agents; an agent only customers. */
  distributor: z.boolean(),
  balance: money,
  creditLimit: money,
  commission: money,
  currency: z.string(),
  customers: z.array(customerMoneySchema),
});
export type AgentBalance = z.input<typeof agentBalanceSchema>;

/** `POST /sms/agent/balance/transfer`: from the caller's balance to one of its customers'. */
export const agentTransferSchema = z.object({
  companyId: uuid,
  amount: positiveMoney,
  idempotencyKey,
});
export type AgentTransfer = z.input<typeof agentTransferSchema>;

export const agentTransferResultSchema = z.object({
  /** True when the key had been used: nothing moved this time. */
  replayed: z.boolean(),
  /** The caller's balance and the customer's, after the transfer. */
  balance: money,
  customerBalance: money,
});
export type AgentTransferResult = z.input<typeof agentTransferResultSchema>;
