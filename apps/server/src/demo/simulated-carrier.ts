/**
 * The demo's simulated voice carrier: the one place of the server that uses the carrier
 * simulator (a lint rule keeps it so). `main.ts` starts it in the processes that place calls;
 * production code knows only the demo trunk `demo-sip`, which the demo seed points here.
 */
import { startVoiceSim, type VoiceSim } from '@switchboard/voice-sim';
import type { Core } from '../app';
import { DEMO_TRUNK } from '../modules/trunk';

export interface SimulatedCarrier {
  stop(): Promise<void>;
}

/**
 * The carrier simulator on 127.0.0.1:`VOICE_SIM_PORT` (UDP and TCP), when the demo wants it: as
 * the SMSC simulators (`SMSC_SIM`; by default when the embedded database holds the demo trunk).
 * Outcomes by the called number's last digit (packages/voice-sim/README.md): 0, 8, 9 answer,
 * 1 busy, 2 rings, 3 declines, 4 is not found, 5 answers and hangs up, 6 and 7 press 1 and 2.
 */
export async function startSimulatedCarrier(core: Core): Promise<SimulatedCarrier> {
  const { config, log } = core.platform;
  const wanted =
    config.smscSim.enabled ??
    (core.database.kind === 'pglite' &&
      (await core.services.trunks.targetOf(DEMO_TRUNK.trunkId)) !== undefined);
  if (!wanted) return { stop: async () => {} };
  let sim: VoiceSim;
  try {
    sim = await startVoiceSim({ host: DEMO_TRUNK.host, port: config.voiceSim.port });
  } catch (error) {
    log.warn({ err: error, port: config.voiceSim.port }, 'carrier simulator did not start');
    return { stop: async () => {} };
  }
  log.info({ port: sim.port }, 'carrier simulator listening (demo trunk demo-sip)');
  return { stop: () => sim.close() };
}
