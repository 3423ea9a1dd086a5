export { useCurrentUserDeparts } from './api/get-current-user-departs';
export { PROFILE_PATH } from './api/profile';
export { ChangePasswordModal } from './components/ChangePasswordModal';
export { currentDepartment, DepartmentGate, mustChooseDepartment } from './components/DepartmentGate';
export { GoogleAuthCard } from './components/GoogleAuthCard';
export { AGENT_HOME_PATH, departInfoQuery, HOME_PATH, homePathFor, useHomePath } from './home-path';
