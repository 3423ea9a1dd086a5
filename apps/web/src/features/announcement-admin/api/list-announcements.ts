import { resourceKey } from '@/components/resource-key';

/** The administration list (`Page<AnnouncementAdminItem>`; filters `title`, `sendStatus`). */
export const ANNOUNCEMENT_LIST_PATH = '/sys/annountCement/list';

export type SendStatus = '0' | '1' | '2';

/** Invalidate after changing an announcement: the list reloads. */
export const announcementListKey = resourceKey(ANNOUNCEMENT_LIST_PATH);
