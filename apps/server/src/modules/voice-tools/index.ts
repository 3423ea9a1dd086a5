import { defineModule } from '../../platform/module';
import { VoiceToolsEngine } from './engine';
import { NumberProber } from './prober';
import { checkProgressPublisher } from './progress';
import { VoiceToolsRepo } from './repo';
import { voiceToolsRoutes } from './routes';
import { VoiceToolsService } from './service';

export { classifyProbe } from './classify';
export { VOICE_TOOLS_PERMS } from './routes';
export type { VoiceToolsService } from './service';

declare module '../../platform/module' {
  interface Services {
    voiceTools: VoiceToolsService;
  }
}

/**
 * The voice tools of `/voip` (issue 23): CLI test calls through a chosen trunk (the SIP ladder and
 * what the callee received) and number-status checks in bulk (an INVITE cancelled on the first
 * ringing answer, charged per number from the company's ND rate group). The API stores requests;
 * the worker (`VoiceToolsEngine`, worker role) places the calls on its process's SIP stack.
 */
export const voiceToolsModule = defineModule({
  name: 'voiceTools',
  provides: ['voiceTools'],
  needs: ['companies', 'rates', 'trunks', 'voice'],
  services: ({ db, realtime, log }, services) => {
    const repo = new VoiceToolsRepo(db);
    return {
      voiceTools: new VoiceToolsService(db, repo, services, checkProgressPublisher(repo, realtime, log)),
    };
  },
  routes: voiceToolsRoutes,
  workers: (services, { db, realtime, log }) => {
    const repo = new VoiceToolsRepo(db);
    const prober = new NumberProber(services.voice, services.trunks, log);
    return [
      new VoiceToolsEngine(db, repo, services, prober, log, checkProgressPublisher(repo, realtime, log)),
    ];
  },
});
