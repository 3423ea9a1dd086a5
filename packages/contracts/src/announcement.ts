import { z } from 'zod';
import { PRIORITIES } from './constants';

export const ANNOUNCEMENT_TARGETS = ['ALL', 'USER', 'ROLE'] as const;
export const ANNOUNCEMENT_CATEGORIES = ['1', '2'] as const;

/** An announcement as an administrator writes it. Content is HTML, sanitised by the server. */
export const announcementInputSchema = z
  .object({
    titile: z.string().trim().min(1, 'FIELD_REQUIRED').max(200, 'FIELD_TOO_LONG'),
    msgContent: z.string().min(1, 'FIELD_REQUIRED').max(100_000, 'FIELD_TOO_LONG'),
    priority: z.enum(PRIORITIES).default('L'),
    /** '1' notice, '2' system message */
    msgCategory: z.enum(ANNOUNCEMENT_CATEGORIES).default('1'),
    msgType: z.enum(ANNOUNCEMENT_TARGETS).default('ALL'),
    userIds: z.array(z.string().uuid('FIELD_INVALID')).max(10_000).default([]),
    roleCodes: z.array(z.string().min(1).max(64)).max(50).default([]),
    /** '1' or '2' pop up on arrival; '0' only lists. */
    openType: z.enum(['0', '1', '2']).default('0'),
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

export interface AnnouncementItem {
  id: string;
  /** The spec's spelling, kept for compatibility; `title` carries the same text. */
  titile: string;
  title: string;
  msgContent: string;
  sender: string;
  sendTime: string | null;
  priority: string;
  msgCategory: string;
  openType: string;
}

/** A chosen user of an announcement, as its editor shows them. */
export interface AnnouncementRecipient {
  id: string;
  username: string;
  realname: string;
}

export interface AnnouncementAdminItem extends AnnouncementItem {
  msgType: string;
  userIds: string[];
  /**
   * The users of `userIds` that still exist and the caller may see (data scope), with their names
   * (msgType USER; else empty). The editor starts from these.
   */
  recipients: AnnouncementRecipient[];
  roleCodes: string[];
  sendStatus: string;
  revokeTime: string | null;
  createTime: string;
  /** The administrator who wrote it (null once that account is gone). */
  createdBy: string | null;
}

export interface UserAnnouncementItem extends AnnouncementItem {
  readFlag: boolean;
  readTime: string | null;
}

export interface AnnouncementsByUser {
  anntMsgList: AnnouncementItem[];
  anntMsgTotal: number;
  sysMsgList: AnnouncementItem[];
  sysMsgTotal: number;
}

/** Frames the server sends on /websocket/{userId}. */
export const socketMessageSchema = z.discriminatedUnion('cmd', [
  z.object({ cmd: z.literal('topic'), msgId: z.string(), msgTxt: z.string() }),
  z.object({ cmd: z.literal('user'), msgId: z.string(), msgTxt: z.string() }),
  z.object({ cmd: z.literal('heartcheck') }),
]);
export type SocketMessage = z.infer<typeof socketMessageSchema>;
/** The subprotocol a browser names first; the session token is the second protocol entry. */
export const SOCKET_PROTOCOL = 'switchboard';
export const SOCKET_HEARTBEAT = 'HeartBeat';
