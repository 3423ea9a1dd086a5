/**
 * The demo's simulated upstream SMSCs: the one place of the server that uses the simulator
 * package (a lint rule keeps it so). `main.ts` starts them in the processes that bind the
 * gateways; production code knows only the gateways' settings, which the demo seed points here.
 */
import { parseOutcomeMix, type Smsc, startSmsc } from '@switchboard/smsc-sim';
import type { Core } from '../app';
import { DEMO_GATEWAYS, demoGatewayId } from '../modules/gateway';

/** The simulated SMSCs running in this process (none when the demo does not want them). */
export interface SimulatedGateways {
  stop(): Promise<void>;
}

/**
 * The two simulated upstream SMSCs of the demo (SMSC_SIM; by default when the embedded database
 * holds the demo gateways): receipts after 1-3 s, most delivered, some undeliverable, expired,
 * rejected or never answered, numbers ending 0000 undeliverable. Each has its own id range.
 * Started before the gateways' binds (they bind at once), stopped after them.
 */
export async function startSimulatedGateways(core: Core): Promise<SimulatedGateways> {
  const { config, log } = core.platform;
  const wanted =
    config.smscSim.enabled ??
    (core.database.kind === 'pglite' &&
      (await core.services.gateways.get(demoGatewayId(DEMO_GATEWAYS[0].name))) !== undefined);
  if (!wanted) return { stop: async () => {} };
  const started: Smsc[] = [];
  for (const [i, g] of DEMO_GATEWAYS.entries()) {
    try {
      const smsc = await startSmsc({
        port: config.smscSim.ports[i],
        accounts: [{ systemId: g.systemId, password: g.password, tps: 1000 }],
        receiptDelayMs: 1000 + i * 1000,
        outcomes: config.smscSim.outcomes
          ? parseOutcomeMix(config.smscSim.outcomes)
          : { delivered: 90, undeliverable: 4, expired: 2, rejected: 2, none: 2 },
        rules: [{ match: '*0000', outcome: 'undeliverable' }],
        idFormat: 'hex',
        receiptIdFormat: g.receiptIdFormat,
        // Ten ids per millisecond since the epoch (a restart does not reuse ids), B far above A.
        idStart: Date.now() * 10 + g.idOffset,
        systemId: `SIM-${g.key}`,
      });
      started.push(smsc);
      log.info({ port: smsc.port, systemId: g.systemId }, `SMSC simulator ${g.key} listening`);
    } catch (error) {
      log.warn({ err: error, port: config.smscSim.ports[i] }, `SMSC simulator ${g.key} did not start`);
    }
  }
  return {
    stop: async () => {
      await Promise.all(started.map((smsc) => smsc.stop()));
    },
  };
}
