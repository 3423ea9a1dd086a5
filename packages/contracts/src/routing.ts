import { z } from 'zod';
import { gatewayOptionSchema } from './gateway';
import { money } from './money';
import { countryCode, mccCode, mncCode, numberPrefix, SMS_KINDS } from './rate';
import { resourceListQuerySchema } from './resource';
import { dateTime, dateTimeInput, uuid } from './wire';

/**
 * SMS routing (issue 12): ordered rules that pick the gateways a message is tried on, gateway
 * grants to resellers (and a reseller's choice per customer), the route tester and the
 * recommendation; mobile operators (MCC/MNC and number prefixes per country).
 */

/** priority: the gateways in the order given, each the failover of the one before; weighted: a
 *  weighted draw picks the first, the rest follow by weight. */
export const ROUTE_STRATEGIES = ['priority', 'weighted'] as const;
export type RouteStrategy = (typeof ROUTE_STRATEGIES)[number];

export const ROUTE_NAME_MAX = 64;
export const ROUTE_GATEWAYS_MAX = 20;
export const ROUTE_WEIGHT_MAX = 1000;
export const ROUTE_SORT_MAX = 1_000_000;

const remark = z.string().trim().max(255, 'FIELD_TOO_LONG').nullish();

/** A time of day, `HH:MM` (24 h), in the platform's time zone (UTC). */
export const timeOfDay = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'FIELD_INVALID');

const int = (min: number, max: number) =>
  z.coerce.number<number | string>().int('FIELD_INVALID').min(min, 'FIELD_INVALID').max(max, 'FIELD_INVALID');

/** One gateway of a route: its place in the list is its priority; weight counts for weighted routes. */
export const routeGatewayInputSchema = z.object({
  gatewayId: uuid,
  weight: int(0, ROUTE_WEIGHT_MAX).default(1),
});

const routeFields = {
  name: z.string().trim().min(1, 'FIELD_REQUIRED').max(ROUTE_NAME_MAX, 'FIELD_TOO_LONG'),
  /** null: every company. */
  companyId: uuid.nullish(),
  /** null: every kind but premium OTP (premium OTP only ever matches premium OTP routes). */
  smsKind: z.enum(SMS_KINDS).nullish(),
  countryCode: countryCode.nullish(),
  mcc: mccCode.nullish(),
  mnc: mncCode.nullish(),
  prefix: numberPrefix.nullish(),
  /** A daily window (UTC); end before start crosses midnight. Both or neither. */
  startTime: timeOfDay.nullish(),
  endTime: timeOfDay.nullish(),
  enabled: z.boolean().default(true),
  /** Smaller first; the first matching route wins. */
  sortOrder: int(0, ROUTE_SORT_MAX).default(100),
  strategy: z.enum(ROUTE_STRATEGIES).default('priority'),
  gateways: z
    .array(routeGatewayInputSchema)
    .min(1, 'ROUTE_GATEWAYS_REQUIRED')
    .max(ROUTE_GATEWAYS_MAX, 'ROUTE_GATEWAYS_TOO_MANY'),
  remark,
};

type RouteShape = {
  mcc?: string | null | undefined;
  mnc?: string | null | undefined;
  startTime?: string | null | undefined;
  endTime?: string | null | undefined;
  strategy: RouteStrategy;
  gateways: { gatewayId: string; weight: number }[];
};

function checkRoute(body: RouteShape, ctx: z.core.$RefinementCtx) {
  if (body.mnc && !body.mcc)
    ctx.addIssue({ code: 'custom', path: ['mnc'], message: 'ROUTE_MNC_WITHOUT_MCC' });
  if (Boolean(body.startTime) !== Boolean(body.endTime))
    ctx.addIssue({
      code: 'custom',
      path: [body.startTime ? 'endTime' : 'startTime'],
      message: 'ROUTE_WINDOW_INCOMPLETE',
    });
  else if (body.startTime && body.startTime === body.endTime)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'ROUTE_WINDOW_EMPTY' });
  const ids = body.gateways.map((g) => g.gatewayId);
  if (new Set(ids).size !== ids.length)
    ctx.addIssue({ code: 'custom', path: ['gateways'], message: 'ROUTE_GATEWAY_DUPLICATE' });
  if (body.strategy === 'weighted' && body.gateways.length > 0 && body.gateways.every((g) => g.weight === 0))
    ctx.addIssue({ code: 'custom', path: ['gateways'], message: 'ROUTE_WEIGHTS_ZERO' });
}

