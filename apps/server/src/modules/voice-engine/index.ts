import { defineModule } from '../../platform/module';
import { VoiceEngine } from './engine';

export { VoiceEngine } from './engine';
export { type IvrEnd, type IvrMedia, runIvr } from './ivr-run';

declare module '../../platform/module' {
  interface Services {
    /** This process's SIP stack and media clock (opened in worker processes). */
    voice: VoiceEngine;
  }
}

/**
 * The voice engine in the server (issue 23): one SIP stack per worker process on
 * `@switchboard/voice`, started and stopped as a worker. The trunk module's monitor checks trunks
 * through it (`SipTrunkProbe`) and the task engine places calls through it (`SipDialer`,
 * `voicePlanner`), wired where those modules build their services and workers.
 */
export const voiceEngineModule = defineModule({
  name: 'voiceEngine',
  provides: ['voice'],
  services: ({ config, log }) => ({ voice: new VoiceEngine(config.voice, log) }),
  workers: ({ voice }) => [voice],
});
