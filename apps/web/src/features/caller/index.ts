export { callerOptionsQuery } from './api/callers';
export { CallerGroupSelect } from './components/CallerGroupSelect';
