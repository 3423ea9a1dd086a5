export { NoticeBell } from './components/NoticeBell';
export { NoticeModal } from './components/NoticeModal';
