import { defineModule } from '../../platform/module';
import { SeatRegistrarWorker } from './registrar';
import { CallCentreRepo } from './repo';
import { callCentreRoutes } from './routes';
import { CallCentreService } from './service';

export { SEAT_REALM, SeatRegistrar, SeatRegistrarWorker } from './registrar';
export { CALL_CENTRE_PERMS } from './routes';
export { readCallListTable } from './rules';
export type { CallCentreService, SeatCredentials } from './service';

declare module '../../platform/module' {
  interface Services {
    callCentre: CallCentreService;
  }
}

/**
 * The call centre (issue 26), first slice: seats (`/seat`) with their SIP registrar (a worker of
 * the worker role), seat groups (`/seatGroup`), call result settings (`/callResultSetting`) and
 * call lists (`/callList`). Bridging calls to seats, outbound tasks and the workbench come later.
 */
export const callCentreModule = defineModule({
  name: 'callCentre',
  provides: ['callCentre'],
  needs: ['companies', 'users', 'apiAccess', 'callers'],
  services: ({ db, realtime, log }, services) => ({
    callCentre: new CallCentreService(db, new CallCentreRepo(db), services, realtime, log),
  }),
  routes: callCentreRoutes,
  workers: ({ callCentre }, { config, log }) => [new SeatRegistrarWorker(config.seatSip, callCentre, log)],
});
