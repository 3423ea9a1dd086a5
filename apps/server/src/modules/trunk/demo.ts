import { stableId } from '../../platform/stable-id';

/** The demo trunk, bound to the carrier simulator `npm start` runs, and a route of every number to it. */
export const DEMO_TRUNK = {
  trunkId: stableId('trunk:demo-sip'),
  routeId: stableId('voiceRoute:demo-all'),
  name: 'demo-sip',
  host: '127.0.0.1',
};
