import { z } from 'zod';
import { SEARCH_TEXT_MAX_LENGTH } from './constants';
import { pageQuerySchema } from './paging';
import { dateTime, uuid } from './wire';

/** 1 normal, 2 frozen. */
export const USER_STATUSES = [1, 2] as const;

const searchText = z.string().max(SEARCH_TEXT_MAX_LENGTH, 'FIELD_TOO_LONG').optional();

export const userListQuerySchema = pageQuerySchema.extend({
  username: searchText,
  realname: searchText,
  status: z.enum(['1', '2']).optional(),
  /** Username or real name, in one box. */
  keyword: searchText,
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userListItemSchema = z.object({
  id: z.string(),
  username: z.string(),
  realname: z.string(),
  /** 1 normal, 2 frozen. */
  status: z.number().int(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  orgCode: z.string().nullable(),
  googleAuthBound: z.boolean(),
  ipWhitelist: z.array(z.string()),
  /** Spec section 2, header: the items are hidden for this user. */
  hideHeaderItems: z.boolean(),
  createdAt: dateTime,
  roles: z.array(z.string()),
});
export type UserListItem = z.input<typeof userListItemSchema>;

export const headerItemsSchema = z.object({ userId: uuid, hidden: z.boolean() });
export type HeaderItemsPayload = z.input<typeof headerItemsSchema>;
