export { type GatewayOption, gatewayNames, gatewayOptions } from './read';
