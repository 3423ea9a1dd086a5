import { z } from 'zod';
import { countryCode, numberPrefix } from './rate';
import { resourceListQuerySchema } from './resource';
import { booleanQuery, dateTime, uuid } from './wire';

/**
 * Voice trunks (`/voip/trunk`, the spec's `/voip` gateways), the SIP accounts they register with
 * (`/sys/fsAccount`), and voice routes (`/voip/route`: a prefix or country → ordered trunks, tried
 * in order on failure). Staff only. A SIP account's password is write-only: sealed at rest, never
 * answered; an edit with an empty password keeps the stored one.
 */

export const TRUNK_TRANSPORTS = ['udp', 'tcp', 'tls'] as const;
export type TrunkTransport = (typeof TRUNK_TRANSPORTS)[number];
/** The port a trunk's transport is reached on by default (SIP over TLS: 5061). */
export const TRUNK_DEFAULT_PORTS: Record<TrunkTransport, number> = { udp: 5060, tcp: 5060, tls: 5061 };

/** register: we register with the carrier (a SIP account); ip: the carrier trusts our address. */
export const TRUNK_AUTH_MODES = ['register', 'ip'] as const;
export type TrunkAuthMode = (typeof TRUNK_AUTH_MODES)[number];

/** G.711 µ-law (payload type 0) and A-law (8); the trunk's list is its offer order. */
export const VOICE_CODECS = ['PCMU', 'PCMA'] as const;
export type VoiceCodec = (typeof VOICE_CODECS)[number];

/**
 * What a trunk does to the caller ID a call brings: pass it as it is, take one from a caller
 * group, send a fixed one, or strip a prefix from it.
 */
export const CALLER_ID_RULES = ['pass', 'group', 'fixed', 'strip_prefix'] as const;
export type CallerIdRule = (typeof CALLER_ID_RULES)[number];

/** A trunk's live state: registered (REGISTER accepted), reachable (answers OPTIONS), unreachable. */
export const TRUNK_STATES = ['registered', 'reachable', 'unreachable', 'unknown', 'disabled'] as const;
export type TrunkLiveState = (typeof TRUNK_STATES)[number];

/** Hostname or IPv4/IPv6 address. */
const HOST_PATTERN =
  /^(\[?[0-9a-fA-F:.]+\]?|[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*\.?)$/;

/** RFC 3261 `user` unreserved characters (no escapes). */
export const SIP_USERNAME_PATTERN = /^[A-Za-z0-9\-_.!~*+]{1,64}$/;

const int = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'FIELD_INVALID_TYPE') })
    .int('FIELD_INVALID')
    .min(min, 'NUMBER_TOO_SMALL')
    .max(max, 'NUMBER_TOO_LARGE');

