export { HomeDashboard } from './components/HomeDashboard';
