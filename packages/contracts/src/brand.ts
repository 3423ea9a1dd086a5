import { z } from 'zod';
import { isStrongPassword, requiredCaptchaFields } from './auth';
import { resourceListQuerySchema } from './resource';
import { booleanQuery, dateTime, uuid } from './wire';

/** What the login page and header show for the visiting domain. */
export const brandSchema = z.object({
  brandName: z.string(),
  platformLogo: z.string().nullable(),
  /** Contact us shows on the main brand's domain only. */
  isMainBrand: z.boolean(),
  hideRecharge: z.boolean(),
  hideLanguage: z.boolean(),
});
export type Brand = z.input<typeof brandSchema>;

export const DEFAULT_BRAND: Brand = {
  brandName: 'Switchboard',
  platformLogo: null,
  isMainBrand: true,
  hideRecharge: false,
  hideLanguage: false,
};

export const LOGO_MAX_BYTES = 200 * 1024;
/** PNG or JPEG only: an SVG may carry script, and a logo is shown to every visitor. */
const LOGO_DATA_URL = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/;
/** The first bytes of each accepted type: the picture must be what it says it is. */
const LOGO_SIGNATURES: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
};

/** True when a logo data: URL's bytes start like its declared type (PNG or JPEG). */
export function logoBytesMatchType(dataUrl: string): boolean {
  const match = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=]{0,16})/.exec(dataUrl);
  const signature = match ? LOGO_SIGNATURES[match[1] ?? ''] : undefined;
  if (!match || !signature) return false;
  const head = base64Bytes((match[2] ?? '').slice(0, 12));
  return signature.every((byte, i) => head[i] === byte);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Bytes of a short base64 text (no atob in every runtime the contracts run in). */
function base64Bytes(text: string): number[] {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) break;
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  return bytes;
}

export const brandInputSchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'FIELD_REQUIRED')
    .max(253, 'FIELD_TOO_LONG')
    .regex(
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
      'FIELD_INVALID',
    ),
  brandName: z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
  logo: z
    .string()
    .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 40, 'LOGO_TOO_LARGE')
    .regex(LOGO_DATA_URL, 'LOGO_INVALID')
    .refine(logoBytesMatchType, 'LOGO_INVALID')
    .nullable()
    .default(null),
  isMainBrand: z.boolean().default(false),
  hideRecharge: z.boolean().default(false),
  hideLanguage: z.boolean().default(false),
});
export type BrandInput = z.infer<typeof brandInputSchema>;

/** A brand as the administration screen lists it. */
export const brandRecordSchema = z.object({
  id: z.string(),
  domain: z.string(),
  brandName: z.string(),
  logo: z.string().nullable(),
  isMainBrand: z.boolean(),
  hideRecharge: z.boolean(),
  hideLanguage: z.boolean(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type BrandRecord = z.input<typeof brandRecordSchema>;
export const brandEditSchema = z.object({ id: uuid }).and(brandInputSchema);
export const brandDomainQuerySchema = z.object({
  customerDomain: z.string().trim().toLowerCase().max(253, 'FIELD_TOO_LONG').optional(),
});

export const supportContactSchema = z.object({ name: z.string(), telegram: z.string() });
export type SupportContact = z.input<typeof supportContactSchema>;

export const supportContactInputSchema = z.object({
  name: z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
  telegram: z
    .string()
    .trim()
    .min(1, 'FIELD_REQUIRED')
    .max(128, 'FIELD_TOO_LONG')
    .regex(/^(@[A-Za-z0-9_]{3,64}|https:\/\/t\.me\/[A-Za-z0-9_+/-]{3,100})$/, 'FIELD_INVALID'),
  sort: z.number().int().min(0).max(100).default(0),
  enabled: z.boolean().default(true),
});

export const groupLinkSchema = z.object({
  groupLink: z.union([
    z.literal(''),
    z.url({ protocol: /^https?$/, error: 'FIELD_INVALID' }).max(512, 'FIELD_TOO_LONG'),
  ]),
});

export type SupportContactInput = z.input<typeof supportContactInputSchema>;

/** A support contact as the administration screen lists it (`sortNo` is what `sort` sets). */
export const supportContactRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  telegram: z.string(),
  sortNo: z.number().int(),
  enabled: z.boolean(),
  createdAt: dateTime,
});
export type SupportContactRecord = z.input<typeof supportContactRecordSchema>;
export const supportContactEditSchema = z.object({ id: uuid }).and(supportContactInputSchema);

export const contactInfoSchema = z.object({
  groupLink: z.string().nullable(),
  contacts: z.array(supportContactSchema),
});
export type ContactInfo = z.input<typeof contactInfoSchema>;

/** `{id}` in a query string (queryById, delete, publish...). */
export const idQuerySchema = z.object({ id: uuid });

/** A company signs up, answering a captcha; the account waits for approval. */
export const registerSchema = z
  .object({
    companyName: z.string().trim().min(1, 'FIELD_REQUIRED').max(128, 'FIELD_TOO_LONG'),
    contactName: z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
    /** International format, e.g. +8613800138000, or a national number with `country`. */
    phone: z.string().trim().min(1, 'FIELD_REQUIRED').max(32, 'FIELD_TOO_LONG'),
    /** ISO 3166-1 alpha-2 country of a phone number written without its +code, e.g. CN. */
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'FIELD_INVALID')
      .optional(),
    email: z.string().trim().toLowerCase().max(128, 'FIELD_TOO_LONG').pipe(z.email('EMAIL_INVALID')),
    username: z
      .string()
      .trim()
      .min(3, 'FIELD_TOO_SHORT')
      .max(32, 'FIELD_TOO_LONG')
      .regex(/^[A-Za-z0-9_]+$/, 'USERNAME_INVALID'),
    password: z.string().min(1, 'NEW_PASSWORD_REQUIRED').refine(isStrongPassword, 'PASSWORD_TOO_WEAK'),
    confirmPassword: z.string().min(1, 'CONFIRM_PASSWORD_REQUIRED'),
    /** The sign-up captcha: checked (and used up) by the server before anything else. */
    ...requiredCaptchaFields,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'PASSWORDS_DIFFERENT',
    path: ['confirmPassword'],
    when: (p) => {
      const v = p.value as { password?: unknown; confirmPassword?: unknown };
      return typeof v.password === 'string' && typeof v.confirmPassword === 'string';
    },
  });
export type RegisterPayload = z.infer<typeof registerSchema>;

export const registerResultSchema = z.object({
  companyId: z.string(),
  username: z.string(),
  email: z.string(),
  approvalStatus: z.string(),
});
export type RegisterResult = z.input<typeof registerResultSchema>;

/** Columns the support contact list sorts by (`column`). */
export const SUPPORT_CONTACT_SORTABLE = ['name', 'telegram', 'sortNo', 'enabled', 'createdAt'] as const;

/** `GET /sys/supportContact/list` and `exportXls`: paging, sort, a name (or account) search, enabled. */
export const supportContactListQuerySchema = resourceListQuerySchema({
  name: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
  enabled: booleanQuery.optional(),
});
export type SupportContactListQuery = z.input<typeof supportContactListQuerySchema>;
