import { z } from 'zod';
import { SMS_KINDS, type SmsKind } from './rate';
import { resourceListQuerySchema } from './resource';
import { SMS_TEXT_MAX, SMS_VARIABLE_NAME, senderId } from './sms';
import { dateTime, uuid } from './wire';

/**
 * SMS templates (texts with `{variable}` placeholders) and sender ids, each approved before use
 * (spec section 5: "to be reviewed, passed, failed"), and the per-company rule that marketing and
 * notification texts must come from a passed template. The server (services.smsTemplates) and
 * the console's preview share the rules below: variable extraction, rendering and matching.
 */

/** A template's or sender id's review state; the console names them with `smsTemplate:status.<code>`. */
export const SMS_REVIEW_STATUSES = ['to_review', 'passed', 'failed'] as const;
export type SmsReviewStatus = (typeof SMS_REVIEW_STATUSES)[number];

/** The kinds whose texts the company policy may require to come from a passed template. */
export const TEMPLATE_POLICY_KINDS = ['marketing', 'notification'] as const satisfies readonly SmsKind[];
export const isTemplatePolicyKind = (kind: SmsKind): boolean =>
  (TEMPLATE_POLICY_KINDS as readonly string[]).includes(kind);

// --- variables, rendering and matching (shared by the server and the console's preview) ---

/**
 * `{name}` placeholders: a name as SMS_VARIABLE_NAME allows (letter or underscore, then letters,
 * digits, underscores; at most 32). Braces around anything else (`{ a b }`, `{}`) are plain text.
 */
const VARIABLE = /\{([A-Za-z_][A-Za-z0-9_]{0,31})\}/g;

