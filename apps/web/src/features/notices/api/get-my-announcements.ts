import { resourceKey } from '@/components/resource-key';

/**
 * Every announcement sent to me, read or not (`Page<UserAnnouncementItem>`; filters `title`,
 * `msgCategory` '1' notices / '2' system messages, `readFlag`).
 */
export const MY_ANNOUNCEMENTS_PATH = '/sys/sysAnnouncementSend/getMyAnnouncementSend';

/** Invalidate when read marks or the announcements sent to me change: the page reloads. */
export const myAnnouncementsKey = resourceKey(MY_ANNOUNCEMENTS_PATH);
