import { z } from 'zod';
import { COMPANY_TYPES } from './constants';
import { pageQuerySchema } from './paging';
import { dateTime, uuid } from './wire';

/** Approval of a company (spec section 4): self-registered ones wait until staff decide. */
export const APPROVAL_STATUSES = ['unapproved', 'waiting', 'approved', 'failed'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const companyListQuerySchema = pageQuerySchema.extend({
  name: z.string().max(128, 'FIELD_TOO_LONG').optional(),
  type: z.enum(COMPANY_TYPES).optional(),
});
export type CompanyListQuery = z.input<typeof companyListQuerySchema>;

export const companyListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  parentCompanyId: z.string().nullable(),
  createdAt: dateTime,
});
export type CompanyListItem = z.input<typeof companyListItemSchema>;

/** Addresses or CIDR ranges allowed to sign in for every user of a company; empty allows any. */
export const companyIpWhitelistSchema = z.object({
  companyId: uuid,
  rules: z.array(z.string().trim().min(1).max(64, 'FIELD_TOO_LONG')).max(100),
});

export const ipRulesResultSchema = z.object({ rules: z.array(z.string()) });
