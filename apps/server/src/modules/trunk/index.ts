import { defineModule, digestOf } from '../../platform/module';
import { DEMO_TRUNK } from './demo';
import { TrunkMonitor } from './monitor';
import { trunkRoutes } from './routes';
import { TrunkService } from './service';
import { SipTrunkProbe } from './sip-probe';

export { DEMO_TRUNK } from './demo';
export { decideVoiceRoute, type VoiceCallQuery, type VoiceRouteRule } from './match';
export { TrunkMonitor, type TrunkProbe } from './monitor';
export { trunkNoticeOf } from './notify';
export { TRUNK_PERMS } from './routes';
export { sipPeerOf, type TrunkTarget } from './routing';
export type { TrunkService } from './service';
export type { TrunkCheck, TrunkStateView } from './trunk-state';

declare module '../../platform/module' {
  interface Services {
    trunks: TrunkService;
  }
}

/**
 * Voice trunks (`/voip/trunk`), their SIP accounts (`/sys/fsAccount`) and voice routes
 * (`/voip/route`): `trunks.routeCall(to, companyId)` answers the trunks a call is tried on;
 * in worker processes the TrunkMonitor keeps each trunk's live state (issue 23) through the SIP
 * probe over the voice engine's SIP stack (`SipTrunkProbe`: OPTIONS, or a kept-up REGISTER).
 */
export const trunkModule = defineModule({
  name: 'trunk',
  provides: ['trunks'],
  needs: ['announcements', 'apiAccess', 'callers', 'companies', 'settings', 'voice'],
  services: (platform, services) => ({ trunks: new TrunkService(platform.db, services, platform) }),
  routes: trunkRoutes,
  seedDigest: digestOf(DEMO_TRUNK),
  seed: async ({ trunks }, options, { config }) => {
    if (options.demo) await trunks.seedDemo({ ...DEMO_TRUNK, port: config.voiceSim.port });
  },
  workers: ({ trunks, voice }, platform) => [new TrunkMonitor(trunks, platform, new SipTrunkProbe(voice))],
});
