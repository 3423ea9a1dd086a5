// The page is loaded lazily: import '@/features/announcement-admin/pages/AnnouncementAdminPage'.
export { getDictItems, useDictItems } from './api/get-dict-items';
export { RichTextEditor } from './components/RichTextEditor';
