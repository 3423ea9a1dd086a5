import { listQuery } from '@/lib/list-query';

/** The support contact administration list (name search, shown/hidden, sortable). */
export const SUPPORT_CONTACT_LIST_PATH = '/sys/supportContact/list';
export const SUPPORT_CONTACT_EXPORT_PATH = '/sys/supportContact/exportXls';
export const SUPPORT_CONTACT_IMPORT_PATH = '/sys/supportContact/importExcel';

/** Every page of the support contact list: invalidate after changing a support contact. */
export const supportContactListKey = ['supportContacts', 'list'] as const;

export const listSupportContactsQuery = listQuery(SUPPORT_CONTACT_LIST_PATH, supportContactListKey);
