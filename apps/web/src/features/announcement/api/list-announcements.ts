import { listQuery } from '@/lib/list-query';

/** The administration list (filters `title`, `sendStatus`, `msgCategory`, `priority`). */
export const ANNOUNCEMENT_LIST_PATH = '/sys/annountCement/list';

/** Every page of the administration list: invalidate after changing an announcement. */
export const announcementListKey = ['announcements', 'list'] as const;

export const listAnnouncementsQuery = listQuery(ANNOUNCEMENT_LIST_PATH, announcementListKey);
