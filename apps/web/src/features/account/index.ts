export { useCurrentUserDeparts } from './api/get-current-user-departs';
export { ChangePasswordModal } from './components/ChangePasswordModal';
export { currentDepartment, DepartmentGate, mustChooseDepartment } from './components/DepartmentGate';
export { GoogleAuthCard } from './components/GoogleAuthCard';
