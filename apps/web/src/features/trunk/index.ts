export { trunkOptionsQuery } from './api/trunks';
export { TrunkStateTag } from './components/TrunkStateTag';
