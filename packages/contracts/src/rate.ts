import { z } from 'zod';
import { money } from './money';
import { importQuerySchema, resourceListQuerySchema } from './resource';
import { dateTime, uuid } from './wire';

/**
 * The kinds of SMS a customer sends, each priced on its own. Defined once here: rates, the SMS
 * engine, statistics and the console all use this list.
 */
export const SMS_KINDS = ['marketing', 'notification', 'otp', 'premium_otp'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

/** What a rate group prices: SMS per message, voice per minute, ND (HLR / number status) per lookup. */
export const RATE_GROUP_KINDS = ['sms', 'voice', 'nd'] as const;
export type RateGroupKind = (typeof RATE_GROUP_KINDS)[number];

/** What is charged: one of the SMS kinds, a voice call or a number detection lookup. */
export const CHARGE_KINDS = [...SMS_KINDS, 'voice', 'nd'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/** The group kind that prices a charge kind. */
export const groupKindOf = (kind: ChargeKind): RateGroupKind =>
  kind === 'voice' ? 'voice' : kind === 'nd' ? 'nd' : 'sms';

/** Voice billing increments offered (initial/increment seconds): 60/60, 30/30, 6/6, 1/1, 30/6, 60/1. */
export const VOICE_BILLING_PRESETS = ['60/60', '30/30', '6/6', '1/1', '30/6', '60/1'] as const;
export const BILLING_SECONDS_MAX = 3600;

export const RATE_GROUP_NAME_MAX = 64;
export const RATE_REMARK_MAX = 255;
/** A rate's price: at most 1,000 units per message, minute or lookup. */
export const RATE_PRICE_MAX = 1000;
/** A batch percent change: -100 < p <= 1000, up to 4 decimals. */
export const RATE_PERCENT_MAX = 1000;
export const RATE_IMPORT_ROWS_MAX = 10_000;

const name = z.string().trim().min(1, 'FIELD_REQUIRED').max(RATE_GROUP_NAME_MAX, 'FIELD_TOO_LONG');
const remark = z.string().trim().max(RATE_REMARK_MAX, 'FIELD_TOO_LONG').nullish();

/** A price of a rate: 0 or more, at most RATE_PRICE_MAX, six decimals at most. */
export const ratePrice = money.check(
  z.refine((micros: bigint) => micros >= 0n, { message: 'MONEY_INVALID' }),
  z.refine((micros: bigint) => micros <= BigInt(RATE_PRICE_MAX) * 1_000_000n, {
    message: 'MONEY_TOO_LARGE',
    params: { max: RATE_PRICE_MAX },
  }),
);

/** ISO 3166 alpha-2, upper case. */
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'FIELD_INVALID');
/** Mobile country / network codes: 3 digits, 2 or 3 digits. */
export const mccCode = z
  .string()
  .trim()
  .regex(/^\d{3}$/, 'FIELD_INVALID');
export const mncCode = z
  .string()
  .trim()
  .regex(/^\d{2,3}$/, 'FIELD_INVALID');
/** A number prefix in international form without '+', starting with the country's calling code. */
export const numberPrefix = z
  .string()
  .trim()
  .transform((p) => p.replace(/^\+/, ''))
  .pipe(z.string().regex(/^\d{1,15}$/, 'FIELD_INVALID'));

// --- groups ---

/** Columns the rate group list sorts by (`column`). */
export const RATE_GROUP_SORTABLE = [
  'name',
  'kind',
  'rateCount',
  'companyCount',
  'createdAt',
  'updatedAt',
] as const;

/** `GET /sys/feerateGroup/list` and `exportXls`: paging, sort, name, kind, owner. */
export const rateGroupListQuerySchema = resourceListQuerySchema({
  name: z.string().max(RATE_GROUP_NAME_MAX, 'FIELD_TOO_LONG').optional(),
  kind: z.enum(RATE_GROUP_KINDS).optional(),
  /** 'platform' for the platform's groups, or a reseller company id. Staff only. */
  owner: z.union([z.literal('platform'), uuid]).optional(),
});
export type RateGroupListQuery = z.input<typeof rateGroupListQuerySchema>;

export const rateGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(RATE_GROUP_KINDS),
  /** The reseller company that owns it; null: the platform. */
  ownerCompanyId: z.string().nullable(),
  ownerCompanyName: z.string().nullable(),
  remark: z.string().nullable(),
  /** Given to its owner's new customers at approval (one per owner and kind). */
  isDefault: z.boolean(),
  rateCount: z.number().int(),
  /** Companies it is assigned to. */
  companyCount: z.number().int(),
  /** Whether the caller may change it (its owner, or staff). */
  editable: z.boolean(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type RateGroup = z.input<typeof rateGroupSchema>;

/** `isDefault`: the owner's default for new customers of the kind (another default of the owner stops being one). */
const isDefault = z.boolean().optional();

export const rateGroupInputSchema = z.object({
  name,
  kind: z.enum(RATE_GROUP_KINDS),
  remark,
  isDefault,
});
export type RateGroupInput = z.input<typeof rateGroupInputSchema>;

export const rateGroupEditSchema = z.object({ id: uuid, name, remark, isDefault });
export type RateGroupEdit = z.input<typeof rateGroupEditSchema>;

export const rateGroupCopySchema = z.object({ id: uuid, name });
export type RateGroupCopy = z.input<typeof rateGroupCopySchema>;

/** Assign a group of a kind to a company (groupId null: remove the assignment). */
export const rateGroupAssignSchema = z.object({
  companyId: uuid,
  kind: z.enum(RATE_GROUP_KINDS),
  groupId: uuid.nullable(),
});
export type RateGroupAssign = z.input<typeof rateGroupAssignSchema>;

export const rateCompanyQuerySchema = z.object({ companyId: uuid });

/** A rate group an approver may give a company: the platform's, or its reseller's. */
export const assignableRateGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerCompanyId: z.string().nullable(),
  ownerCompanyName: z.string().nullable(),
  isDefault: z.boolean(),
});
export type AssignableRateGroup = z.input<typeof assignableRateGroupSchema>;

