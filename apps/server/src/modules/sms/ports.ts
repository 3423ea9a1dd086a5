import type { GatewayReceipt, GatewayService, OutboundSms, SubmitOutcome } from '../gateway';
import type { RouteDecision, RoutingService } from '../routing';

/**
 * The other SMS engine modules as this one uses them: the gateways (SMPP binds) and routing. Only
 * the methods named here are used, so a test may stand in for them (test/support/sms-fakes.ts).
 */
export type { GatewayReceipt, OutboundSms, RouteDecision, SubmitOutcome };
export type GatewayReceiptStatus = GatewayReceipt['status'];
export type GatewayPort = Pick<GatewayService, 'submit' | 'ready' | 'capacity' | 'onReceipt' | 'namesOf'>;
export type RoutingPort = Pick<RoutingService, 'resolver'>;
