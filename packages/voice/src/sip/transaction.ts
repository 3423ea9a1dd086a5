/**
 * RFC 3261 section 17 transactions. Client: INVITE (timers A, B, D) and non-INVITE (E, F, K).
 * Server: INVITE (G, H, I; 100 Trying sent at once) and non-INVITE (J). Retransmission timers run
 * only on unreliable transports. Matching is by the top Via branch and the CSeq method (ACK of a
 * non-2xx final belongs to its INVITE's server transaction).
 */
import { parseCSeq, parseVia } from './fields';
import { SipHeaders, type SipMessage, type SipRequest, type SipResponse } from './message';

export interface Timers {
  t1: number;
  t2: number;
  t4: number;
}
export const DEFAULT_TIMERS: Timers = { t1: 500, t2: 4_000, t4: 5_000 };

type Send = (msg: SipMessage, onFail?: (err: Error) => void) => void;

/** A timer this late (ms) found the event loop busy: what came meanwhile is still unread. */
const LATE_MS = 5;

/**
 * A transaction timer: `fn` runs `ms` from now; if it fires late, only after the event loop has
 * read its sockets. Node runs expired timers before it polls for I/O, so after a busy stretch
 * (hundreds of calls starting, a loaded machine) a retransmission or time-out would be decided
 * while the answer that makes it moot waits unread: measured at 150 set-ups a second on a loaded
 * machine, INVITEs were resent whose 200 had come, and SIPp dropped those calls. Clearing the
 * timer after it fired does not stop a deferred `fn`: each checks the transaction's state first.
 */
function after(fn: () => void, ms: number): NodeJS.Timeout {
  const due = performance.now() + ms;
  return setTimeout(() => {
    if (performance.now() - due > LATE_MS) setImmediate(fn);
    else fn();
  }, ms);
}

export function branchOf(msg: SipMessage): string {
  const via = msg.headers.get('via');
  if (!via) return '';
  const b = parseVia(via).params.branch;
  return typeof b === 'string' ? b : '';
}

export function transactionKey(msg: SipMessage): string {
  const method = parseCSeq(msg.headers.get('cseq')).method;
  return `${branchOf(msg)}|${method === 'ACK' ? 'INVITE' : method}`;
}

/** An ACK for a non-2xx final response (RFC 3261 17.1.1.3): same branch, the response's To. */
export function ackForFailure(invite: SipRequest, res: SipResponse): SipRequest {
  const headers = new SipHeaders();
  headers.set('via', invite.headers.get('via')!);
  for (const r of invite.headers.getAll('route')) headers.append('route', r);
  headers.set('max-forwards', '70');
  headers.set('from', invite.headers.get('from')!);
  headers.set('to', res.headers.get('to')!);
  headers.set('call-id', invite.headers.get('call-id')!);
  headers.set('cseq', `${parseCSeq(invite.headers.get('cseq')).seq} ACK`);
  return { kind: 'request', method: 'ACK', uri: invite.uri, headers, body: new Uint8Array(0) };
}

export type ClientState = 'calling' | 'proceeding' | 'completed' | 'terminated';

export interface ClientCallbacks {
  onResponse(res: SipResponse): void;
  /** Timer B or F fired: no final response will come. */
  onTimeout(): void;
  /** The request could not be sent (connection refused, no route): no response will come. */
  onTransportError?(err: Error): void;
  onTerminated(): void;
}

export class ClientTransaction {
  state: ClientState = 'calling';
  readonly key: string;
  private timers: NodeJS.Timeout[] = [];
  private retransmitTimer?: NodeJS.Timeout;
  readonly isInvite: boolean;

  constructor(
    readonly request: SipRequest,
    private readonly send: Send,
    private readonly reliable: boolean,
    private readonly t: Timers,
    private readonly cb: ClientCallbacks,
  ) {
    this.key = transactionKey(request);
    this.isInvite = request.method === 'INVITE';
  }

  start(): void {
    this.send(this.request, (err) => {
      if (this.state !== 'calling') return;
      if (this.cb.onTransportError) this.cb.onTransportError(err);
      else this.cb.onTimeout();
      this.terminate();
    });
    if (!this.reliable) this.scheduleRetransmit(this.t.t1);
    // Timer B (INVITE) or F (non-INVITE): 64*T1.
    this.timers.push(
      after(() => {
        if (this.state === 'calling' || this.state === 'proceeding') {
          this.cb.onTimeout();
          this.terminate();
        }
      }, 64 * this.t.t1),
    );
  }

  private scheduleRetransmit(interval: number): void {
    this.retransmitTimer = after(() => {
      const again = this.isInvite
        ? this.state === 'calling'
        : this.state === 'calling' || this.state === 'proceeding';
      if (!again) return;
      this.send(this.request);
      // Timer A doubles without a cap; timer E doubles up to T2 (and stays at T2 once proceeding).
      const next = this.isInvite
        ? interval * 2
        : this.state === 'proceeding'
          ? this.t.t2
          : Math.min(interval * 2, this.t.t2);
      this.scheduleRetransmit(next);
    }, interval);
  }

