import type { SmsKind } from '@switchboard/contracts';

/**
 * The other SMS engine modules as this one uses them (see /work/sms-interfaces.md): the gateway
 * module (SMPP binds), routing and templates. Declared here as optional services so this module
 * builds alone; the merger makes them required once those modules are in.
 */

export interface OutboundSms {
  /** Ours (uuid). */
  messageId: string;
  /** Sender id; null: the gateway's default. */
  from: string | null;
  /** International digits. */
  to: string;
  /** Whole text; the client splits (UDH), GSM-7 or UCS-2 by content. */
  text: string;
  registeredDelivery: boolean;
}

export type SubmitOutcome =
  | { ok: true; upstreamIds: string[] }
  | { ok: false; retryable: boolean; errorCode: string; commandStatus?: number };

export type GatewayReceiptStatus = 'delivered' | 'undeliverable' | 'expired' | 'rejected' | 'failed';

export interface GatewayReceipt {
  gatewayId: string;
  upstreamId: string;
  status: GatewayReceiptStatus;
  errorCode: string | null;
  doneAt: Date;
  raw: string;
}

export interface GatewayPort {
  submit(gatewayId: string, sms: OutboundSms): Promise<SubmitOutcome>;
  ready(): string[];
  onReceipt(handler: (r: GatewayReceipt) => Promise<void>): void;
  namesOf(ids: string[]): Promise<Map<string, string>>;
}

export type RouteDecision =
  | { ok: true; routeId: string; routeName: string; gatewayIds: string[] }
  | { ok: false; reason: 'NO_ROUTE' };

export interface RoutingPort {
  resolve(input: {
    companyId: string;
    kind: SmsKind;
    number: string;
    countryCode: string;
    mcc?: string | null;
    mnc?: string | null;
    at?: Date;
  }): Promise<RouteDecision>;
}
