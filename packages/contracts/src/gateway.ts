import { z } from 'zod';
import { resourceListQuerySchema } from './resource';
import { GATEWAY_BIND_STATES } from './sms';
import { booleanQuery, dateTime, uuid } from './wire';

/**
 * Upstream SMS gateways (SMSCs reached over SMPP 3.4): the add/edit form, the list, the live bind
 * state and the options of gateway selects. The password is write-only: it is sealed at rest and
 * never answered; an edit with an empty password keeps the stored one.
 */

export const GATEWAY_BIND_MODES = ['transceiver', 'pair'] as const;
export type GatewayBindMode = (typeof GATEWAY_BIND_MODES)[number];

/** How an SMSC writes message ids: in submit_sm_resp, and in the receipt text. */
export const GATEWAY_ID_FORMATS = ['hex', 'decimal'] as const;
export type GatewayIdFormat = (typeof GATEWAY_ID_FORMATS)[number];

/** What a receipt may end a message as (the `stat:` mapping, or the gateway's error map). */
export const GATEWAY_RECEIPT_STATUSES = [
  'delivered',
  'undeliverable',
  'expired',
  'rejected',
  'failed',
] as const;
export type GatewayReceiptStatus = (typeof GATEWAY_RECEIPT_STATUSES)[number];

/** data_coding of GSM-7 text: 0 (the SMSC's default alphabet), 1 (IA5/ASCII) or 3 (Latin-1). */
export const GATEWAY_GSM_DATA_CODINGS = [0, 1, 3] as const;

/**
 * An error map key: a receipt `err:` code or a command_status, decimal (`001`, `11`) or hex
 * (`0x0b`). Keys are compared by value, so `0x0b`, `11` and `011` are the same code.
 */
export const GATEWAY_ERROR_CODE_PATTERN = /^(0x[0-9a-fA-F]{1,8}|\d{1,10})$/;

/** The numeric value of an error code as written in an error map or a receipt; null if none. */
export function errorCodeValue(code: string): number | null {
  const text = code.trim();
  if (/^0x[0-9a-f]{1,8}$/i.test(text)) return Number.parseInt(text.slice(2), 16);
  if (/^\d{1,10}$/.test(text)) return Number.parseInt(text, 10);
  return null;
}

/** Hostname or IPv4/IPv6 address. */
const HOST_PATTERN =
  /^(\[?[0-9a-fA-F:.]+\]?|[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*\.?)$/;

const int = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'FIELD_INVALID_TYPE') })
    .int('FIELD_INVALID')
    .min(min, 'NUMBER_TOO_SMALL')
    .max(max, 'NUMBER_TOO_LARGE');

export const gatewayErrorMapSchema = z
  .record(z.string(), z.enum(GATEWAY_RECEIPT_STATUSES, { error: 'GATEWAY_ERROR_STATUS_INVALID' }))
  .superRefine((map, ctx) => {
    const keys = Object.keys(map);
    if (keys.length > 200) ctx.addIssue({ code: 'custom', message: 'GATEWAY_ERROR_MAP_TOO_LARGE' });
    for (const key of keys) {
      if (!GATEWAY_ERROR_CODE_PATTERN.test(key.trim()))
        ctx.addIssue({ code: 'custom', message: 'GATEWAY_ERROR_CODE_INVALID', path: [key] });
    }
  });

const settingsShape = {
  name: z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
  enabled: z.boolean().default(true),
  host: z
    .string()
    .trim()
    .min(1, 'FIELD_REQUIRED')
    .max(255, 'FIELD_TOO_LONG')
    .regex(HOST_PATTERN, 'GATEWAY_HOST_INVALID'),
  port: int(1, 65_535),
  /** SMPP 3.4: at most 15 characters (16 octets with the terminating NUL). */
  systemId: z.string().trim().min(1, 'FIELD_REQUIRED').max(15, 'FIELD_TOO_LONG'),
  systemType: z.string().trim().max(12, 'FIELD_TOO_LONG').default(''),
  bindMode: z.enum(GATEWAY_BIND_MODES, { error: 'FIELD_INVALID' }).default('transceiver'),
  binds: int(1, 32).default(1),
  windowSize: int(1, 1000).default(10),
  /** Submits per second for the whole gateway; 0: no limit. */
  tps: int(0, 100_000).default(0),
  sourceTon: int(0, 6).default(5),
  sourceNpi: int(0, 18).default(0),
  destTon: int(0, 6).default(1),
  destNpi: int(0, 18).default(1),
  defaultDataCoding: z
    .union(
      GATEWAY_GSM_DATA_CODINGS.map((v) => z.literal(v)) as [
        z.ZodLiteral<0>,
        z.ZodLiteral<1>,
        z.ZodLiteral<3>,
      ],
      {
        error: 'FIELD_INVALID',
      },
    )
    .default(0),
  enquireLinkSeconds: int(5, 3600).default(30),
  reconnectSeconds: int(1, 600).default(2),
  reconnectMaxSeconds: int(1, 3600).default(60),
  submitIdFormat: z.enum(GATEWAY_ID_FORMATS, { error: 'FIELD_INVALID' }).default('hex'),
  receiptIdFormat: z.enum(GATEWAY_ID_FORMATS, { error: 'FIELD_INVALID' }).default('hex'),
  errorMap: gatewayErrorMapSchema.default({}),
  remark: z.string().trim().max(255, 'FIELD_TOO_LONG').nullish(),
};

