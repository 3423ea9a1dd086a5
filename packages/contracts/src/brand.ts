import { z } from 'zod';
import { isStrongPassword } from './auth';

/** What the login page and header show for the visiting domain. */
export interface Brand {
  brandName: string;
  platformLogo: string | null;
  isMainBrand: boolean;
  hideRecharge: boolean;
  hideLanguage: boolean;
}

export const DEFAULT_BRAND: Brand = {
  brandName: 'Switchboard',
  platformLogo: null,
  isMainBrand: true,
  hideRecharge: false,
  hideLanguage: false,
};

export const LOGO_MAX_BYTES = 200 * 1024;
const LOGO_DATA_URL = /^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/;

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
    .nullable()
    .default(null),
  isMainBrand: z.boolean().default(false),
  hideRecharge: z.boolean().default(false),
  hideLanguage: z.boolean().default(false),
});
export type BrandInput = z.infer<typeof brandInputSchema>;

export interface SupportContact {
  name: string;
  telegram: string;
}

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

export interface ContactInfo {
  groupLink: string | null;
  contacts: SupportContact[];
}

/** A company signs up; the account waits for approval. */
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
