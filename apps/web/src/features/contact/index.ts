export { contactInfoQuery, getContactInfo, useContactInfo } from './api/get-contact-info';
export { ContactDropdown } from './components/ContactDropdown';
export { copyText, useCopy } from './use-copy';
// Pages load lazily through the screen map: pages/ContactUsPage, pages/ContactListPage.
