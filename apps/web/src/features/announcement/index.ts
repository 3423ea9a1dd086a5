export { getUnreadNotices, unreadNoticesQuery, useUnreadNotices } from './api/list-by-user';
export { markNoticeRead, useMarkNoticeRead } from './api/mark-read';
export { ALL_NOTICES_PATH, NoticeBell } from './components/NoticeBell';
export { NoticeModal, PRIORITY_COLOURS, type ShownNotice } from './components/NoticeModal';
export { NoticeTitleButton } from './components/NoticeTitleButton';
export { sanitizeHtml } from './sanitize';
// The pages are loaded lazily: import '@/features/announcement/pages/<Page>'.
