export { formatRate, formatSpend } from './components/format';
export { HomeDashboard } from './components/HomeDashboard';
