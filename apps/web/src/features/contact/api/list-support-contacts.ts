import { resourceKey } from '@/components/resource-key';

/** The support contact administration list (`Page<SupportContactRecord>`). */
export const SUPPORT_CONTACT_LIST_PATH = '/sys/supportContact/list';

/** Invalidate after changing a support contact: the list reloads. */
export const supportContactListKey = resourceKey(SUPPORT_CONTACT_LIST_PATH);
