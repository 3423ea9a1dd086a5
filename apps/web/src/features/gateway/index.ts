export { GatewayStateTag } from './components/GatewayStateTag';
