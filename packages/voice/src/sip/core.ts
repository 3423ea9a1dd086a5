/**
 * What calls and registrations need of the stack (kept apart from the stack class so that the
 * dialog files and the stack do not import each other), and the stack's shared constants.
 */
import type { Credentials } from './digest';
import type { SipRequest, SipResponse } from './message';
import type { CallTrace } from './trace';
import type { ClientTransaction, ServerTransaction, Timers } from './transaction';
import type { Peer, TlsOptions, Transport, TransportName } from './transport';

export type Target = Peer;

export interface SipStackOptions {
  host: string;
  /** 0 picks a free port (the same number is tried for every transport). */
  port: number;
  /** The address put in Via, Contact and From when `host` is a wildcard or behind NAT. */
  publicAddress?: string;
  transports: TransportName[];
  /** TLS (with `tls` among the transports): a certificate to listen with, CAs to trust. */
  tls?: TlsOptions;
  userAgent: string;
  log?: (line: string) => void;
  timers?: Partial<Timers>;
}

export interface Reply {
  status: number;
  reason?: string;
  headers?: Record<string, string | string[]>;
}

/** Answers an out-of-dialog request, at once or once it has looked something up. */
export type RequestHandler = (req: SipRequest, from: Peer) => Reply | Promise<Reply>;

/** A call (dialog) the stack routes in-dialog messages to. */
export interface StackCall {
  readonly callId: string;
  readonly trace: CallTrace;
  onRequest(req: SipRequest, from: Peer, tx: ServerTransaction): void;
  onStrayResponse(res: SipResponse): void;
  onAck(req: SipRequest): void;
}

export const REASONS: Record<number, string> = {
  100: 'Trying',
  180: 'Ringing',
  183: 'Session Progress',
  200: 'OK',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  423: 'Interval Too Brief',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  480: 'Temporarily Unavailable',
  481: 'Call/Transaction Does Not Exist',
  486: 'Busy Here',
  487: 'Request Terminated',
  488: 'Not Acceptable Here',
  500: 'Server Internal Error',
  503: 'Service Unavailable',
  603: 'Decline',
};

export const ALLOW = 'INVITE, ACK, CANCEL, BYE, OPTIONS';

export interface RequestOptions {
  from: string;
  to?: string;
  headers?: Record<string, string>;
  auth?: Credentials;
  callId?: string;
  cseq?: number;
}

export interface StackCore {
  readonly config: SipStackOptions;
  readonly timers: Timers;
  readonly address: string;
  transportFor(name: TransportName): Transport;
  newVia(transport: TransportName): string;
  contact(user: string, transport: TransportName): string;
  sendRaw(msg: SipRequest | SipResponse, to: Peer, trace?: CallTrace, onFail?: (err: Error) => void): void;
  sendRequest(
    req: SipRequest,
    to: Peer,
    cb: { onResponse(res: SipResponse): void; onTimeout(): void; onTransportError?(err: Error): void },
    trace?: CallTrace,
  ): ClientTransaction;
  request(method: string, uri: string, to: Peer, opts: RequestOptions): Promise<SipResponse>;
  forget(callId: string): void;
}

/** The challenge of a 401/407, with the header the answer goes in. */
export function challengeOf(res: SipResponse): { value: string; header: string } | undefined {
  if (res.status === 401 && res.headers.get('www-authenticate'))
    return { value: res.headers.get('www-authenticate')!, header: 'authorization' };
  if (res.status === 407 && res.headers.get('proxy-authenticate'))
    return { value: res.headers.get('proxy-authenticate')!, header: 'proxy-authorization' };
  return undefined;
}
