export { ContactDropdown, getContactInfo, useContactInfo } from './ContactDropdown';