const name = z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG');
const remark = z.string().trim().max(255, 'FIELD_TOO_LONG').nullish();
const digits = (max: number) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/^\+/, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{1,${max}}$`), 'FIELD_INVALID'));

// --- SIP accounts (/sys/fsAccount) ---

const sipAccountShape = {
  username: z.string().trim().min(1, 'FIELD_REQUIRED').regex(SIP_USERNAME_PATTERN, 'SIP_USERNAME_INVALID'),
  /** The digest realm; empty: whatever realm the carrier challenges with. */
  realm: z.string().trim().max(128, 'FIELD_TOO_LONG').nullish(),
  /** Registration expiry asked for, in seconds. */
  expiresS: int(60, 86_400).default(3600),
  remark,
};
const sipPassword = z.string().max(128, 'FIELD_TOO_LONG');

/** `POST /sys/fsAccount/add`: the password is required. */
export const sipAccountInputSchema = z.object({
  ...sipAccountShape,
  password: sipPassword.min(1, 'FIELD_REQUIRED'),
});
export type SipAccountInput = z.input<typeof sipAccountInputSchema>;

/** `PUT /sys/fsAccount/edit`: an empty or missing password keeps the stored one. */
export const sipAccountEditSchema = z.object({
  id: uuid,
  ...sipAccountShape,
  password: sipPassword.optional(),
});
export type SipAccountEdit = z.input<typeof sipAccountEditSchema>;

/** A SIP account as answered: never its password. */
export const sipAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  realm: z.string().nullable(),
  expiresS: z.number().int(),
  remark: z.string().nullable(),
  /** Trunks using it. */
  trunks: z.number().int(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type SipAccount = z.input<typeof sipAccountSchema>;

export const SIP_ACCOUNT_SORTABLE = ['username', 'realm', 'createdAt'] as const;
export const sipAccountListQuerySchema = resourceListQuerySchema({
  username: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
});
export type SipAccountListQuery = z.input<typeof sipAccountListQuerySchema>;

// --- trunks (/voip/trunk) ---

const trunkShape = {
  name,
  enabled: z.boolean().default(true),
  host: z
    .string()
    .trim()
    .min(1, 'FIELD_REQUIRED')
    .max(255, 'FIELD_TOO_LONG')
    .regex(HOST_PATTERN, 'TRUNK_HOST_INVALID'),
  port: int(1, 65_535).default(5060),
  transport: z.enum(TRUNK_TRANSPORTS, { error: 'FIELD_INVALID' }).default('udp'),
  /** TLS only: verify the carrier's certificate (chain and host name); off for a self-signed test peer. */
  tlsVerify: z.boolean().default(true),
  authMode: z.enum(TRUNK_AUTH_MODES, { error: 'FIELD_INVALID' }).default('ip'),
  /** Required when authMode is register; with ip it answers digest challenges of INVITEs. */
  sipAccountId: uuid.nullish(),
  /** Offer order. */
  codecs: z
    .array(z.enum(VOICE_CODECS, { error: 'FIELD_INVALID' }))
    .min(1, 'TRUNK_CODECS_REQUIRED')
    .max(VOICE_CODECS.length, 'TRUNK_CODEC_DUPLICATE')
    .refine((list) => new Set(list).size === list.length, 'TRUNK_CODEC_DUPLICATE')
    .default(['PCMU', 'PCMA']),
  /** Calls up at once on this trunk, over every worker. */
  maxCalls: int(1, 10_000).default(30),
  /** Call set-ups per second. */
  cps: int(1, 1000).default(10),
  callerIdRule: z.enum(CALLER_ID_RULES, { error: 'FIELD_INVALID' }).default('pass'),
  callerGroupId: uuid.nullish(),
  fixedCallerId: digits(20).nullish(),
  stripPrefix: digits(10).nullish(),
  /** Seconds between OPTIONS pings (IP trust) of the monitor. */
  optionsIntervalS: int(10, 3600).default(30),
  remark,
};

type TrunkRules = {
  authMode: TrunkAuthMode;
  sipAccountId?: string | null | undefined;
  callerIdRule: CallerIdRule;
  callerGroupId?: string | null | undefined;
  fixedCallerId?: string | null | undefined;
  stripPrefix?: string | null | undefined;
};

/** The rules between a trunk's fields (each named at its field). */
function trunkRules(value: TrunkRules, ctx: z.RefinementCtx) {
  if (value.authMode === 'register' && !value.sipAccountId)
    ctx.addIssue({ code: 'custom', message: 'TRUNK_SIP_ACCOUNT_REQUIRED', path: ['sipAccountId'] });
  if (value.callerIdRule === 'group' && !value.callerGroupId)
    ctx.addIssue({ code: 'custom', message: 'TRUNK_CALLER_GROUP_REQUIRED', path: ['callerGroupId'] });
  if (value.callerIdRule === 'fixed' && !value.fixedCallerId)
    ctx.addIssue({ code: 'custom', message: 'TRUNK_FIXED_CALLER_REQUIRED', path: ['fixedCallerId'] });
  if (value.callerIdRule === 'strip_prefix' && !value.stripPrefix)
    ctx.addIssue({ code: 'custom', message: 'TRUNK_STRIP_PREFIX_REQUIRED', path: ['stripPrefix'] });
}

/** `POST /voip/trunk/add`. */
export const trunkInputSchema = z.object(trunkShape).superRefine(trunkRules);
export type TrunkInput = z.input<typeof trunkInputSchema>;

/** `PUT /voip/trunk/edit`. */
export const trunkEditSchema = z.object({ id: uuid, ...trunkShape }).superRefine(trunkRules);
export type TrunkEdit = z.input<typeof trunkEditSchema>;

export const trunkSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  host: z.string(),
  port: z.number().int(),
  transport: z.enum(TRUNK_TRANSPORTS),
  tlsVerify: z.boolean(),
  authMode: z.enum(TRUNK_AUTH_MODES),
  sipAccountId: z.string().nullable(),
  /** The SIP account's username (null: none). */
  sipUsername: z.string().nullable(),
  codecs: z.array(z.enum(VOICE_CODECS)),
  maxCalls: z.number().int(),
  cps: z.number().int(),
  callerIdRule: z.enum(CALLER_ID_RULES),
  callerGroupId: z.string().nullable(),
  fixedCallerId: z.string().nullable(),
  stripPrefix: z.string().nullable(),
  optionsIntervalS: z.number().int(),
  remark: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type Trunk = z.input<typeof trunkSchema>;

export const TRUNK_SORTABLE = ['name', 'host', 'maxCalls', 'cps', 'enabled', 'createdAt'] as const;
export const trunkListQuerySchema = resourceListQuerySchema({
  name: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
  enabled: booleanQuery.optional(),
});
export type TrunkListQuery = z.input<typeof trunkListQuerySchema>;

/** The live state of a trunk, kept by the worker that monitors it. */
export const trunkStateSchema = z.object({
  trunkId: z.string(),
  state: z.enum(TRUNK_STATES),
  /** Calls up now, over every worker. */
  callsUp: z.number().int(),
  maxCalls: z.number().int(),
  lastError: z.string().nullable(),
  /** Since when it is in this state (null: never checked). */
  since: dateTime.nullable(),
  /** When it was last checked. */
  checkedAt: dateTime.nullable(),
});
export type TrunkState = z.input<typeof trunkStateSchema>;
export const trunkStatesSchema = z.array(trunkStateSchema);

/** The realtime message id of a trunk state change (msgTxt: one TrunkState as JSON). */
export const TRUNK_STATE_MESSAGE = 'voice.trunk.state';

/** `GET /voip/trunk/options`: trunks for selects. */
export const trunkOptionSchema = z.object({ id: z.string(), name: z.string(), enabled: z.boolean() });
export type TrunkOption = z.input<typeof trunkOptionSchema>;
export const trunkOptionsSchema = z.array(trunkOptionSchema);

// --- gateway notify (/voip/gatewayNotify) ---

/** Staff roles a trunk notice may go to. */
export const GATEWAY_NOTIFY_ROLES = ['admin', 'sales'] as const;
/** The most failed checks in a row a trunk may need before it is told down. */
export const GATEWAY_NOTIFY_CHECKS_MAX = 10;
/**
 * The operator notices about trunk state (spec: `/voip` gateway notify): whether a trunk going
 * down (urgent, pops up) and coming back are told, after how many failed checks in a row a trunk
 * counts as down (1: at once; a trunk that fails fewer is not told down, nor back), and to whom:
 * every user of the staff roles chosen.
 */
export const gatewayNotifySchema = z
  .object({
    down: z.boolean(),
    up: z.boolean(),
    downAfterChecks: int(1, GATEWAY_NOTIFY_CHECKS_MAX),
    roleCodes: z.array(z.enum(GATEWAY_NOTIFY_ROLES)).max(GATEWAY_NOTIFY_ROLES.length),
  })
  .superRefine((value, ctx) => {
    if ((value.down || value.up) && value.roleCodes.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['roleCodes'], message: 'GATEWAY_NOTIFY_NOBODY' });
    }
  });
export type GatewayNotify = z.input<typeof gatewayNotifySchema>;

/** What a platform without saved settings does: tell the administrators of both, at the first failed check. */
export const GATEWAY_NOTIFY_DEFAULT: z.output<typeof gatewayNotifySchema> = {
  down: true,
  up: true,
  downAfterChecks: 1,
  roleCodes: ['admin'],
};

// --- voice routes (/voip/route) ---

export const VOICE_ROUTE_TRUNKS_MAX = 10;

const routeShape = {
  name,
  /** null: every company. */
  companyId: uuid.nullish(),
  countryCode: countryCode.nullish(),
  /** International digits the called number starts with. */
  prefix: numberPrefix.nullish(),
  enabled: z.boolean().default(true),
  /** Smallest first; the first route that matches and has an enabled trunk wins. */
  sortOrder: int(0, 10_000).default(100),
  /** Tried in this order: the next one when a call fails on the one before. */
  trunkIds: z
    .array(uuid)
    .min(1, 'VOICE_ROUTE_TRUNKS_REQUIRED')
    .max(VOICE_ROUTE_TRUNKS_MAX, 'NUMBER_TOO_LARGE')
    .refine((list) => new Set(list).size === list.length, 'VOICE_ROUTE_TRUNK_DUPLICATE'),
  remark,
};

export const voiceRouteInputSchema = z.object(routeShape);
export type VoiceRouteInput = z.input<typeof voiceRouteInputSchema>;
export const voiceRouteEditSchema = z.object({ id: uuid, ...routeShape });
export type VoiceRouteEdit = z.input<typeof voiceRouteEditSchema>;

export const voiceRouteSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  countryCode: z.string().nullable(),
  prefix: z.string().nullable(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  trunks: z.array(z.object({ id: z.string(), name: z.string() })),
  remark: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type VoiceRoute = z.input<typeof voiceRouteSchema>;

export const VOICE_ROUTE_SORTABLE = ['name', 'sortOrder', 'countryCode', 'prefix', 'createdAt'] as const;
export const voiceRouteListQuerySchema = resourceListQuerySchema({
  name: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
  countryCode: countryCode.optional(),
});
export type VoiceRouteListQuery = z.input<typeof voiceRouteListQuerySchema>;

/** `GET /voip/route/test`: the trunks a call to a number of a company would be tried on. */
export const voiceRouteTestQuerySchema = z.object({
  to: z.string().trim().min(1, 'FIELD_REQUIRED').max(32, 'FIELD_TOO_LONG'),
  companyId: uuid,
});
export const voiceRouteTestSchema = z.object({
  routeId: z.string(),
  routeName: z.string(),
  number: z.string(),
  countryCode: z.string(),
  trunks: z.array(
    z.object({
      trunkId: z.string(),
      name: z.string(),
      host: z.string(),
      port: z.number().int(),
      transport: z.enum(TRUNK_TRANSPORTS),
    }),
  ),
});
export type VoiceRouteTest = z.input<typeof voiceRouteTestSchema>;

/**
 * A caller ID after a trunk's rule: `strip_prefix` removes the prefix when the number starts with
 * it; `group` takes the one drawn from the trunk's caller group (`groupCallerId`), else keeps it.
 */
export function applyCallerIdRule(
  rule: CallerIdRule,
  callerId: string,
  settings: { fixedCallerId: string | null; stripPrefix: string | null; groupCallerId?: string | undefined },
): string {
  switch (rule) {
    case 'pass':
      return callerId;
    case 'fixed':
      return settings.fixedCallerId ?? callerId;
    case 'strip_prefix':
      return settings.stripPrefix && callerId.startsWith(settings.stripPrefix)
        ? callerId.slice(settings.stripPrefix.length)
        : callerId;
    case 'group':
      return settings.groupCallerId ?? callerId;
  }
}