/** The variable names of a text, each once, in order of first appearance. */
export function templateVariables(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(VARIABLE)) {
    const name = match[1]!;
    if (SMS_VARIABLE_NAME.test(name) && !names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * Fills `{name}` with `vars[name]`; a variable without a value stays as it was written (so a
 * preview shows what is missing). Values are inserted as given (no placeholders inside them are
 * filled again).
 */
export function renderTemplate(text: string, vars: Readonly<Record<string, string>> = {}): string {
  return text.replace(VARIABLE, (whole, name: string) =>
    Object.hasOwn(vars, name) ? (vars[name] as string) : whole,
  );
}

/** The variables of `text` that `vars` has no value for. */
export function missingVariables(text: string, vars: Readonly<Record<string, string>> = {}): string[] {
  return templateVariables(text).filter((name) => !Object.hasOwn(vars, name));
}

/** Line ends and surrounding white space do not make two texts different. */
const normalise = (text: string) => text.replace(/\r\n?/g, '\n').trim();

/**
 * Whether `text` is produced by `template`: the template's literal text in order, each variable
 * standing for any text of at least one character (a variable still written as `{name}` in
 * `text` counts: a console send fills variables per recipient later). Glob matching with the
 * literal parts found leftmost, which is exact for wildcards of "one or more characters" and
 * linear in the text (no regular expression, so no catastrophic backtracking).
 */
export function matchesTemplate(template: string, text: string): boolean {
  const literals = normalise(template)
    .split(VARIABLE)
    .filter((_, i) => i % 2 === 0);
  const subject = normalise(text);
  if (literals.length === 1) return subject === literals[0];
  const first = literals[0]!;
  const last = literals[literals.length - 1]!;
  if (!subject.startsWith(first)) return false;
  const end = subject.length - last.length;
  if (end < first.length || !subject.endsWith(last)) return false;
  let position = first.length;
  for (const literal of literals.slice(1, -1)) {
    // The variable before this literal takes at least one character.
    const found = subject.indexOf(literal, position + 1);
    if (found < 0) return false;
    position = found + literal.length;
  }
  // The last variable takes at least one character before the closing literal.
  return position + 1 <= end;
}

// --- schemas ---

export const SMS_TEMPLATE_NAME_MAX = 64;
export const REVIEW_REASON_MAX = 256;

const smsKinds = z
  .array(z.enum(SMS_KINDS))
  .min(1, 'TEMPLATE_KIND_REQUIRED')
  .max(SMS_KINDS.length)
  .transform((kinds) => SMS_KINDS.filter((k) => kinds.includes(k)));

const templateText = z.string().trim().min(1, 'FIELD_REQUIRED').max(SMS_TEXT_MAX, 'FIELD_TOO_LONG');

export const smsTemplateInputSchema = z.object({
  name: z.string().trim().min(1, 'FIELD_REQUIRED').max(SMS_TEMPLATE_NAME_MAX, 'FIELD_TOO_LONG'),
  /** The kinds it may be used for (one or several). */
  kinds: smsKinds,
  text: templateText,
  /** The company it belongs to: the caller's own when left out (staff and resellers may name one in scope). */
  companyId: uuid.optional(),
});
export type SmsTemplateInput = z.input<typeof smsTemplateInputSchema>;
/** Name, kinds and text; the company stays. A passed or failed template goes back to review. */
export const smsTemplateEditSchema = smsTemplateInputSchema.omit({ companyId: true }).extend({ id: uuid });
export type SmsTemplateEdit = z.input<typeof smsTemplateEditSchema>;

/** Names of the kinds a sheet may use besides their codes (either language, lower case). */
const KIND_WORDS: Record<string, SmsKind> = {
  'premium otp': 'premium_otp',
  营销: 'marketing',
  营销短信: 'marketing',
  通知: 'notification',
  通知短信: 'notification',
  验证码: 'otp',
  高级验证码: 'premium_otp',
};

/** One row of an imported sheet: kinds as a comma-separated list of codes or names. */
export const smsTemplateImportRowSchema = z.object({
  name: smsTemplateInputSchema.shape.name,
  kinds: z
    .string()
    .trim()
    .min(1, 'TEMPLATE_KIND_REQUIRED')
    .max(128, 'FIELD_TOO_LONG')
    .transform((text, ctx) => {
      const codes = text
        .split(/[,;，；、]+/)
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)
        .map((word) => KIND_WORDS[word.replace(/\s+/g, ' ')] ?? word);
      const kinds = SMS_KINDS.filter((k) => codes.includes(k));
      if (kinds.length === 0 || kinds.length !== new Set(codes).size) {
        ctx.addIssue({ code: 'custom', message: 'TEMPLATE_KIND_INVALID' });
        return z.NEVER;
      }
      return kinds;
    }),
  text: templateText,
});

const reviewFields = {
  status: z.enum(SMS_REVIEW_STATUSES),
  /** Why it failed (null unless failed). */
  rejectReason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: dateTime.nullable(),
  createdBy: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
};

export const smsTemplateSchema = z.object({
  id: uuid,
  companyId: uuid,
  companyName: z.string(),
  name: z.string(),
  kinds: z.array(z.enum(SMS_KINDS)),
  text: z.string(),
  /** The text's variables, in order. */
  variables: z.array(z.string()),
  ...reviewFields,
});
export type SmsTemplate = z.input<typeof smsTemplateSchema>;

export const SMS_TEMPLATE_SORTABLE = ['name', 'status', 'createdAt', 'updatedAt', 'reviewedAt'] as const;
export const smsTemplateListQuerySchema = resourceListQuerySchema({
  name: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
  status: z.enum(SMS_REVIEW_STATUSES).optional(),
  kind: z.enum(SMS_KINDS).optional(),
  companyId: uuid.optional(),
});
export type SmsTemplateListQuery = z.input<typeof smsTemplateListQuerySchema>;

export const smsSenderInputSchema = z.object({
  /** Letters, digits and underscore; alphanumeric at most 11, all digits at most 15. */
  senderId,
  remark: z.string().trim().max(255, 'FIELD_TOO_LONG').optional(),
  companyId: uuid.optional(),
});
export type SmsSenderInput = z.input<typeof smsSenderInputSchema>;
export const smsSenderEditSchema = smsSenderInputSchema.omit({ companyId: true }).extend({ id: uuid });
export type SmsSenderEdit = z.input<typeof smsSenderEditSchema>;
export const smsSenderImportRowSchema = smsSenderInputSchema.omit({ companyId: true });

export const smsSenderSchema = z.object({
  id: uuid,
  companyId: uuid,
  companyName: z.string(),
  senderId: z.string(),
  remark: z.string().nullable(),
  ...reviewFields,
});
export type SmsSender = z.input<typeof smsSenderSchema>;

export const SMS_SENDER_SORTABLE = ['senderId', 'status', 'createdAt', 'updatedAt', 'reviewedAt'] as const;
export const smsSenderListQuerySchema = resourceListQuerySchema({
  senderId: z.string().trim().max(32, 'FIELD_TOO_LONG').optional(),
  status: z.enum(SMS_REVIEW_STATUSES).optional(),
  companyId: uuid.optional(),
});
export type SmsSenderListQuery = z.input<typeof smsSenderListQuerySchema>;

/** `PUT …/approve`. */
export const reviewApproveSchema = z.object({ id: uuid });
/** `PUT …/reject`: the reason the company is told (required). */
export const reviewRejectSchema = z.object({
  id: uuid,
  reason: z
    .string({ error: 'REVIEW_REASON_REQUIRED' })
    .trim()
    .min(1, 'REVIEW_REASON_REQUIRED')
    .max(REVIEW_REASON_MAX, 'FIELD_TOO_LONG'),
});
export type ReviewReject = z.input<typeof reviewRejectSchema>;

/** A company's template policy: marketing and notification texts must come from passed templates. */
export const smsTemplatePolicySchema = z.object({
  companyId: uuid,
  requireApprovedTemplates: z.boolean(),
});
export type SmsTemplatePolicy = z.input<typeof smsTemplatePolicySchema>;
export const smsTemplatePolicyQuerySchema = z.object({ companyId: uuid });
export const smsTemplatePolicySaveSchema = smsTemplatePolicySchema;

/** `services.smsTemplates.checkSend` answers one of these (or null: the send may go ahead). */
export const SMS_SEND_CHECK_ERRORS = [
  'SENDER_NOT_APPROVED',
  'TEMPLATE_REQUIRED',
  'TEMPLATE_NOT_APPROVED',
  'TEMPLATE_TEXT_MISMATCH',
] as const;
export type SmsSendCheckError = (typeof SMS_SEND_CHECK_ERRORS)[number];