/** The SMS rate groups an approval may give a company, and the one it gives unless told otherwise. */
export const approvalRateGroupsSchema = z.object({
  companyId: z.string(),
  /** The default of the company's reseller (or, for a direct customer, the platform's); null: none. */
  defaultGroupId: z.string().nullable(),
  groups: z.array(assignableRateGroupSchema),
});
export type ApprovalRateGroups = z.input<typeof approvalRateGroupsSchema>;

/** The groups assigned to a company, by kind. */
export const rateAssignmentsSchema = z.object({
  companyId: z.string(),
  groups: z.array(
    z.object({
      kind: z.enum(RATE_GROUP_KINDS),
      groupId: z.string().nullable(),
      groupName: z.string().nullable(),
    }),
  ),
});
export type RateAssignments = z.input<typeof rateAssignmentsSchema>;

// --- rates ---

/** Columns the rate list sorts by (`column`). */
export const RATE_SORTABLE = ['countryCode', 'smsKind', 'prefix', 'mcc', 'price', 'updatedAt'] as const;

/** `GET /sys/feerate/list` and `exportXls`: the rates of one group, paging, sort and filters. */
export const rateListQuerySchema = resourceListQuerySchema({
  groupId: uuid,
  countryCode: countryCode.optional(),
  smsKind: z.enum(SMS_KINDS).optional(),
  mcc: mccCode.optional(),
  mnc: mncCode.optional(),
  /** Rates whose prefix starts with this. */
  prefix: numberPrefix.optional(),
});
export type RateListQuery = z.input<typeof rateListQuerySchema>;

export const rateSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  countryCode: z.string(),
  /** SMS groups: the SMS kind; voice and ND: null. */
  smsKind: z.enum(SMS_KINDS).nullable(),
  mcc: z.string().nullable(),
  mnc: z.string().nullable(),
  prefix: z.string().nullable(),
  price: money,
  /** Voice: charged once per answered call. */
  connectionFee: money,
  /** Voice: seconds billed first, then per increment (60/60, 6/6, 1/1). */
  billingInitial: z.number().int(),
  billingIncrement: z.number().int(),
  remark: z.string().nullable(),
  updatedAt: dateTime,
});
export type Rate = z.input<typeof rateSchema>;

const billingSeconds = z.coerce
  .number<number | string>()
  .int('FIELD_INVALID')
  .min(1, 'FIELD_INVALID')
  .max(BILLING_SECONDS_MAX, 'FIELD_INVALID');

/** One rate as written (add, edit, an import row). */
export const rateInputSchema = z.object({
  countryCode,
  smsKind: z.enum(SMS_KINDS).nullish(),
  mcc: mccCode.nullish(),
  mnc: mncCode.nullish(),
  prefix: numberPrefix.nullish(),
  price: ratePrice,
  connectionFee: ratePrice.optional(),
  billingInitial: billingSeconds.optional(),
  billingIncrement: billingSeconds.optional(),
  remark,
});
export type RateInput = z.input<typeof rateInputSchema>;

export const rateAddSchema = rateInputSchema.extend({ groupId: uuid });
export const rateEditSchema = rateInputSchema.extend({ id: uuid });

