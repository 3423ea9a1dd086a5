import { listQuery } from '@/lib/list-query';

/**
 * Every announcement sent to me, read or not (filters `title`, `msgCategory` '1' notices / '2'
 * system messages, `readFlag`).
 */
export const MY_ANNOUNCEMENTS_PATH = '/sys/sysAnnouncementSend/getMyAnnouncementSend';

/**
 * Every page of my announcements: invalidate when read marks or the announcements sent to me
 * change. Under the notices' key, so what reloads the bell reloads this page too.
 */
export const myAnnouncementsKey = ['notices', 'mine'] as const;

export const listMyAnnouncementsQuery = listQuery(MY_ANNOUNCEMENTS_PATH, myAnnouncementsKey);
