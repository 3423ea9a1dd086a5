import type { Page, PageQueryInput, SupportContactRecord } from '@switchboard/contracts';
import { listQuery } from '@/lib/list-query';

/** The support contact administration list (no filters). */
export const SUPPORT_CONTACT_LIST_PATH = '/sys/supportContact/list';

/** Every page of the support contact list: invalidate after changing a support contact. */
export const supportContactListKey = ['supportContacts', 'list'] as const;

export const listSupportContactsQuery = listQuery<PageQueryInput, Page<SupportContactRecord>>(
  SUPPORT_CONTACT_LIST_PATH,
  supportContactListKey,
);
