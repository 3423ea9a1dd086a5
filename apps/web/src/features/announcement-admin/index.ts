// The page is loaded lazily: import '@/features/announcement-admin/pages/AnnouncementAdminPage'.
export { RichTextEditor } from './components/RichTextEditor';