  receive(res: SipResponse): void {
    if (this.state === 'terminated') return;
    if (res.status < 200) {
      if (this.state === 'calling' || this.state === 'proceeding') {
        this.state = 'proceeding';
        this.cb.onResponse(res);
      }
      return;
    }
    if (this.isInvite) {
      if (res.status < 300) {
        // 2xx: the transaction ends; the dialog sends the ACK (and answers retransmitted 2xx).
        if (this.state !== 'completed') this.cb.onResponse(res);
        this.terminate();
        return;
      }
      this.send(ackForFailure(this.request, res));
      if (this.state === 'completed') return; // a retransmitted final: ACK again only
      this.state = 'completed';
      this.clearRetransmit();
      this.cb.onResponse(res);
      // Timer D: absorb retransmitted finals for 32 s on UDP.
      this.timers.push(after(() => this.terminate(), this.reliable ? 0 : 32_000));
      return;
    }
    if (this.state === 'completed') return;
    this.state = 'completed';
    this.clearRetransmit();
    this.cb.onResponse(res);
    // Timer K: T4 on UDP.
    this.timers.push(after(() => this.terminate(), this.reliable ? 0 : this.t.t4));
  }

  private clearRetransmit(): void {
    if (this.retransmitTimer) clearTimeout(this.retransmitTimer);
    this.retransmitTimer = undefined;
  }

  terminate(): void {
    if (this.state === 'terminated') return;
    this.state = 'terminated';
    this.clearRetransmit();
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    this.cb.onTerminated();
  }
}

export type ServerState = 'proceeding' | 'completed' | 'confirmed' | 'terminated';

export class ServerTransaction {
  state: ServerState = 'proceeding';
  readonly key: string;
  lastResponse?: SipResponse;
  private timers: NodeJS.Timeout[] = [];
  readonly isInvite: boolean;

  constructor(
    readonly request: SipRequest,
    private readonly sendFn: Send,
    private readonly reliable: boolean,
    private readonly t: Timers,
    private readonly onTerminated: () => void,
  ) {
    this.key = transactionKey(request);
    this.isInvite = request.method === 'INVITE';
  }

  /** A retransmitted request (or the ACK of a failure) arrived. */
  receive(req: SipRequest): void {
    if (req.method === 'ACK') {
      if (this.state === 'completed') {
        this.state = 'confirmed';
        this.clear();
        // Timer I: T4 on UDP.
        this.timers.push(after(() => this.terminate(), this.reliable ? 0 : this.t.t4));
      }
      return;
    }
    if (this.lastResponse && (this.state === 'proceeding' || this.state === 'completed'))
      this.sendFn(this.lastResponse);
  }

  respond(res: SipResponse): void {
    if (this.state !== 'proceeding') return;
    this.lastResponse = res;
    this.sendFn(res);
    if (res.status < 200) return;
    if (this.isInvite && res.status < 300) {
      // 2xx: the transaction ends; the dialog retransmits the 2xx until the ACK.
      this.terminate();
      return;
    }
    this.state = 'completed';
    if (this.isInvite) {
      if (!this.reliable) this.scheduleG(this.t.t1);
      // Timer H: no ACK within 64*T1.
      this.timers.push(after(() => this.terminate(), 64 * this.t.t1));
    } else {
      // Timer J.
      this.timers.push(after(() => this.terminate(), this.reliable ? 0 : 64 * this.t.t1));
    }
  }

  private scheduleG(interval: number): void {
    this.timers.push(
      after(() => {
        if (this.state !== 'completed' || !this.lastResponse) return;
        this.sendFn(this.lastResponse);
        this.scheduleG(Math.min(interval * 2, this.t.t2));
      }, interval),
    );
  }

  private clear(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  terminate(): void {
    if (this.state === 'terminated') return;
    this.state = 'terminated';
    this.clear();
    this.onTerminated();
  }
}

/** A response to a request, copying Via, From, To (adding a tag), Call-ID and CSeq. */
export function makeResponse(req: SipRequest, status: number, reason: string, toTag?: string): SipResponse {
  const headers = new SipHeaders();
  for (const v of req.headers.getAll('via')) headers.append('via', v);
  headers.set('from', req.headers.get('from') ?? '');
  let to = req.headers.get('to') ?? '';
  if (toTag && !/;\s*tag=/i.test(to)) to = `${to};tag=${toTag}`;
  headers.set('to', to);
  headers.set('call-id', req.headers.get('call-id') ?? '');
  headers.set('cseq', req.headers.get('cseq') ?? '');
  return { kind: 'response', status, reason, headers, body: new Uint8Array(0) };
}