/** `POST /sms/route/add`. */
export const routeInputSchema = z.object(routeFields).superRefine(checkRoute);
export type RouteInput = z.input<typeof routeInputSchema>;
/** `PUT /sms/route/edit`. */
export const routeEditSchema = z.object({ ...routeFields, id: uuid }).superRefine(checkRoute);
export type RouteEdit = z.input<typeof routeEditSchema>;

/**
 * One row of a route import: the gateways as text, `name` or `name:weight` separated by commas
 * (in priority order), as an export writes them.
 */
export const routeImportRowSchema = z.object({
  ...routeFields,
  gateways: z.string().trim().min(1, 'ROUTE_GATEWAYS_REQUIRED').max(2000, 'FIELD_TOO_LONG'),
});
export type RouteImportRow = z.input<typeof routeImportRowSchema>;

/** Reads the gateways cell of a route sheet: names (as typed) and weights (default 1). */
export function parseGatewayCell(text: string): { name: string; weight: number }[] | undefined {
  const out: { name: string; weight: number }[] = [];
  for (const part of text.split(/[,;，；\n]+/)) {
    const item = part.trim();
    if (item === '') continue;
    const match = /^(.+?)(?:\s*[:：*]\s*(\d{1,4}))?$/.exec(item);
    if (!match) return undefined;
    const weight = match[2] === undefined ? 1 : Number(match[2]);
    if (weight > ROUTE_WEIGHT_MAX) return undefined;
    out.push({ name: match[1]!.trim(), weight });
  }
  return out;
}

export const ROUTE_SORTABLE = [
  'sortOrder',
  'name',
  'smsKind',
  'countryCode',
  'enabled',
  'updatedAt',
] as const;

/** `GET /sms/route/list` and `exportXls`. */
export const routeListQuerySchema = resourceListQuerySchema({
  name: z.string().max(64, 'FIELD_TOO_LONG').optional(),
  companyId: uuid.optional(),
  smsKind: z.enum(SMS_KINDS).optional(),
  countryCode: countryCode.optional(),
  gatewayId: uuid.optional(),
});
export type RouteListQuery = z.input<typeof routeListQuerySchema>;

export const routeSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  smsKind: z.enum(SMS_KINDS).nullable(),
  countryCode: z.string().nullable(),
  mcc: z.string().nullable(),
  mnc: z.string().nullable(),
  prefix: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  strategy: z.enum(ROUTE_STRATEGIES),
  gateways: z.array(z.object({ gatewayId: z.string(), name: z.string(), weight: z.number().int() })),
  remark: z.string().nullable(),
  updatedAt: dateTime,
});
export type Route = z.input<typeof routeSchema>;

// --- tester and recommendation ---

/** `POST /sms/route/test`. */
export const routeTestSchema = z.object({
  companyId: uuid,
  kind: z.enum(SMS_KINDS),
  number: z.string().trim().min(1, 'FIELD_REQUIRED').max(32, 'FIELD_TOO_LONG'),
  /** When to decide for (default now): time windows count. */
  at: dateTimeInput.optional(),
});
export type RouteTest = z.input<typeof routeTestSchema>;

export const routeTestResultSchema = z.object({
  number: z.string(),
  countryCode: z.string().nullable(),
  operator: z.object({ mcc: z.string(), mnc: z.string(), name: z.string() }).nullable(),
  /** Why nothing would be sent (NUMBER_INVALID, NO_ROUTE); null: routed. */
  reason: z.string().nullable(),
  reasonText: z.string().nullable(),
  route: z.object({ id: z.string(), name: z.string(), strategy: z.enum(ROUTE_STRATEGIES) }).nullable(),
  /** In try order; cost: staff only (the gateway's cost for the destination, null unknown). */
  gateways: z.array(z.object({ id: z.string(), name: z.string(), cost: money.nullable() })),
  /** What the company pays per part (null: no rate, see priceError). */
  price: money.nullable(),
  priceError: z.string().nullable(),
  /** Staff: the first gateway's cost and price − cost. */
  cost: money.nullable(),
  margin: money.nullable(),
});
export type RouteTestResult = z.input<typeof routeTestResultSchema>;

