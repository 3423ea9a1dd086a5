export { companyPickQuery } from './api/departs';
// The page is loaded lazily: import '@/features/depart/pages/DepartListPage'.