/** Batch edit: every rate of the group matching the filter gets a price, or +/- a percent. */
export const rateBatchEditSchema = z
  .object({
    groupId: uuid,
    countryCode: countryCode.optional(),
    smsKind: z.enum(SMS_KINDS).optional(),
    mcc: mccCode.optional(),
    mnc: mncCode.optional(),
    prefix: numberPrefix.optional(),
    mode: z.enum(['set', 'percent']),
    /** mode set: the new price. */
    price: ratePrice.optional(),
    /** mode percent: e.g. "10" (+10 %) or "-5.5"; up to 4 decimals. */
    percent: z
      .string()
      .regex(/^-?\d{1,4}(\.\d{1,4})?$/, 'FIELD_INVALID')
      .refine((p) => Number(p) > -100 && Number(p) <= RATE_PERCENT_MAX, 'FIELD_INVALID')
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.mode === 'set' && body.price === undefined)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'FIELD_REQUIRED' });
    if (body.mode === 'percent' && body.percent === undefined)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'FIELD_REQUIRED' });
  });
export type RateBatchEdit = z.input<typeof rateBatchEditSchema>;

export const rateBatchResultSchema = z.object({ updated: z.number().int() });

/** Rows to import into a group: every row valid and allowed, or nothing is written. */
export const rateImportSchema = z.object({
  groupId: uuid,
  /** Rows are validated one by one on the server (each error names its row). */
  rows: z
    .array(z.record(z.string().max(64), z.unknown()))
    .min(1, 'FIELD_REQUIRED')
    .max(RATE_IMPORT_ROWS_MAX),
});
export type RateImport = z.input<typeof rateImportSchema>;

export const rateRowErrorSchema = z.object({
  /** 1-based row number in what was sent. */
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type RateRowError = z.input<typeof rateRowErrorSchema>;

/** `POST /sys/feerate/importExcel?groupId=&dryRun=`: the group the file's rates go into. */
export const rateImportQuerySchema = importQuerySchema.extend({ groupId: uuid });

export const rateImportResultSchema = z.object({
  imported: z.number().int(),
  /** Rows that replaced a rate for the same destination. */
  replaced: z.number().int(),
});

// --- quote ---

export const rateQuoteQuerySchema = z.object({
  companyId: uuid,
  kind: z.enum(CHARGE_KINDS),
  /** A phone number in international form (+8613800138000 or 8613800138000). */
  number: z.string().trim().min(1, 'FIELD_REQUIRED').max(32, 'FIELD_TOO_LONG'),
});
export type RateQuoteQuery = z.input<typeof rateQuoteQuerySchema>;

export const rateQuoteSchema = z.object({
  companyId: z.string(),
  kind: z.enum(CHARGE_KINDS),
  number: z.string(),
  countryCode: z.string(),
  operator: z.object({ mcc: z.string(), mnc: z.string(), name: z.string() }).nullable(),
  /** How the rate matched: a number prefix, the operator, or the country. */
  matchedBy: z.enum(['prefix', 'operator', 'country']),
  rateId: z.string(),
  groupId: z.string(),
  price: money,
  connectionFee: money,
  billingInitial: z.number().int(),
  billingIncrement: z.number().int(),
  /** Resellers: what the caller itself pays for the destination; null for others. */
  ownPrice: money.nullable(),
  /** Staff: the lowest gateway cost for the destination (null: none known, or not staff). */
  cost: money.nullable(),
  /** Staff: price − cost; resellers: price − own price (their commission per unit). */
  margin: money.nullable(),
});
export type RateQuote = z.input<typeof rateQuoteSchema>;

// --- gateway cost per operator ---

/** Columns the gateway cost list sorts by (`column`). */
export const GATEWAY_PRICE_SORTABLE = ['gateway', 'kind', 'countryCode', 'mcc', 'cost', 'updatedAt'] as const;

/** `GET /gatewayOperatorPrice/list` and `exportXls`: paging, sort, gateway, country, kind. */
export const gatewayPriceListQuerySchema = resourceListQuerySchema({
  gateway: z.string().max(64, 'FIELD_TOO_LONG').optional(),
  countryCode: countryCode.optional(),
  kind: z.enum(RATE_GROUP_KINDS).optional(),
});

export type GatewayPriceListQuery = z.input<typeof gatewayPriceListQuerySchema>;

export const gatewayPriceInputSchema = z.object({
  gateway: z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
  kind: z.enum(RATE_GROUP_KINDS).default('sms'),
  countryCode,
  mcc: mccCode.nullish(),
  mnc: mncCode.nullish(),
  cost: ratePrice,
  remark,
});
export type GatewayPriceInput = z.input<typeof gatewayPriceInputSchema>;
export const gatewayPriceEditSchema = gatewayPriceInputSchema.extend({ id: uuid });

export const gatewayPriceSchema = z.object({
  id: z.string(),
  gateway: z.string(),
  kind: z.enum(RATE_GROUP_KINDS),
  countryCode: z.string(),
  mcc: z.string().nullable(),
  mnc: z.string().nullable(),
  cost: money,
  remark: z.string().nullable(),
  updatedAt: dateTime,
});
export type GatewayPrice = z.input<typeof gatewayPriceSchema>;
