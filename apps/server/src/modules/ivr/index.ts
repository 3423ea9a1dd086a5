import { defineModule } from '../../platform/module';
import { ivrRoutes } from './routes';
import { IvrService } from './service';

export { DEMO_PROMPTS_DIR, readDemoPrompt, readManifest, writeDemoPrompts } from './demo-prompts';
export type { FileView, FlowView, IvrService } from './service';
export { DEMO_IVR, TTS_ENGINE } from './service';

declare module '../../platform/module' {
  interface Services {
    ivr: IvrService;
  }
}

/**
 * IVR files and flows (issue 23, `/voip`): wav uploads and text-to-speech kept as 8 kHz G.711,
 * flows of prompts and key branches, and `planOf` for the call engine.
 */
export const ivrModule = defineModule({
  name: 'ivr',
  provides: ['ivr'],
  needs: ['companies'],
  services: ({ db, log }, services) => ({ ivr: new IvrService(db, services, log) }),
  routes: ivrRoutes,
});
