export { CallerGroupSelect } from './components/CallerGroupSelect';