/** `GET /recommend`. */
export const recommendQuerySchema = z.object({
  countryCode,
  kind: z.enum(SMS_KINDS).optional(),
});
export type RecommendQuery = z.input<typeof recommendQuerySchema>;

export const recommendationSchema = z.object({
  countryCode: z.string(),
  /** Whether delivery rates were known (else ranked by cost alone). */
  withDeliveryRates: z.boolean(),
  gateways: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      enabled: z.boolean(),
      /** The lowest cost for the country (any operator); null: none known. */
      cost: money.nullable(),
      /** Delivered / sent over the recent period; null: unknown. */
      deliveryRate: z.number().nullable(),
      sent: z.number().int().nullable(),
      rank: z.number().int(),
    }),
  ),
});
export type Recommendation = z.input<typeof recommendationSchema>;

// --- gateway grants ---

/** `GET /sms/gateway/grant/list?companyId=` (staff): every gateway, granted or not. */
export const grantListQuerySchema = z.object({ companyId: uuid });
export const grantListSchema = z.object({
  companyId: z.string(),
  gateways: z.array(gatewayOptionSchema.extend({ granted: z.boolean() })),
});
export type GrantList = z.input<typeof grantListSchema>;

/** `POST /sms/gateway/grant/save` (staff): the gateways a reseller may use (none: no limit). */
export const grantSaveSchema = z.object({
  companyId: uuid,
  gatewayIds: z.array(uuid).max(200, 'FIELD_INVALID'),
});
export type GrantSave = z.input<typeof grantSaveSchema>;

/** `GET /sms/agent/gateway/list`: the gateways the caller's company may use and give its customers. */
export const agentGatewaysSchema = z.object({
  /** No gateway was granted: every gateway of the platform may be used. */
  unrestricted: z.boolean(),
  gateways: z.array(gatewayOptionSchema),
});
export type AgentGateways = z.input<typeof agentGatewaysSchema>;

/** `GET /sms/agent/customer/gateway?companyId=`: what a customer of the caller's uses. */
export const customerGatewayQuerySchema = z.object({ companyId: uuid });
export const customerGatewaysSchema = z.object({
  companyId: z.string(),
  /** Chosen for the customer (empty: every gateway available). */
  gatewayIds: z.array(z.string()),
  available: z.array(gatewayOptionSchema),
});
export type CustomerGateways = z.input<typeof customerGatewaysSchema>;

/** `POST /sms/agent/customer/gateway`. */
export const customerGatewaySaveSchema = z.object({
  companyId: uuid,
  gatewayIds: z.array(uuid).max(200, 'FIELD_INVALID'),
});
export type CustomerGatewaySave = z.input<typeof customerGatewaySaveSchema>;

// --- operators ---

export const OPERATOR_SORTABLE = ['countryCode', 'mcc', 'name', 'updatedAt'] as const;

/** `GET /sys/smsOperator/list` and `exportXls`. */
export const operatorListQuerySchema = resourceListQuerySchema({
  countryCode: countryCode.optional(),
  name: z.string().max(64, 'FIELD_TOO_LONG').optional(),
  mcc: mccCode.optional(),
});
export type OperatorListQuery = z.input<typeof operatorListQuerySchema>;

/** Number prefixes: a list, or text with commas, spaces or semicolons between them (an import cell). */
const prefixList = z
  .union([z.array(z.string()), z.string()])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(/[\s,;，、]+/)).map((p) => p.trim()).filter((p) => p !== ''),
  )
  .pipe(z.array(numberPrefix).max(500, 'FIELD_INVALID'));

export const operatorInputSchema = z.object({
  countryCode,
  mcc: mccCode,
  mnc: mncCode,
  name: z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
  prefixes: prefixList.default([]),
});
export type OperatorInput = z.input<typeof operatorInputSchema>;
export const operatorEditSchema = operatorInputSchema.extend({ id: uuid });
export type OperatorEdit = z.input<typeof operatorEditSchema>;

export const operatorSchema = z.object({
  id: z.string(),
  countryCode: z.string(),
  mcc: z.string(),
  mnc: z.string(),
  name: z.string(),
  prefixes: z.array(z.string()),
  updatedAt: dateTime,
});
export type Operator = z.input<typeof operatorSchema>;
