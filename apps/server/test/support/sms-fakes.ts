import { randomUUID } from 'node:crypto';
import { smsSegments } from '@switchboard/contracts';
import type {
  GatewayPort,
  GatewayReceipt,
  OutboundSms,
  RouteDecision,
  RoutingPort,
  SubmitOutcome,
} from '../../src/modules/sms';

/**
 * Test-only implementations of the gateway and routing modules' interfaces (those modules are
 * built elsewhere): the SMS module's dispatcher, receipts and failover run for real against
 * them. The merger runs the same tests against the real gateway module and smsc-sim.
 */

/** What a fake gateway answers a submit (default: accepted, one upstream id per part). */
export type Behaviour = (
  sms: OutboundSms,
  gatewayId: string,
) => SubmitOutcome | undefined | Promise<SubmitOutcome | undefined>;

export class FakeGateways implements GatewayPort {
  readonly ids: Record<'a' | 'b' | 'premium', string> = {
    a: randomUUID(),
    b: randomUUID(),
    premium: randomUUID(),
  };
  private readonly readySet = new Set<string>(Object.values(this.ids));
  /** Every submit, in order: the gateway and what was sent. */
  readonly submits: { gatewayId: string; sms: OutboundSms; outcome: SubmitOutcome }[] = [];
  behaviour: Behaviour = () => undefined;
  private handler: ((r: GatewayReceipt) => Promise<void>) | undefined;
  private seq = 1_000;

  setReady(ids: string[]) {
    this.readySet.clear();
    for (const id of ids) this.readySet.add(id);
  }

  ready(): string[] {
    return [...this.readySet];
  }

  /** What the ready gateways' windows hold (default: no limit but the dispatcher's own). */
  windows = Number.POSITIVE_INFINITY;

  capacity(gatewayId?: string): number {
    if (gatewayId !== undefined) return this.readySet.has(gatewayId) ? this.windows : 0;
    return this.readySet.size === 0 ? 0 : this.windows;
  }

  async submit(gatewayId: string, sms: OutboundSms): Promise<SubmitOutcome> {
    const outcome = (await this.behaviour(sms, gatewayId)) ?? {
      ok: true as const,
      upstreamIds: smsSegments(sms.text).parts.map(() => (this.seq++).toString(16)),
    };
    this.submits.push({ gatewayId, sms, outcome });
    return outcome;
  }

  onReceipt(handler: (r: GatewayReceipt) => Promise<void>): void {
    this.handler = handler;
  }

  async namesOf(ids: string[]): Promise<Map<string, string>> {
    const names = new Map(Object.entries(this.ids).map(([name, id]) => [id, `fake-${name}`]));
    return new Map(ids.flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : [])));
  }

  /** Emits a receipt as the gateway module would (resolves when the SMS module stored it). */
  receipt(
    gatewayId: string,
    upstreamId: string,
    status: GatewayReceipt['status'],
    errorCode: string | null = null,
    doneAt = new Date(),
  ) {
    if (!this.handler) throw new Error('no receipt handler registered');
    return this.handler({
      gatewayId,
      upstreamId,
      status,
      errorCode,
      doneAt,
      raw: `id:${upstreamId}`,
    });
  }

  submitsOf(messageId: string) {
    return this.submits.filter((s) => s.sms.messageId === messageId);
  }
}

/** Routes: Brazil has none; premium OTP goes to the premium gateway; the rest to a then b. */
export class FakeRouting implements RoutingPort {
  readonly routeId = randomUUID();
  readonly premiumRouteId = randomUUID();

  constructor(private readonly gateways: FakeGateways) {}

  async resolver(_companyId: string) {
    return (input: { kind: string; countryCode: string }) => this.decide(input);
  }

  decide(input: { kind: string; countryCode: string }): RouteDecision {
    if (input.countryCode === 'BR') return { ok: false, reason: 'NO_ROUTE' };
    if (input.kind === 'premium_otp') {
      return {
        ok: true,
        routeId: this.premiumRouteId,
        routeName: 'premium route',
        gatewayIds: [this.gateways.ids.premium],
      };
    }
    return {
      ok: true,
      routeId: this.routeId,
      routeName: 'test route',
      gatewayIds: [this.gateways.ids.a, this.gateways.ids.b],
    };
  }
}
