import { stableId } from '../../platform/stable-id';

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
