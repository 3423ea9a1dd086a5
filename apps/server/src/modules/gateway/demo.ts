import { parseOutcomeMix, type Smsc, startSmsc } from '@switchboard/smsc-sim';
import { stableId } from '../../db/seed/stable-id';
import type { Config } from '../../platform/config';
import type { Logger } from '../../platform/logger';
import type { GatewayService } from './service';

/** The demo's gateways: names match the demo gateway costs (rate module), one per simulator. */
export const DEMO_GATEWAYS = [
  {
    key: 'A',
    name: 'demo-smsc',
    remark: 'Simulator A (npm start runs it in-process)',
    systemId: 'demo-a',
    password: 'demoA123',
    receiptIdFormat: 'hex' as const,
    idOffset: 0,
  },
  {
    key: 'B',
    name: 'demo-smsc-cn',
    remark: 'Simulator B (npm start runs it in-process)',
    systemId: 'demo-b',
    password: 'demoB123',
    // Like many SMSCs: hex ids in submit_sm_resp, decimal ones in the receipt text.
    receiptIdFormat: 'decimal' as const,
    idOffset: 4e15,
  },
] as const;

export const demoGatewayId = (name: string) => stableId(`gateway:${name}`);

/** The demo gateways' rows (enabled, pointing to the simulators' default ports). */
export function demoGatewayInputs(ports: [number, number]) {
  return DEMO_GATEWAYS.map((g, i) => ({
    id: demoGatewayId(g.name),
    name: g.name,
    enabled: true,
    host: '127.0.0.1',
    port: ports[i]!,
    systemId: g.systemId,
    password: g.password,
    systemType: '',
    bindMode: i === 0 ? ('transceiver' as const) : ('pair' as const),
    binds: 2,
    windowSize: 50,
    tps: 500,
    sourceTon: 5,
    sourceNpi: 0,
    destTon: 1,
    destNpi: 1,
    defaultDataCoding: 0 as const,
    enquireLinkSeconds: 30,
    reconnectSeconds: 2,
    reconnectMaxSeconds: 30,
    submitIdFormat: 'hex' as const,
    receiptIdFormat: g.receiptIdFormat,
    errorMap: {},
    remark: g.remark,
  }));
}

/**
 * The two simulated upstream SMSCs of the demo (SMSC_SIM; by default when the embedded database
 * holds the demo gateways): receipts after 1-3 s, most delivered, some undeliverable, expired,
 * rejected or never answered, numbers ending 0000 undeliverable. Each has its own id range.
 */
export async function startDemoSimulators(
  config: Config,
  gateways: GatewayService,
  kind: 'pglite' | 'postgres',
  log: Logger,
): Promise<Smsc[]> {
  const wanted =
    config.smscSim.enabled ??
    (kind === 'pglite' && (await gateways.get(demoGatewayId(DEMO_GATEWAYS[0].name))) !== undefined);
  if (!wanted) return [];
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
  return started;
}
