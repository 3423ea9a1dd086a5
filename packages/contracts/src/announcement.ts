import { z } from 'zod';
import { PRIORITIES, SEARCH_TEXT_MAX_LENGTH } from './constants';
import { pageQuerySchema } from './paging';
import { booleanQuery, dateTime, uuid } from './wire';

export const ANNOUNCEMENT_TARGETS = ['ALL', 'USER', 'ROLE'] as const;
export const ANNOUNCEMENT_CATEGORIES = ['1', '2'] as const;
/** '0' draft, '1' published, '2' revoked. */
export const ANNOUNCEMENT_SEND_STATUSES = ['0', '1', '2'] as const;
/** '0' listed only; '1' and '2' pop up on arrival. */
export const ANNOUNCEMENT_OPEN_TYPES = ['0', '1', '2'] as const;

/**
 * The server's dictionaries (`/sys/dict/getDictItems/:code`) that name an announcement's coded
 * values in both languages: the console's selects and tags take their options and texts from
 * them. Their values are the enums above (and PRIORITIES).
 */
export const ANNOUNCEMENT_DICTS = {
  sendStatus: 'announcement_send_status',
  category: 'msg_category',
  priority: 'priority',
  openType: 'announcement_open_type',
} as const;

/** The longest announcement content, in characters of HTML. */
export const ANNOUNCEMENT_CONTENT_MAX_LENGTH = 100_000;
/**
 * A picture pasted or uploaded into an announcement travels inline (a data: URL, a third longer
 * than the file): one at most this large leaves room for the text within the content's length.
 */
export const ANNOUNCEMENT_INLINE_IMAGE_MAX_BYTES = 48 * 1024;

/** An announcement as an administrator writes it. Content is HTML, sanitised by the server. */
export const announcementInputSchema = z
  .object({
    titile: z.string().trim().min(1, 'FIELD_REQUIRED').max(200, 'FIELD_TOO_LONG'),
    msgContent: z.string().min(1, 'FIELD_REQUIRED').max(ANNOUNCEMENT_CONTENT_MAX_LENGTH, 'FIELD_TOO_LONG'),
    priority: z.enum(PRIORITIES).default('L'),
    /** '1' notice, '2' system message */
    msgCategory: z.enum(ANNOUNCEMENT_CATEGORIES).default('1'),
    msgType: z.enum(ANNOUNCEMENT_TARGETS).default('ALL'),
    userIds: z.array(z.string().uuid('FIELD_INVALID')).max(10_000).default([]),
    roleCodes: z.array(z.string().min(1).max(64)).max(50).default([]),
    /** '1' or '2' pop up on arrival; '0' only lists. */
    openType: z.enum(ANNOUNCEMENT_OPEN_TYPES).default('0'),
  })
  .refine((a) => a.msgType !== 'USER' || a.userIds.length > 0, {
    message: 'FIELD_REQUIRED',
    path: ['userIds'],
  })
  .refine((a) => a.msgType !== 'ROLE' || a.roleCodes.length > 0, {
    message: 'FIELD_REQUIRED',
    path: ['roleCodes'],
  });
export type AnnouncementInput = z.infer<typeof announcementInputSchema>;

export const announcementItemSchema = z.object({
  id: z.string(),
  /** The spec's spelling; `title` carries the same text. */
  titile: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  msgContent: z.string(),
  sender: z.string(),
  sendTime: dateTime.nullable(),
  priority: z.string(),
  msgCategory: z.string(),
  openType: z.string(),
});
export type AnnouncementItem = z.input<typeof announcementItemSchema>;

export const announcementRecipientSchema = z.object({
  id: z.string(),
  username: z.string(),
  realname: z.string(),
});
export type AnnouncementRecipient = z.input<typeof announcementRecipientSchema>;

export const announcementAdminItemSchema = announcementItemSchema.extend({
  msgType: z.string(),
  userIds: z.array(z.string()),
  /** The chosen users the caller may see, with their names. */
  recipients: z.array(announcementRecipientSchema),
  roleCodes: z.array(z.string()),
  sendStatus: z.string(),
  revokeTime: dateTime.nullable(),
  createTime: dateTime,
  createdBy: z.string().nullable(),
});
export type AnnouncementAdminItem = z.input<typeof announcementAdminItemSchema>;

export const userAnnouncementItemSchema = announcementItemSchema.extend({
  readFlag: z.boolean(),
  readTime: dateTime.nullable(),
});
export type UserAnnouncementItem = z.input<typeof userAnnouncementItemSchema>;

/** The bell's lists: unread notices and system messages, with totals. */
export const announcementsByUserSchema = z.object({
  anntMsgList: z.array(announcementItemSchema),
  anntMsgTotal: z.number().int(),
  sysMsgList: z.array(announcementItemSchema),
  sysMsgTotal: z.number().int(),
});
export type AnnouncementsByUser = z.input<typeof announcementsByUserSchema>;

export const announcementIdQuerySchema = z.object({ id: uuid });
export const announcementReadSchema = z.object({ anntId: uuid });
export const announcementEditSchema = z.object({ id: uuid }).and(announcementInputSchema);

/** Administration list filters. */
export const announcementListQuerySchema = pageQuerySchema.extend({
  title: z.string().max(200, 'FIELD_TOO_LONG').optional(),
  sendStatus: z.enum(ANNOUNCEMENT_SEND_STATUSES).optional(),
  msgCategory: z.enum(ANNOUNCEMENT_CATEGORIES).optional(),
  priority: z.enum(PRIORITIES).optional(),
});
export type AnnouncementListQuery = z.input<typeof announcementListQuerySchema>;

/** The signed-in user's announcements page. */
export const myAnnouncementsQuerySchema = pageQuerySchema.extend({
  title: z.string().max(200, 'FIELD_TOO_LONG').optional(),
  msgCategory: z.enum(ANNOUNCEMENT_CATEGORIES).optional(),
  readFlag: booleanQuery.optional(),
});
export type MyAnnouncementsQuery = z.input<typeof myAnnouncementsQuerySchema>;

export const recipientsQuerySchema = z.object({
  keyword: z.string().max(SEARCH_TEXT_MAX_LENGTH, 'FIELD_TOO_LONG').optional(),
});

/**
 * What a platform notice is about, so an open console screen showing it reloads on arrival (a
 * company's approval: the companies lists; a template's or a sender's: the templates screens).
 */
export const NOTICE_TOPICS = ['company', 'smsTemplate', 'smsSender'] as const;
export type NoticeTopic = (typeof NOTICE_TOPICS)[number];

export const socketMessageSchema = z.discriminatedUnion('cmd', [
  z.object({
    cmd: z.literal('topic'),
    msgId: z.string(),
    msgTxt: z.string(),
    topic: z.enum(NOTICE_TOPICS).optional(),
  }),
  z.object({
    cmd: z.literal('user'),
    msgId: z.string(),
    msgTxt: z.string(),
    topic: z.enum(NOTICE_TOPICS).optional(),
  }),
  z.object({ cmd: z.literal('heartcheck') }),
]);
export type SocketMessage = z.infer<typeof socketMessageSchema>;
/** The subprotocol a browser names first; the session token is the second protocol entry. */
export const SOCKET_PROTOCOL = 'switchboard';
export const SOCKET_HEARTBEAT = 'HeartBeat';
/**
 * The close code of a notices socket whose session the server revoked (logout elsewhere, password
 * change, freezing): the console signs out at once instead of reconnecting.
 */
export const SOCKET_CLOSE_SESSION_ENDED = 4401;