/** SMPP 3.4: at most 8 characters (9 octets); some SMSCs take longer ones, so up to 32. */
const password = z.string().max(32, 'FIELD_TOO_LONG');

const reconnectRange = <T extends { reconnectSeconds: number; reconnectMaxSeconds: number }>(v: T) =>
  v.reconnectMaxSeconds >= v.reconnectSeconds;
const reconnectIssue = {
  message: 'GATEWAY_RECONNECT_RANGE',
  path: ['reconnectMaxSeconds'],
};

/** `POST /sms/gateway/add` (and each row of an import): the password is required. */
export const gatewayInputSchema = z
  .object({ ...settingsShape, password: password.min(1, 'FIELD_REQUIRED') })
  .refine(reconnectRange, reconnectIssue);
export type GatewayInput = z.input<typeof gatewayInputSchema>;

/** `PUT /sms/gateway/edit`: an empty or missing password keeps the stored one. */
export const gatewayEditSchema = z
  .object({ id: uuid, ...settingsShape, password: password.optional() })
  .refine(reconnectRange, reconnectIssue);
export type GatewayEdit = z.input<typeof gatewayEditSchema>;

/** `POST /sms/gateway/copy`: every setting (the password too) under a new name, disabled. */
export const gatewayCopySchema = z.object({ id: uuid, name: settingsShape.name });

/** A gateway as the console sees it: never its password. */
export const gatewaySchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  host: z.string(),
  port: z.number().int(),
  systemId: z.string(),
  systemType: z.string(),
  bindMode: z.enum(GATEWAY_BIND_MODES),
  binds: z.number().int(),
  windowSize: z.number().int(),
  tps: z.number().int(),
  sourceTon: z.number().int(),
  sourceNpi: z.number().int(),
  destTon: z.number().int(),
  destNpi: z.number().int(),
  defaultDataCoding: z.literal(GATEWAY_GSM_DATA_CODINGS),
  enquireLinkSeconds: z.number().int(),
  reconnectSeconds: z.number().int(),
  reconnectMaxSeconds: z.number().int(),
  submitIdFormat: z.enum(GATEWAY_ID_FORMATS),
  receiptIdFormat: z.enum(GATEWAY_ID_FORMATS),
  errorMap: z.record(z.string(), z.enum(GATEWAY_RECEIPT_STATUSES)),
  remark: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type Gateway = z.input<typeof gatewaySchema>;

/** Columns the gateway list sorts by. */
export const GATEWAY_SORTABLE = [
  'name',
  'host',
  'systemId',
  'binds',
  'windowSize',
  'tps',
  'enabled',
  'createdAt',
] as const;

/** `GET /sms/gateway/list` and `exportXls`: a name/host/system id search and enabled. */
export const gatewayListQuerySchema = resourceListQuerySchema({
  name: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
  enabled: booleanQuery.optional(),
});
export type GatewayListQuery = z.input<typeof gatewayListQuerySchema>;

/** The live state of one gateway, over its binds (slots) in every worker process. */
export const gatewayStateSchema = z.object({
  gatewayId: z.string(),
  state: z.enum(GATEWAY_BIND_STATES),
  /** Bind slots bound now, of `binds` configured. */
  bound: z.number().int(),
  binds: z.number().int(),
  lastError: z.string().nullable(),
  /** Since when the gateway is in this state (null: never seen by a worker). */
  since: dateTime.nullable(),
});
export type GatewayState = z.input<typeof gatewayStateSchema>;
export const gatewayStatesSchema = z.array(gatewayStateSchema);

/** The realtime message id of a gateway state change (msgTxt: one GatewayState as JSON). */
export const GATEWAY_STATE_MESSAGE = 'sms.gateway.state';

/** `GET /sys/smsGateway/list`: gateways for selects. */
export const gatewayOptionSchema = z.object({ id: z.string(), name: z.string(), enabled: z.boolean() });
export type GatewayOption = z.input<typeof gatewayOptionSchema>;
export const gatewayOptionsSchema = z.array(gatewayOptionSchema);
