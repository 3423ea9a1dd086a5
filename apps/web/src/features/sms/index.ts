export { GatewayStateTag } from './components/tags';
