export { TrunkStateTag } from './components/TrunkStateTag';
